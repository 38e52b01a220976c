import { NodeApiError } from 'n8n-workflow';
import type { Failure, INode, JsonObject } from 'n8n-workflow';

import { parseRetryAfter } from './retryPolicy';

/** One element of the service's `errors[]` body (spec, Errors part). */
export interface ServiceErrorEntry {
	code?: string;
	id?: string;
	detail?: string;
	title?: string;
	status?: string;
}

/** What one failed attempt looked like on the wire, stripped of anything secret. */
export interface FailedAttempt {
	method: string;
	path: string;
	requestId: string;
	status?: number;
	headers: Record<string, string>;
	/** Parsed JSON body, the raw text when it was not JSON, or undefined. */
	body?: unknown;
	/** Set when no usable response arrived: ETIMEDOUT, ECONNRESET, EBADBODY, ... */
	networkCode?: string;
	/** What happened, in words, when it was not an HTTP status ("no response within 30 s"). */
	problem?: string;
	/** Low-level detail for the description (the socket error, the token endpoint's words). */
	networkMessage?: string;
	/** Set when the token exchange failed rather than the request itself: its URL. */
	tokenUrl?: string;
	/** Not worth repeating whatever the method (a response over the size limit). */
	final?: boolean;
}

const SECRET_KEYS =
	/((?:access_token|refresh_token|client_secret|clientSecret|id_token|password)["']?\s*[:=]\s*["']?)[^\s"'&,}]+/gi;

