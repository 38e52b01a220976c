// Matching requests to the OpenAPI operations.
//
// Matching works on the RAW path, segment by segment, and decodes a path parameter only after
// the split. So an id sent encoded (a%2Fb, %2E%2E, x%3Fy, x%23y) arrives whole at its route as
// a/b, .., x?y, x#y; while an unencoded '/' adds a segment and an unencoded '.' or '..' segment
// is resolved like a URL dot-segment (RFC 3986), so those land on another route or none.
import type { Handler } from '../state';

export const BASE_PATH = '/v1';

interface Route {
	method: string;
	template: string;
	operation: string;
	segments: Array<{ literal: string } | { param: string }>;
	handler: Handler;
}

export interface RouteMatch {
	operation: string;
	template: string;
	handler: Handler;
	params: Record<string, string>;
	/** Names of parameters whose percent-encoding was malformed (answered with 400). */
	badParams: string[];
}

export class Router {
	private readonly routes: Route[] = [];

	add(method: string, template: string, handler: Handler): void {
		const segments = template
			.split('/')
			.slice(1)
			.map((s) =>
				s.startsWith('{') && s.endsWith('}') ? { param: s.slice(1, -1) } : { literal: s },
			);
		this.routes.push({ method, template, operation: `${method} ${template}`, segments, handler });
	}

	get operations(): string[] {
		return this.routes.map((r) => r.operation);
	}

	/** rawPath is the full request path (with /v1), still percent-encoded, without the query. */
	match(method: string, rawPath: string): RouteMatch | null {
		const segments = resolveDotSegments(rawPath.split('/').slice(1));
		if (segments[0] !== BASE_PATH.slice(1)) return null;
		const rest = segments.slice(1);
		for (const route of this.routes) {
			if (route.method !== method || route.segments.length !== rest.length) continue;
			const params: Record<string, string> = {};
			const badParams: string[] = [];
			let ok = true;
			for (let i = 0; i < rest.length && ok; i++) {
				const seg = route.segments[i];
				if ('literal' in seg) {
					ok = seg.literal === rest[i];
				} else if (rest[i] === '') {
					ok = false; // an empty segment never names a resource
				} else {
					try {
						params[seg.param] = decodeURIComponent(rest[i]);
					} catch {
						params[seg.param] = rest[i];
						badParams.push(seg.param);
					}
				}
			}
			if (ok)
				return {
					operation: route.operation,
					template: route.template,
					handler: route.handler,
					params,
					badParams,
				};
		}
		return null;
	}
}

function resolveDotSegments(segments: string[]): string[] {
	const out: string[] = [];
	for (const s of segments) {
		if (s === '.') continue;
		if (s === '..') out.pop();
		else out.push(s);
	}
	return out;
}
