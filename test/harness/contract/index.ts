// Contract checker: does a recorded exchange follow the OpenAPI (as patched by overlay.ts)?
// Checks the request (path params, query params, body) and the response (status documented
// for the operation, body against its schema). Fault-injected exchanges are skipped: they are
// the test's doing, not the service's. Each violation is one line starting with the exchange.
import type { Exchange } from '../../../simulator/types';
import { contract, type ParamCheck } from './openapi';
import type { ValidateFn } from './ajv';

export { OVERLAY } from './overlay';
export { OPENAPI_PATH } from './openapi';

/** The token endpoint is not part of the OpenAPI document. */
const TOKEN_OPERATION = 'POST /oauth2/token';
/** Statuses a request that matched no operation may get: unauthenticated, or unknown route. */
const UNROUTED_STATUSES = new Set([401, 404]);
const MAX_ERRORS_PER_CHECK = 5;

function describeErrors(where: string, fn: ValidateFn): string[] {
	const errors = fn.errors ?? [];
	const lines = errors
		.slice(0, MAX_ERRORS_PER_CHECK)
		.map(
			(e) =>
				`${where}${e.instancePath} ${e.message ?? 'is invalid'}${e.params && 'allowedValues' in e.params ? ` (${JSON.stringify(e.params.allowedValues)})` : ''}`,
		);
	if (errors.length > MAX_ERRORS_PER_CHECK)
		lines.push(`${where}: ${errors.length - MAX_ERRORS_PER_CHECK} more errors`);
	return lines;
}

/** What went over the wire: JSON round trip, so undefined-valued keys vanish as they did in transit. */
function asSent(body: unknown): unknown {
	return body === undefined ? undefined : JSON.parse(JSON.stringify(body));
}

function checkParam(kind: string, p: ParamCheck, value: string | undefined): string[] {
	if (value === undefined)
		return p.required ? [`request: ${kind} parameter ${p.name} is required`] : [];
	if (kind === 'path' && value === '') return [`request: path parameter ${p.name} is empty`];
	return p.validate(value)
		? []
		: describeErrors(`request: ${kind} parameter ${p.name}`, p.validate);
}

export function validateExchange(ex: Exchange): string[] {
	if (ex.injected || ex.operation === TOKEN_OPERATION) return [];
	const label = `${ex.method} ${ex.rawPath}${ex.rawQuery ? '?' + ex.rawQuery : ''} -> ${ex.status}`;
	const c = contract();
	const body = asSent(ex.responseBody);
	const out: string[] = [];

	if (ex.operation === null) {
		if (!UNROUTED_STATUSES.has(ex.status))
			out.push(`response: status ${ex.status} for a request that matches no operation`);
		if (!c.errorResponse(body))
			out.push(...describeErrors('response: error body', c.errorResponse));
		return out.map((v) => `${label}: ${v}`);
	}
	const op = c.operations.get(ex.operation);
	if (!op) return [`${label}: operation ${ex.operation} is not in the OpenAPI`];

	for (const p of op.pathParams) out.push(...checkParam('path', p, ex.pathParams[p.name]));
	for (const [name, value] of Object.entries(ex.query)) {
		const p = op.queryParams.get(name);
		if (!p) out.push(`request: query parameter ${name} is not documented for ${op.operation}`);
		else out.push(...checkParam('query', p, value));
	}
	for (const p of op.queryParams.values())
		if (p.required && ex.query[p.name] === undefined)
			out.push(`request: query parameter ${p.name} is required`);
	if (op.body) {
		if (ex.requestBody === undefined) {
			if (op.body.required) out.push('request: a JSON body is required');
		} else if (!op.body.validate(ex.requestBody)) {
			out.push(...describeErrors('request: body', op.body.validate));
		}
	} else if (ex.requestBody !== undefined) {
		out.push('request: the operation takes no body');
	}

	const res = op.responses.get(String(ex.status));
	if (!res) {
		out.push(
			`response: status ${ex.status} is not documented for ${op.operation} (documented: ${[...op.responses.keys()].join(', ')})`,
		);
	} else if (res.validate === null) {
		if (body !== undefined)
			out.push(`response: status ${ex.status} is documented without a body, but one was sent`);
	} else {
		if (body === undefined) out.push('response: a JSON body is required');
		else if (!res.validate(body)) out.push(...describeErrors('response: body', res.validate));
		const type = ex.responseHeaders['content-type'] ?? '';
		if (!type.startsWith('application/json'))
			out.push(`response: content-type is "${type}", not application/json`);
	}
	return out.map((v) => `${label}: ${v}`);
}

export function validateExchanges(exchanges: readonly Exchange[]): string[] {
	return exchanges.flatMap((ex) => validateExchange(ex));
}
