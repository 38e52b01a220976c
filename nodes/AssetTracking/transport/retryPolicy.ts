import type { IHttpRequestOptions } from 'n8n-workflow';

/**
 * When to try a request again and how long to wait first.
 *
 * Modelled on Stripe's client: capped exponential backoff with full jitter, and the server's
 * Retry-After hint honoured when it gives one. Only requests that are safe to repeat are retried
 * after a server error or a broken connection: a POST or PATCH that may have reached the server
 * could otherwise create or change something twice.
 */

export interface RetryPolicy {
	/** Retries after the first attempt. */
	maxRetries: number;
	/** Longest single wait, in milliseconds, whether computed or asked for by Retry-After. */
	maxWaitMs: number;
	/** First backoff step, in milliseconds; it doubles per attempt up to maxWaitMs. */
	baseDelayMs: number;
}

const DEFAULT_RETRY_POLICY: RetryPolicy = {
	maxRetries: 4,
	maxWaitMs: 30_000,
	baseDelayMs: 500,
};

/**
 * Bounds on one attempt (how long it may take in all, how large its body may be) and on one
 * paged list (how many pages it may take).
 */
export interface RequestLimits {
	/** Covers the token, the wait for headers and the whole body of one attempt. */
	timeoutMs: number;
	maxResponseBytes: number;
	/** Pages one list may read before it stops with an error (Return All over an endless list). */
	maxPages: number;
}

/**
 * How requests reach the service, from n8n's Request Options (which n8n gives every node without
 * execute()): a proxy, and whether a certificate that does not verify is accepted.
 */
export interface Connection {
	proxy?: IHttpRequestOptions['proxy'];
	skipSslCertificateValidation?: boolean;
}

export type TransportPolicy = RetryPolicy & RequestLimits & Connection;

/**
 * 30 s per attempt: the service's largest answer is a page of 10,000 elements, which the
 * simulator serves in well under a second and a real service over a slow link in a few seconds;
 * 30 s leaves a wide margin while a stalled GET still fails within 5 × 30 s + 7.5 s of backoff.
 * 256 MiB: the largest page the simulator serves is ~8 MiB (10,000 assets of up to 840 bytes
 * each, with label and newest readings); 30 times that leaves room for richer real assets while
 * a runaway answer still stops long before it fills a worker's memory.
 * 200 pages: 2,000,000 elements in pages of 10,000, twice the largest `total` the spec allows
 * (1,000,000); n8n cannot hold many more items (its HTTP Request node's output crashes n8n at
 * around 300,000 in our runs), so a list that goes on past this is broken, not long.
 */
const DEFAULT_REQUEST_LIMITS: RequestLimits = {
	timeoutMs: 30_000,
	maxResponseBytes: 256 * 1024 * 1024,
	maxPages: 200,
};

export const DEFAULT_TRANSPORT_POLICY: TransportPolicy = {
	...DEFAULT_RETRY_POLICY,
	...DEFAULT_REQUEST_LIMITS,
};

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/** Network errors raised before a byte left the machine: repeating them is safe for any method. */
const NOT_SENT_CODES = new Set([
	'ECONNREFUSED',
	'ENOTFOUND',
	'EAI_AGAIN',
	'EHOSTUNREACH',
	'ENETUNREACH',
]);

export interface AttemptFailure {
	/** HTTP status, or undefined when no response arrived. */
	status?: number;
	/** Raw Retry-After header, if the response had one. */
	retryAfter?: string;
	/** Node's network error code (ECONNRESET, ...), when no response arrived. */
	networkCode?: string;
}

/** The reason given for a failure no policy repeats (a 404, a 400): not worth telling the user. */
export const NOT_RETRYABLE = 'not a retryable failure';

export type RetryDecision = { retry: false; reason: string } | { retry: true; waitMs: number };

/** Parses Retry-After as delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
	if (value === undefined || value.trim() === '') return undefined;
	const trimmed = value.trim();
	if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
	const date = Date.parse(trimmed);
	if (Number.isNaN(date)) return undefined;
	return Math.max(0, date - nowMs);
}

/** Full jitter: a random wait between 0 and the capped exponential step. */
export function backoffMs(
	attempt: number,
	policy: RetryPolicy,
	random: () => number = Math.random,
): number {
	const step = Math.min(policy.maxWaitMs, policy.baseDelayMs * 2 ** attempt);
	return Math.round(step * random());
}

export function decideRetry(
	failure: AttemptFailure,
	method: string,
	attempt: number,
	policy: RetryPolicy,
	nowMs: number,
	random: () => number = Math.random,
): RetryDecision {
	if (attempt >= policy.maxRetries)
		return { retry: false, reason: `gave up after ${attempt + 1} attempts` };

	const { status, networkCode } = failure;
	const idempotent = IDEMPOTENT_METHODS.has(method.toUpperCase());

	if (status === 429) {
		// The service refused the request before acting on it, so any method may repeat it.
		const hinted = parseRetryAfter(failure.retryAfter, nowMs);
		if (hinted !== undefined) {
			if (hinted > policy.maxWaitMs) {
				return {
					retry: false,
					reason: `the service asked to wait ${Math.ceil(hinted / 1000)} s, longer than the maximum wait of ${Math.ceil(policy.maxWaitMs / 1000)} s`,
				};
			}
			return { retry: true, waitMs: hinted };
		}
		return { retry: true, waitMs: backoffMs(attempt, policy, random) };
	}

	if (status !== undefined && status >= 500) {
		if (!idempotent)
			return { retry: false, reason: `${method} is not retried after a server error` };
		return { retry: true, waitMs: backoffMs(attempt, policy, random) };
	}

	if (status === undefined && networkCode !== undefined) {
		if (!idempotent && !NOT_SENT_CODES.has(networkCode)) {
			return {
				retry: false,
				reason: `${method} may have reached the service before the connection broke`,
			};
		}
		return { retry: true, waitMs: backoffMs(attempt, policy, random) };
	}

	return { retry: false, reason: NOT_RETRYABLE };
}
