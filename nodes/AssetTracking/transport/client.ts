import { randomUUID } from 'crypto';
import { sleep } from 'n8n-workflow';
import type {
	IDataObject,
	IHttpRequestMethods,
	IHttpRequestOptions,
	IOAuth2Options,
} from 'n8n-workflow';

import { excerpt, requestError, toNodeApiError, type FailedAttempt } from './apiError';
import { BodyError, readBody, type BodyProblem, type ByteStream } from './body';
import type { RequestContext } from './context';
import { CredentialCache } from './credentialCache';
import { Deadline } from './deadline';
import { describeThrown, describeTokenFailure, lowerCaseHeaders } from './failures';
import { FirstTokenGate } from './firstToken';
import { buildPath, PathParameterError, type PathParams } from './paths';
import {
	decideRetry,
	DEFAULT_TRANSPORT_POLICY,
	NOT_RETRYABLE,
	type TransportPolicy,
} from './retryPolicy';
import { refusal } from './refusal';
import { shapeProblem, type ResponseShape } from './shape';

export const CREDENTIAL_TYPE = 'assetTrackingOAuth2Api';

/**
 * n8n's own refresh-and-repeat after a 401 sends the repeat with the first attempt's headers,
 * request-id included. The transport refreshes through helpers.refreshOAuth2Token instead (the
 * token still lives in the credential, under n8n's cross-process refresh lock) and repeats the
 * request itself with a new request-id.
 */
const OAUTH2_OPTIONS: IOAuth2Options = { skipTokenRefresh: true };

export type QueryValue = string | number | boolean | undefined;

export interface ApiRequest {
	method: IHttpRequestMethods;
	/** Path template relative to the base URL, as an endpoint of api/ gives it. */
	path: string;
	pathParams?: PathParams;
	qs?: Record<string, QueryValue>;
	body?: IDataObject | IDataObject[];
	/** The shape a successful body must have; any other is an error. Default: no check. */
	expect?: ResponseShape;
}

export interface ApiResponse<T> {
	status: number;
	body: T;
	requestId: string;
	/** The path as sent (ids encoded), for messages. */
	path: string;
}

interface StreamedResponse {
	statusCode: number;
	headers: Record<string, string | string[] | undefined>;
	body: ByteStream | string | undefined;
}

type Outcome<T> =
	| { ok: true; response: ApiResponse<T> }
	| { ok: false; failure: FailedAttempt; usedToken?: string };

/**
 * The one way every node talks to the service. It signs requests through the credential
 * (the token lives in the credential record), gives every attempt its own request-id, bounds
 * each attempt in time and size, retries what is safe to retry, and turns failures into errors
 * that say which request failed and how.
 *
 * One client lives for one execution or poll; nothing is kept in module memory.
 */
export class AssetTrackingClient {
	private baseUrl?: string;
	/** The credential's token endpoint without its query, to name it in errors. */
	private tokenUrl = 'the token endpoint';
	private readonly policy: TransportPolicy;
	/** While the credential has no token yet, one first fetch per process (see firstToken.ts). */
	private readonly firstToken: FirstTokenGate;
	/** The credential, read once for this client and again after its token changed. */
	private readonly credentials: CredentialCache;
	/** The service's clock (epoch ms) from the Date header of the first response that had one. */
	private firstDate: number | null = null;

	constructor(
		private readonly ctx: RequestContext,
		policy: Partial<TransportPolicy> = {},
	) {
		this.policy = { ...DEFAULT_TRANSPORT_POLICY, ...policy };
		this.firstToken = new FirstTokenGate(ctx, CREDENTIAL_TYPE);
		this.credentials = new CredentialCache(ctx, CREDENTIAL_TYPE);
	}

	get node() {
		return this.ctx.getNode();
	}

	/**
	 * The service's clock at this client's first answer (its Date header), or null when no answer
	 * carried one. The trigger measures silence by it, not by this machine's clock.
	 */
	get serviceTime(): number | null {
		return this.firstDate;
	}

	/** How many pages one list may read (paginate.ts). */
	get maxPages(): number {
		return this.policy.maxPages;
	}

	/**
	 * The value (an error, an output item) with every secret of the credential replaced, in every
	 * form a server may echo it (secrets.ts). Every error the client throws has been through it.
	 */
	redact<V>(value: V): V {
		return this.credentials.secrets.deep(value);
	}

	async request<T = IDataObject>(request: ApiRequest, itemIndex?: number): Promise<ApiResponse<T>> {
		try {
			return await this.send<T>(request, itemIndex);
		} catch (error) {
			throw this.redact(error);
		}
	}

