/**
 * What the OpenAPI (openapi.d.ts, generated from spec/openapi-1.3.11.yml) says of one endpoint,
 * read at the type level: which methods a path has, which query parameters a method takes, and
 * what its success answers. Types only: nothing here exists at run time.
 */
import type { paths } from './openapi';

type LowerMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** A path template of the service, exactly as the OpenAPI spells it. */
export type ServicePath = keyof paths;

/** The methods the OpenAPI has on a path, spelled as n8n spells them ('GET'). */
export type MethodOn<P extends ServicePath> = {
	[M in LowerMethod]: [NonNullable<paths[P][M]>] extends [never] ? never : Uppercase<M>;
}[LowerMethod];

type OperationOf<P extends ServicePath, M extends string> = NonNullable<
	paths[P][Lowercase<M> & LowerMethod]
>;

/** The query parameters the OpenAPI gives a method of a path. */
export type QueryOf<P extends ServicePath, M extends string> =
	OperationOf<P, M> extends { parameters: { query?: infer Q } }
		? keyof NonNullable<Q> & string
		: never;

type JsonBody<R> = R extends { content: { 'application/json': infer B } } ? B : undefined;

/** The body of a success (200, else 201; undefined for a 204). */
export type SuccessOf<P extends ServicePath, M extends string> =
	OperationOf<P, M> extends { responses: infer R }
		? 200 extends keyof R
			? JsonBody<R[200]>
			: 201 extends keyof R
				? JsonBody<R[201]>
				: undefined
		: never;

/** The shape such a body has, as the transport checks it (transport/shape.ts). */
export type ShapeOf<B> = [B] extends [undefined]
	? 'none'
	: B extends { items: unknown[] }
		? 'page'
		: 'object';