/** Removes bearer/basic credentials and token or secret values from any text we surface. */
function redact(text: string): string {
	return text
		.replace(/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 [redacted]')
		.replace(SECRET_KEYS, '$1[redacted]');
}

/** `redact` applied to every string inside a JSON value, keys that name a secret blanked. */
function redactDeep(value: unknown, depth = 0): unknown {
	if (typeof value === 'string') return redact(value);
	if (value === null || typeof value !== 'object' || depth > 8) return value;
	if (Array.isArray(value)) return value.map((v) => redactDeep(v, depth + 1));
	const out: Record<string, unknown> = {};
	for (const [key, v] of Object.entries(value)) {
		out[key] = /token|secret|password|authorization/i.test(key)
			? '[redacted]'
			: redactDeep(v, depth + 1);
	}
	return out;
}

/** A short, redacted quote of a body for an error: what the service actually sent. */
export function excerpt(body: unknown, max = 200): string {
	if (body === undefined || body === '') return '(empty body)';
	const text = typeof body === 'string' ? body : JSON.stringify(body);
	const short = text.length > max ? `${text.slice(0, max)}…` : text;
	return redact(short);
}

function serviceErrors(body: unknown): ServiceErrorEntry[] {
	if (body && typeof body === 'object' && Array.isArray((body as { errors?: unknown }).errors)) {
		return (body as { errors: unknown[] }).errors.filter(
			(e): e is ServiceErrorEntry => !!e && typeof e === 'object',
		);
	}
	return [];
}

function describeBody(body: unknown): string | undefined {
	const entries = serviceErrors(body);
	if (entries.length > 0) {
		return entries
			.map(
				(e) => [e.title, e.detail].filter(Boolean).join(': ') + (e.code ? ` (code ${e.code})` : ''),
			)
			.join('; ');
	}
	if (body !== undefined && body !== '') {
		return `The service answered with a body that is not the expected JSON error: ${excerpt(body)}`;
	}
	return undefined;
}

/** The part after "failed:": the status with the service's words, or what went wrong instead. */
function whatHappened(failed: FailedAttempt, first: ServiceErrorEntry): string {
	if (failed.status === undefined) return failed.problem ?? `no response (${failed.networkCode})`;
	const status = `${failed.status}${first.title ? ` ${first.title}` : ''}`;
	return (
		(failed.problem ? `${status}: ${failed.problem}` : status) +
		(first.detail ? ` - ${first.detail}` : '') +
		(first.code ? ` (code ${first.code})` : '')
	);
}

/**
 * Turns a failed request into the NodeApiError n8n shows: the message says in one line which
 * request failed and how (status, title, detail, code or the network problem) with the
 * request-id; the description holds the detail and what to do.
 *
 * n8n's NodeApiError swaps a message for stock text when it contains a word it knows (ECONNRESET,
 * ENOENT, ...) or when no message is given for an HTTP code; ours is set after construction, so
 * it always survives. Everything n8n keeps of the error (message, description, errorResponse,
 * context; there is no cause) is built here from redacted values only.
 */
export function toNodeApiError(node: INode, failed: FailedAttempt, extra?: string): NodeApiError {
	const entries = serviceErrors(failed.body).map((e) => redactDeep(e) as ServiceErrorEntry);
	const first = entries[0] ?? {};
	const what = failed.tokenUrl
		? `token request to ${failed.tokenUrl} failed: ${whatHappened(failed, first)}`
		: whatHappened(failed, first);
	const message = redact(
		`Asset Tracking ${failed.method} ${failed.path} failed: ${what} [request-id ${failed.requestId}]`,
	);
	const detail = describeBody(failed.body) ?? failed.networkMessage;
	const description = redact(
		[detail, extra, hintFor(failed)].filter((part) => part && part.length > 0).join('. '),
	);
	const errorResponse = {
		method: failed.method,
		path: failed.path,
		status: failed.status ?? null,
		requestId: failed.requestId,
		errors: entries,
		...(failed.tokenUrl ? { tokenUrl: failed.tokenUrl } : {}),
		...(failed.networkCode ? { code: failed.networkCode } : {}),
	};
	return withMessage(
		new NodeApiError(node, errorResponse as unknown as JsonObject, {
			message,
			description,
			httpCode: failed.status !== undefined ? String(failed.status) : undefined,
			failure: failureOf(failed),
		}),
		message,
		description,
		{ requestId: failed.requestId, status: failed.status, code: first.code },
	);
}

/**
 * Why a request failed, as n8n-workflow's `failure` declares it (n8n's poll scheduler waits a
 * timed cause out and backs an actionable one off). The request's retries are behind it: this is
 * what outlived them. A cancelled execution declares nothing: nothing failed at the source.
 */
function failureOf(failed: FailedAttempt, nowMs = Date.now()): Failure | undefined {
	const { status, networkCode } = failed;
	if (networkCode === 'ECANCELED') return undefined;
	if (status === 429) {
		const retryAfterMs = parseRetryAfter(failed.headers['retry-after'], nowMs);
		return retryAfterMs === undefined
			? { cause: 'rate-limited' }
			: { cause: 'rate-limited', retryAfterMs };
	}
	if (failed.tokenUrl) {
		// The token endpoint refused the client, or answered without a token: the credential.
		const refused = failed.final || (status !== undefined && status < 500);
		return { cause: refused ? 'credential-invalid' : 'temporarily-unavailable' };
	}
	// An answer over Max Response Size: the setting, not the service, decides.
	if (networkCode === 'ETOOLARGE') return { cause: 'configuration-invalid' };
	if (status === undefined || status >= 500) return { cause: 'temporarily-unavailable' };
	if (status === 401) return { cause: 'credential-invalid' };
	// 400, 403, 404, 409, 422 and redirects: the input, the ids or the Base URL need changing.
	return { cause: 'configuration-invalid' };
}

/**
 * A NodeApiError for a request whose answer arrived but cannot be used (wrong shape, a batch
 * answered with the wrong count, paging that never ends): the same message form as every other
 * failure of a request. The service is at fault (`temporarily-unavailable`) unless the node's
 * own setting stopped it (Max Pages: `configuration-invalid`).
 */
export function requestError(
	node: INode,
	request: { method: string; path: string; requestId: string; status?: number },
	problem: string,
	description: string,
	cause: 'temporarily-unavailable' | 'configuration-invalid' = 'temporarily-unavailable',
): NodeApiError {
	const status = request.status !== undefined ? `${request.status}: ` : '';
	const message = redact(
		`Asset Tracking ${request.method} ${request.path} failed: ${status}${problem} [request-id ${request.requestId}]`,
	);
	const errorResponse = {
		method: request.method,
		path: request.path,
		status: request.status ?? null,
		requestId: request.requestId,
	};
	return withMessage(
		new NodeApiError(node, errorResponse as JsonObject, {
			message,
			description,
			httpCode: request.status !== undefined ? String(request.status) : undefined,
			failure: { cause },
		}),
		message,
		redact(description),
		{ requestId: request.requestId, status: request.status },
	);
}

/**
 * A 404 of a request for one object, said in words as n8n's own nodes say it ("The asset
 * AAAA… was not found"); the description is the request's line (method, path, status, the
 * service's words, request-id) and what to check, and the error's fields stay as they were.
 */
export function asNotFound(error: NodeApiError, thing: string, id: string): NodeApiError {
	const request = error.message;
	error.message = redact(`The ${thing} ${id} was not found`);
	error.description = `${request}. Check the ${thing} ID: the service does not know it`;
	return error;
}

/** Puts our message and description back after NodeApiError's constructor may have swapped them. */
function withMessage(
	error: NodeApiError,
	message: string,
	description: string,
	context: { requestId: string; status?: number; code?: string },
): NodeApiError {
	error.message = message;
	error.description = description.length > 0 ? description : undefined;
	error.messages = [];
	error.context.requestId = context.requestId;
	error.context.status = context.status;
	if (context.code) error.context.code = context.code;
	return error;
}

function hintFor(failed: FailedAttempt): string | undefined {
	if (failed.networkCode === 'ENOTOKEN')
		return 'Check the Token Host URL of the credential: the address answered, but not with a token. Nothing was sent to the service';
	if (failed.tokenUrl) {
		const refused =
			failed.final || (failed.status !== undefined && failed.status < 500 && failed.status !== 429);
		return refused
			? 'Check the Token Host URL, Client ID and Client Secret of the credential'
			: 'The token endpoint did not give a token; nothing was sent to the service';
	}
	if (failed.networkCode === 'ETIMEDOUT')
		return 'Raise "Timeout (Seconds)" in the node options if the service is slow rather than stalled';
	if (failed.status !== undefined && failed.status >= 300 && failed.status < 400) {
		const location = failed.headers.location;
		const target = typeof location === 'string' && location !== '' ? ` to ${location}` : '';
		return `The service redirected${target}. Redirects are not followed, so the token stays with the service and no request is sent on elsewhere: if the service has moved, set the Base URL of the credential to its new address`;
	}
	switch (failed.status) {
		case 401:
			return 'The service refused the token even after a new one was fetched; check the Client ID, Client Secret and Scope of the credential';
		case 403:
			return 'The credential has no permission for this resource; check the workspace and the scope';
		case 404:
			return 'Check the id: the service does not know it';
		case 429:
			return 'The service is rate limiting; raise "Max Retries" or "Max Retry Wait" in the node options, or poll less often';
		default:
			return undefined;
	}
}