	private async send<T>(request: ApiRequest, itemIndex?: number): Promise<ApiResponse<T>> {
		const url = await this.url(request, itemIndex);
		const path = url.slice((this.baseUrl ?? '').length);
		// After a 401 the next attempt first gets a new token; a failed token request is retried
		// as such, and the request (a POST included) goes out again only once a token is in.
		let refused: { token?: string; requestId: string } | undefined;
		let refreshed = false;
		for (let attempt = 0; ; attempt++) {
			let failure: FailedAttempt | undefined;
			if (refused) {
				failure = await this.refreshToken(refused.token, request.method, path, refused.requestId);
				if (!failure) refused = undefined;
			}
			if (!failure) {
				const outcome = await this.attempt<T>(request, url, path, randomUUID());
				if (outcome.ok) return this.checked(outcome.response, request, path);
				failure = outcome.failure;
				if (failure.status === 401 && !failure.tokenUrl && !refreshed) {
					// The token was refused: one new token, then the same request with a new id.
					refreshed = true;
					refused = { token: outcome.usedToken, requestId: failure.requestId };
					attempt--;
					continue;
				}
			}
			const decision = decideRetry(
				{
					status: failure.status,
					retryAfter: failure.headers['retry-after'],
					networkCode: failure.final ? undefined : failure.networkCode,
				},
				// The token request creates nothing, so it repeats like a read whatever the method.
				failure.tokenUrl ? 'GET' : request.method,
				attempt,
				this.policy,
				Date.now(),
			);
			if (!decision.retry) {
				const why =
					decision.reason === NOT_RETRYABLE ? undefined : `Not retried: ${decision.reason}`;
				throw toNodeApiError(this.node, failure, why);
			}
			this.ctx.logger.debug(
				`Asset Tracking ${request.method} ${path}: ${failure.status ?? failure.networkCode}, retry ${attempt + 1} in ${decision.waitMs} ms [request-id ${failure.requestId}]`,
			);
			await sleep(decision.waitMs);
		}
	}

	private async url(request: ApiRequest, itemIndex?: number): Promise<string> {
		if (this.baseUrl === undefined) {
			const credentials = await this.credentials.get();
			this.baseUrl = credentials.baseUrl;
			if (credentials.tokenUrl) this.tokenUrl = credentials.tokenUrl;
		}
		try {
			return this.baseUrl + buildPath(request.path, request.pathParams ?? {});
		} catch (error) {
			const message = error instanceof PathParameterError ? error.message : String(error);
			throw refusal(this.ctx.getNode(), message, { itemIndex });
		}
	}

	/** The response when its body has the shape the operation declared; a clear error otherwise. */
	private checked<T>(response: ApiResponse<T>, request: ApiRequest, path: string): ApiResponse<T> {
		const problem = request.expect && shapeProblem(request.expect, response.body);
		if (!problem) return response;
		throw requestError(
			this.node,
			{ method: request.method, path, requestId: response.requestId, status: response.status },
			problem,
			`The service answered: ${excerpt(JSON.stringify(response.body) ?? '')}. Nothing was output for this request.`,
		);
	}

	/**
	 * Sends one request signed with the credential's token. With a stored Bearer token the client
	 * signs it itself, as n8n's OAuth2 helper would, and sends it through n8n's plain request
	 * helper (same proxy, CA, SSRF and redirect handling; no credential read per request). Without
	 * one it is n8n's authenticated helper (a cold credential's first request goes alone), which
	 * fetches and stores the first token; the credential is then read again.
	 */
	private async dispatch(options: IHttpRequestOptions): Promise<StreamedResponse> {
		const { bearer } = await this.credentials.get();
		// The snapshot that had no token: a wave of cold requests reads the credential again once.
		const read = this.credentials.pending;
		if (bearer !== undefined) {
			(options.headers as IDataObject).Authorization = `Bearer ${bearer}`;
			// n8n's authenticated helper ties every request to the execution's cancel signal.
			const cancelled =
				'getExecutionCancelSignal' in this.ctx ? this.ctx.getExecutionCancelSignal() : undefined;
			if (cancelled)
				options.abortSignal = AbortSignal.any([options.abortSignal as AbortSignal, cancelled]);
			return (await this.ctx.helpers.httpRequest(options)) as StreamedResponse;
		}
		const response = (await this.firstToken.send(
			async () =>
				await this.ctx.helpers.httpRequestWithAuthentication.call(
					this.ctx,
					CREDENTIAL_TYPE,
					options,
					{ oauth2: OAUTH2_OPTIONS },
				),
		)) as StreamedResponse;
		await this.credentials.reload(read);
		return response;
	}

