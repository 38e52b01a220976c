/**
 * Builds request paths from the templates of api/, such as `/things/{thingId}/parts/{partId}`.
 *
 * Every parameter is percent-encoded as one path segment, so an id like `a/b`, `x?y` or `x#y`
 * can only ever reach the route it was meant for. A parameter that is only dots cannot be sent
 * at all: URL parsers fold `.`/`..` segments (even encoded as %2E) into the parent path.
 */
export type PathParams = Record<string, string | number>;

export class PathParameterError extends Error {
	constructor(
		readonly parameter: string,
		rule: string,
	) {
		super(`Path parameter "${parameter}" ${rule}`);
	}
}

function encodePathSegment(value: string): string {
	// encodeURIComponent leaves ! ' ( ) * unescaped; they are legal in a path segment.
	return encodeURIComponent(value);
}

export function buildPath(template: string, params: PathParams): string {
	return template.replace(/\{(\w+)\}/g, (_, name: string) => {
		const raw = params[name];
		if (raw === undefined || raw === '') throw new PathParameterError(name, 'is required');
		const value = String(raw);
		if (/^\.+$/.test(value)) throw new PathParameterError(name, 'cannot consist of dots only');
		return encodePathSegment(value);
	});
}
