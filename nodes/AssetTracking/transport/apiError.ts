import { NodeApiError } from 'n8n-workflow';
import type { INode, JsonObject } from 'n8n-workflow';

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
	networkCode?: string;
	networkMessage?: string;
}

/** Removes bearer/basic credentials and token or secret values from any text we surface. */
export function redact(text: string): string {
	return text
		.replace(/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 [redacted]')
		.replace(
			/((?:access_token|refresh_token|client_secret|clientSecret|id_token)["']?\s*[:=]\s*["']?)[^\s"'&,}]+/gi,
			'$1[redacted]',
		);
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
	if (typeof body === 'string' && body.length > 0) {
		const snippet = body.length > 200 ? `${body.slice(0, 200)}…` : body;
		return `The service answered with a body that is not the expected JSON error: ${snippet}`;
	}
	return undefined;
}

/**
 * Turns a failed request into the NodeApiError n8n shows: the message says what happened in
 * one line (status, title, detail, code and request-id), the description says what to do.
 */
export function toNodeApiError(node: INode, failed: FailedAttempt, extra?: string): NodeApiError {
	const entries = serviceErrors(failed.body);
	const first = entries[0] ?? {};
	const what =
		failed.status !== undefined
			? `${failed.status}${first.title ? ` ${first.title}` : ''}`
			: `No response (${failed.networkCode ?? 'network error'})`;
	const detail = describeBody(failed.body) ?? failed.networkMessage;
	const message = redact(
		`Asset Tracking ${failed.method} ${failed.path} failed: ${what}${first.detail ? ` - ${first.detail}` : ''}` +
			`${first.code ? ` (code ${first.code})` : ''} [request-id ${failed.requestId}]`,
	);
	const description = redact(
		[detail, extra, hintFor(failed.status)].filter((part) => part && part.length > 0).join('. '),
	);
	const error = new NodeApiError(
		node,
		{
			status: failed.status,
			requestId: failed.requestId,
			errors: entries,
		} as unknown as JsonObject,
		{
			message,
			description,
			httpCode: failed.status !== undefined ? String(failed.status) : undefined,
		},
	);
	error.context.requestId = failed.requestId;
	error.context.status = failed.status;
	if (first.code) error.context.code = first.code;
	return error;
}

function hintFor(status: number | undefined): string | undefined {
	switch (status) {
		case 401:
			return 'Check the Client ID and Client Secret of the credential';
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
