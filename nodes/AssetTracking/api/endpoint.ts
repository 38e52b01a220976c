import type { IHttpRequestMethods } from 'n8n-workflow';

import type { ApiRequest, ResponseShape } from '../transport';
import type { AsSpecified } from './deviations';
import type { MethodOn, QueryOf, ServicePath, ShapeOf, SuccessOf } from './schema';

/** One endpoint of the service: how to call it, and what a success answers. */
export interface Endpoint<Body = unknown> {
	readonly method: IHttpRequestMethods;
	/** Path template relative to the base URL; transport/paths.ts fills and encodes it. */
	readonly path: string;
	/** The `{name}` parameters of the path, in order. */
	readonly pathParams: readonly string[];
	/** The query parameters the service takes. */
	readonly query: readonly string[];
	/** What a success holds: an object, a `{ items }` page, or nothing (204). */
	readonly response: ResponseShape;
	/**
	 * Type only, never set: the body of a success as the OpenAPI types it, with the spec's
	 * deviations applied (deviations.ts). Read it with `BodyOf<typeof endpoint>`.
	 */
	readonly body?: Body;
}

/** The body a success of an endpoint answers. */
export type BodyOf<E> = E extends Endpoint<infer B> ? B : never;

/** One element of the `{ items }` page an endpoint answers. */
export type ItemOf<E> = BodyOf<E> extends { items: Array<infer I> } ? I : never;

/**
 * An answer as it arrives, before its decoder has checked it: the fields the OpenAPI names (a
 * misspelt one does not compile), each of unknown value, since the service may not keep to it.
 */
export type Unchecked<T> = { [K in keyof T]?: unknown };

/**
 * Declares an endpoint. The compiler checks it against the OpenAPI: the path must be one of its
 * paths, the method one it has there, each query parameter one it names, and the response shape
 * the one its success has; the body type comes from there too.
 */
export function defineEndpoint<P extends ServicePath, M extends MethodOn<P>>(endpoint: {
	method: M;
	path: P;
	query: ReadonlyArray<QueryOf<P, M>>;
	response: ShapeOf<SuccessOf<P, M>>;
}): Endpoint<AsSpecified<SuccessOf<P, M>>> {
	return {
		...endpoint,
		pathParams: [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]),
	};
}

/** A request to an endpoint: its method and path, with the caller's parameters and body. */
export function requestTo(
	endpoint: Endpoint,
	parts: Omit<ApiRequest, 'method' | 'path'> = {},
): ApiRequest {
	return { method: endpoint.method, path: endpoint.path, ...parts };
}