	/**
	 * One attempt under one deadline that covers the token, the wait for headers and the body:
	 * the parsed response on success, or what went wrong.
	 */
	private async attempt<T>(
		request: ApiRequest,
		url: string,
		path: string,
		requestId: string,
	): Promise<Outcome<T>> {
		const started = Date.now();
		const { timeoutMs, maxResponseBytes } = this.policy;
		// One timer for the whole attempt: the wait for headers and the body's read share it.
		const deadline = new Deadline(started + timeoutMs);
		// Ends the request when the attempt gives it up (no headers by the deadline, a body too large,
		// stalled or cut): its connection closes now, not when the server lets go.
		const giveUp = new AbortController();
		const cancel = () => giveUp.abort();
		const headers: IDataObject = { accept: 'application/json', 'request-id': requestId };
		const options: IHttpRequestOptions = {
			method: request.method,
			url,
			qs: dropUndefined(request.qs),
			headers,
			returnFullResponse: true,
			// Every status comes back as a response, with its body as a stream read under limits.
			ignoreHttpStatusErrors: true,
			encoding: 'stream',
			json: false,
			// A redirect comes back as the answer (apiError.ts names its target). Followed, n8n's
			// helper would copy the Authorization header to any origin and follow-redirects would
			// turn a POST answered 301/302 into a GET without its body.
			disableFollowRedirect: true,
			// axios' own timer (socket idle) is a backstop; the deadline below decides.
			timeout: timeoutMs + 1000,
			abortSignal: giveUp.signal,
		};
		// n8n's Request Options: its request helper applies both, as for its own nodes.
		if (this.policy.proxy) options.proxy = this.policy.proxy;
		if (this.policy.skipSslCertificateValidation) options.skipSslCertificateValidation = true;
		if (request.body !== undefined) {
			options.body = JSON.stringify(request.body);
			headers['content-type'] = 'application/json';
		}
		const base = { method: request.method, path, requestId, headers: {} };
		const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
		let response: StreamedResponse | 'timeout';
		try {
			response = await withDeadline(this.dispatch(options), deadline);
		} catch (error) {
			return { ok: false, failure: describeThrown(error, base, this.tokenUrl) };
		}
		if (response === 'timeout') {
			cancel();
			return {
				ok: false,
				failure: {
					...base,
					networkCode: 'ETIMEDOUT',
					problem: `timeout: no response within ${seconds()} (Timeout ${timeoutMs / 1000} s)`,
				},
			};
		}
		const responseHeaders = lowerCaseHeaders(response.headers);
		const status = response.statusCode;
		if (this.firstDate === null && typeof responseHeaders.date === 'string') {
			const date = Date.parse(responseHeaders.date);
			if (!Number.isNaN(date)) this.firstDate = date;
		}
		let text: string;
		try {
			text = await readText(response.body, {
				deadline,
				maxBytes: maxResponseBytes,
				cancel,
				expectedBytes: responseHeaders['content-encoding']
					? undefined
					: contentLength(responseHeaders['content-length']),
			});
		} catch (error) {
			const problem: BodyProblem =
				error instanceof BodyError
					? error.problem
					: { kind: 'truncated', bytes: 0, cause: String(error) };
			const failure: FailedAttempt = { ...base, headers: responseHeaders };
			if (problem.kind === 'tooLarge') {
				failure.final = true;
				failure.networkCode = 'ETOOLARGE';
				failure.problem = `${status} with a body larger than the maximum response size of ${formatBytes(maxResponseBytes)} (${formatBytes(problem.bytes)} or more)`;
			} else if (problem.kind === 'stalled') {
				failure.networkCode = 'ETIMEDOUT';
				failure.problem = `timeout: ${status} but the body stalled after ${problem.bytes} bytes (${seconds()}, Timeout ${timeoutMs / 1000} s)`;
			} else {
				failure.networkCode = 'ECONNRESET';
				failure.problem = `${status} but the connection closed after ${problem.bytes}${problem.expected !== undefined ? ` of ${problem.expected}` : ''} bytes of the body (truncated)`;
				failure.networkMessage = problem.cause;
			}
			return { ok: false, failure };
		}
		const usedToken = bearerOf(headers);
		const parsed = parseJson(text);
		if (status >= 200 && status < 300) {
			if (parsed.ok) {
				// Without a declared shape an empty body reads as {} (the callers that peek into it).
				const body = parsed.value === undefined && !request.expect ? {} : parsed.value;
				return { ok: true, response: { status, body: body as T, requestId, path } };
			}
			// A success whose body is not JSON was cut short or mangled on the way: a network failure.
			return {
				ok: false,
				failure: {
					...base,
					headers: responseHeaders,
					networkCode: 'EBADBODY',
					problem: `${status} with a body that is not complete JSON (truncated or mangled)`,
					body: text,
				},
			};
		}
		return {
			ok: false,
			usedToken,
			failure: {
				...base,
				status,
				headers: responseHeaders,
				body: parsed.ok ? parsed.value : text,
			},
		};
	}

