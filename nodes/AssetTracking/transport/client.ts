import { randomUUID } from 'crypto';
import { NodeOperationError, sleep } from 'n8n-workflow';
import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';

import { toNodeApiError, type FailedAttempt } from './apiError';
import { FirstTokenGate } from './firstToken';
import { buildPath, PathParameterError, type PathParams } from './paths';
import { decideRetry, DEFAULT_RETRY_POLICY, type RetryPolicy } from './retryPolicy';

export const CREDENTIAL_TYPE = 'assetTrackingOAuth2Api';

export type RequestContext = IExecuteFunctions | IPollFunctions | ILoadOptionsFunctions;

export type QueryValue = string | number | boolean | undefined;

export interface ApiRequest {
	method: IHttpRequestMethods;
	/** Path template relative to the base URL, e.g. `/assets/{assetId}`. */
	path: string;
	pathParams?: PathParams;
	qs?: Record<string, QueryValue>;
	body?: IDataObject | IDataObject[];
}

export interface ApiResponse<T> {
	status: number;
	body: T;
	requestId: string;
}

interface FullResponse {
	statusCode: number;
	headers: Record<string, string | string[] | undefined>;
	body: unknown;
}

/**
 * The one way every node talks to the service. It signs requests through the credential
 * (n8n fetches and refreshes the OAuth token), gives each request its own request-id, retries
 * what is safe to retry, and turns failures into errors that say what happened.
 *
 * One client lives for one execution or poll; nothing is kept in module memory.
 */
export class AssetTrackingClient {
	private baseUrl?: string;
	/** While the credential has no token yet, one first fetch per process (see firstToken.ts). */
	private readonly firstToken: FirstTokenGate;

	constructor(
		private readonly ctx: RequestContext,
		private readonly policy: RetryPolicy = DEFAULT_RETRY_POLICY,
		/** Waits between attempts; tests may pass a recording clock. */
		private readonly wait: (ms: number) => Promise<void> = sleep,
	) {
		this.firstToken = new FirstTokenGate(ctx, CREDENTIAL_TYPE);
	}

	get node() {
		return this.ctx.getNode();
	}

	async request<T = IDataObject>(request: ApiRequest, itemIndex?: number): Promise<ApiResponse<T>> {
		const url = await this.url(request, itemIndex);
		const path = url.slice((this.baseUrl ?? '').length);
		for (let attempt = 0; ; attempt++) {
			const requestId = randomUUID();
			const outcome = await this.attempt<T>(request, url, path, requestId);
			if (outcome.ok) return outcome.response;
			const { failure } = outcome;
			const decision = decideRetry(
				{
					status: failure.status,
					retryAfter: failure.headers['retry-after'],
					networkCode: failure.networkCode,
				},
				request.method,
				attempt,
				this.policy,
				Date.now(),
			);
			if (!decision.retry) {
				const why =
					attempt > 0 || decision.reason.startsWith('the service asked')
						? decision.reason
						: undefined;
				throw toNodeApiError(this.ctx.getNode(), failure, why ? `Not retried: ${why}` : undefined);
			}
			this.ctx.logger.debug(
				`Asset Tracking ${request.method} ${path}: ${failure.status ?? failure.networkCode}, retry ${attempt + 1} in ${decision.waitMs} ms [request-id ${requestId}]`,
			);
			await this.wait(decision.waitMs);
		}
	}

	private async url(request: ApiRequest, itemIndex?: number): Promise<string> {
		if (this.baseUrl === undefined) {
			const credentials = await this.ctx.getCredentials<{ baseUrl: string }>(CREDENTIAL_TYPE);
			this.baseUrl = String(credentials.baseUrl ?? '').replace(/\/+$/, '');
		}
		try {
			return this.baseUrl + buildPath(request.path, request.pathParams ?? {});
		} catch (error) {
			const message = error instanceof PathParameterError ? error.message : String(error);
			throw new NodeOperationError(this.ctx.getNode(), message, { itemIndex });
		}
	}

	/** One attempt: the parsed response on success, or what went wrong. */
	private async attempt<T>(
		request: ApiRequest,
		url: string,
		path: string,
		requestId: string,
	): Promise<{ ok: true; response: ApiResponse<T> } | { ok: false; failure: FailedAttempt }> {
		const options: IHttpRequestOptions = {
			method: request.method,
			url,
			qs: dropUndefined(request.qs),
			headers: { accept: 'application/json', 'request-id': requestId },
			returnFullResponse: true,
			// Parse JSON ourselves: a truncated body must give a clear error, not a crash.
			json: false,
			encoding: 'text',
		};
		if (request.body !== undefined) {
			options.body = JSON.stringify(request.body);
			options.headers!['content-type'] = 'application/json';
		}
		let response: FullResponse;
		try {
			response = (await this.firstToken.send(
				async () =>
					await this.ctx.helpers.httpRequestWithAuthentication.call(this.ctx, CREDENTIAL_TYPE, options),
			)) as FullResponse;
		} catch (error) {
			return { ok: false, failure: describeFailure(error, request.method, path, requestId) };
		}
		const parsed = parseJsonBody(response.body);
		if (parsed.ok) {
			return {
				ok: true,
				response: { status: response.statusCode, body: parsed.value as T, requestId },
			};
		}
		const failure: FailedAttempt = {
			method: request.method,
			path,
			requestId,
			status: response.statusCode,
			headers: {},
			body: parsed.text,
		};
		return { ok: false, failure };
	}
}

function dropUndefined(qs: Record<string, QueryValue> | undefined): IDataObject | undefined {
	if (!qs) return undefined;
	const out: IDataObject = {};
	for (const [key, value] of Object.entries(qs)) {
		if (value !== undefined && value !== '') out[key] = String(value);
	}
	return out;
}

type Parsed = { ok: true; value: unknown } | { ok: false; text: string };

function parseJsonBody(body: unknown): Parsed {
	if (body === undefined || body === null || body === '') return { ok: true, value: {} };
	if (typeof body === 'object' && !Buffer.isBuffer(body)) return { ok: true, value: body };
	const text = Buffer.isBuffer(body) ? body.toString('utf8') : String(body);
	try {
		return { ok: true, value: JSON.parse(text) };
	} catch {
		return { ok: false, text: text.length > 0 ? text : '(empty body)' };
	}
}

function lowerCaseHeaders(headers: unknown): Record<string, string> {
	const out: Record<string, string> = {};
	if (!headers || typeof headers !== 'object') return out;
	for (const [key, value] of Object.entries(headers as Record<string, unknown>)) {
		if (value !== undefined)
			out[key.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
	}
	return out;
}

/** Reads status, headers and body from whatever n8n's request helper threw. */
function describeFailure(
	error: unknown,
	method: string,
	path: string,
	requestId: string,
): FailedAttempt {
	const outer = error as { cause?: unknown; httpCode?: string | null };
	const cause = (outer.cause ?? error) as {
		response?: { status?: number; headers?: unknown; data?: unknown };
		code?: string;
		message?: string;
	};
	const response = cause.response;
	if (response?.status !== undefined) {
		const body = parseJsonBody(response.data);
		return {
			method,
			path,
			requestId,
			status: response.status,
			headers: lowerCaseHeaders(response.headers),
			body: body.ok ? body.value : body.text,
		};
	}
	return {
		method,
		path,
		requestId,
		headers: {},
		networkCode: cause.code ?? 'ENETWORK',
		networkMessage: cause.message,
	};
}
