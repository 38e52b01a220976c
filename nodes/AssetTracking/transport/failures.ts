import type { FailedAttempt } from './apiError';

/**
 * Reads what n8n's request helper threw. With every HTTP status returned as a response, what is
 * thrown is either a broken connection or a failed token exchange (n8n fetches the first token
 * inside the request helper and wraps its failure as "Failed to acquire OAuth2 access token").
 */

type Base = Pick<FailedAttempt, 'method' | 'path' | 'requestId' | 'headers'>;

interface ErrorLike {
	message?: string;
	code?: string;
	cause?: unknown;
	/** axios */
	response?: { status?: number; headers?: unknown; data?: unknown };
	config?: { url?: string };
	/** @n8n/client-oauth2's ResponseError and AuthError */
	status?: number;
	body?: unknown;
}

/** The error and its causes, outermost first. */
function chain(error: unknown): ErrorLike[] {
	const out: ErrorLike[] = [];
	let current: unknown = error;
	while (current && typeof current === 'object' && out.length < 8 && !out.includes(current)) {
		out.push(current as ErrorLike);
		current = (current as ErrorLike).cause;
	}
	return out;
}

const TOKEN_FAILURE = /Failed to acquire OAuth2 access token/i;
/**
 * n8n's OAuth2 client takes a 2xx token answer without `access_token` as a token and only fails
 * when it signs the request with it. The answer's headers are gone by then, so the token
 * endpoint's own request-id cannot be quoted; the message carries this attempt's request-id.
 */
const ANSWER_WITHOUT_TOKEN = /Unable to sign without access token/i;

export function describeThrown(error: unknown, base: Base, tokenUrl: string): FailedAttempt {
	const links = chain(error);
	if (links.some((link) => ANSWER_WITHOUT_TOKEN.test(link.message ?? ''))) {
		return {
			...base,
			tokenUrl: tokenUrl.replace(/[?#].*$/, ''),
			networkCode: 'ENOTOKEN',
			problem: 'the token endpoint answered 200 without access_token',
			// A well-formed answer without a token is the endpoint's configuration, not a glitch.
			final: true,
		};
	}
	if (links.some((link) => TOKEN_FAILURE.test(link.message ?? ''))) {
		return describeTokenFailure(error, base, tokenUrl);
	}
	const coded = links.find((link) => typeof link.code === 'string' && /^E[A-Z_]+$/.test(link.code));
	const code = coded?.code ?? 'ENETWORK';
	const aborted = links.some((link) => link.code === 'ERR_CANCELED');
	return {
		...base,
		networkCode: aborted ? 'ECANCELED' : code,
		problem: aborted ? 'the execution was cancelled' : `no response: ${messageFor(code)} (${code})`,
		networkMessage: links.map((link) => link.message).find(Boolean),
		// A cancelled execution is not a network failure to retry.
		final: aborted,
	};
}

/** A failed token exchange, named as such, with the token endpoint's status and words. */
export function describeTokenFailure(
	error: unknown,
	base: Base,
	configuredUrl: string,
): FailedAttempt {
	const links = chain(error);
	const withStatus = links.find(
		(link) => typeof link.response?.status === 'number' || typeof link.status === 'number',
	);
	const status = withStatus?.response?.status ?? withStatus?.status;
	const body = withStatus?.response?.data ?? links.find((link) => link.body !== undefined)?.body;
	const url = links.map((link) => link.config?.url).find(Boolean) ?? configuredUrl;
	const refusal = links.find((link) => link.code === 'EAUTH');
	const coded = links.find((link) => typeof link.code === 'string' && /^E[A-Z_]+$/.test(link.code));
	const innermost = links[links.length - 1];
	return {
		...base,
		headers: lowerCaseHeaders(withStatus?.response?.headers),
		tokenUrl: url.replace(/[?#].*$/, ''),
		status: typeof status === 'number' && status >= 400 ? status : undefined,
		networkCode: coded?.code ?? 'ETOKEN',
		problem: refusal
			? `the client was refused: ${refusal.message}`
			: typeof status === 'number' && status < 400
				? `${status} without a token`
				: status === undefined
					? `no token (${coded?.code ?? innermost?.message ?? 'unknown error'})`
					: undefined,
		body: tokenBody(body),
		networkMessage: innermost?.message,
		// The endpoint refused the client (invalid_client, ...): repeating cannot help.
		final: refusal !== undefined,
	};
}

/** The token endpoint's answer as text for the description (HTML, JSON error, ...). */
function tokenBody(body: unknown): unknown {
	if (body === undefined || body === null) return undefined;
	if (typeof body === 'string') {
		try {
			const parsed: unknown = JSON.parse(body);
			return typeof parsed === 'object' && parsed !== null && 'errors' in parsed ? parsed : body;
		} catch {
			return body;
		}
	}
	return JSON.stringify(body);
}

export function lowerCaseHeaders(headers: unknown): Record<string, string> {
	const out: Record<string, string> = {};
	if (!headers || typeof headers !== 'object') return out;
	for (const [key, value] of Object.entries(headers as Record<string, unknown>)) {
		if (value !== undefined && value !== null)
			out[key.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
	}
	return out;
}

function messageFor(code: string): string {
	switch (code) {
		case 'ECONNREFUSED':
			return 'the connection was refused';
		case 'ECONNRESET':
			return 'the connection was reset';
		case 'ENOTFOUND':
		case 'EAI_AGAIN':
			return 'the host name could not be resolved';
		case 'ETIMEDOUT':
		case 'ECONNABORTED':
			return 'the connection timed out';
		default:
			return 'the connection failed';
	}
}
