/**
 * The shapes a successful response of the service can have (OpenAPI 1.3.11): an object (a
 * Get, Update, Link...), a list page `{ items: [...] }` (lists, and the creates that answer
 * with the created elements), or nothing (the deletes answered 204). Each operation declares its
 * shape; a body of any other shape is an error, never something to guess an output from.
 */
export type ResponseShape = 'object' | 'page' | 'none';

/** Why a body does not have the declared shape, or undefined when it does. */
export function shapeProblem(shape: ResponseShape, body: unknown): string | undefined {
	if (shape === 'none') return undefined;
	const isObject = body !== null && typeof body === 'object' && !Array.isArray(body);
	if (shape === 'object') {
		return isObject && Object.keys(body).length > 0
			? undefined
			: 'the service answered without the object this operation returns';
	}
	return isObject && Array.isArray((body as { items?: unknown }).items)
		? undefined
		: 'the service answered without the "items" list this operation returns';
}