	/**
	 * Gets a new token after a 401, unless another execution already stored a different one
	 * (then the repeat uses that). n8n's refresh runs under its cross-process lock and writes the
	 * token back to the credential. Returns the failure when the token request failed.
	 */
	private async refreshToken(
		usedToken: string | undefined,
		method: string,
		path: string,
		requestId: string,
	): Promise<FailedAttempt | undefined> {
		try {
			const credentials = await this.ctx.getCredentials<{
				oauthTokenData?: { access_token?: string };
			}>(CREDENTIAL_TYPE);
			this.credentials.learn(credentials);
			if (usedToken && credentials.oauthTokenData?.access_token !== usedToken) {
				// Another execution stored a new token: the repeat and the requests after it use it.
				await this.credentials.reload();
				return undefined;
			}
			// n8n refreshes under its lock across processes, skipping the token request when the stored
			// token differs from the one it was handed, which it reads itself: a token another
			// process stored after the read above would be handed over as the refused one, and
			// refreshed a second time. So it is handed the token this request actually used.
			const refusedContext = Object.create(this.ctx, {
				getCredentials: {
					value: async () =>
						usedToken === undefined
							? credentials
							: {
									...credentials,
									oauthTokenData: { ...credentials.oauthTokenData, access_token: usedToken },
								},
				},
			}) as RequestContext;
			await this.ctx.helpers.refreshOAuth2Token.call(
				refusedContext,
				CREDENTIAL_TYPE,
				OAUTH2_OPTIONS,
			);
			// n8n stored the new token in the credential: sign with it from now on.
			await this.credentials.reload();
			return undefined;
		} catch (error) {
			return describeTokenFailure(error, { method, path, requestId, headers: {} }, this.tokenUrl);
		}
	}
}

/** The response, or 'timeout' at the deadline; a response that arrives later is dropped. */
async function withDeadline(
	promise: Promise<StreamedResponse>,
	deadline: Deadline,
): Promise<StreamedResponse | 'timeout'> {
	let cancel = () => {};
	const expired = new Promise<'timeout'>((resolve) => {
		cancel = deadline.onExpiry(() => resolve('timeout'));
	});
	const result = await Promise.race([promise, expired]);
	cancel();
	if (result === 'timeout') {
		// Whatever arrives later is dropped, and its socket with it.
		promise.then(
			(late) => (typeof late.body === 'object' ? late.body.destroy() : undefined),
			() => undefined,
		);
	}
	return result;
}

async function readText(
	body: StreamedResponse['body'],
	limits: Parameters<typeof readBody>[1],
): Promise<string> {
	if (body === undefined || body === null) return '';
	if (typeof body === 'string') return body;
	return (await readBody(body, limits)).toString('utf8');
}

function contentLength(value: string | undefined): number | undefined {
	if (value === undefined || !/^\d+$/.test(value.trim())) return undefined;
	return Number(value);
}

function formatBytes(bytes: number): string {
	return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : `${bytes} bytes`;
}

/** The access token n8n signed this request with (it writes the header into our options). */
function bearerOf(headers: IDataObject): string | undefined {
	const value = headers.Authorization ?? headers.authorization;
	return typeof value === 'string' && /^Bearer /i.test(value) ? value.slice(7) : undefined;
}

function dropUndefined(qs: Record<string, QueryValue> | undefined): IDataObject | undefined {
	if (!qs) return undefined;
	const out: IDataObject = {};
	for (const [key, value] of Object.entries(qs)) {
		if (value !== undefined && value !== '') out[key] = String(value);
	}
	return out;
}

type Parsed = { ok: true; value: unknown } | { ok: false };

/** An empty body parses to undefined: whether that is acceptable is the shape check's call. */
function parseJson(text: string): Parsed {
	if (text.trim() === '') return { ok: true, value: undefined };
	try {
		return { ok: true, value: JSON.parse(text) };
	} catch {
		return { ok: false };
	}
}
