/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// The HTTP front: reads a request, runs it through faults -> auth -> routing -> handler, and
// writes and records the response. Plain node:http; binds 127.0.0.1 only.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Socket } from 'node:net';
import { TOKEN_PROBLEM_DETAIL, type TokenService } from '../auth';
import { ApiError, errorBody } from '../errors';
import type { FaultInjector } from '../faults';
import type { Recorder } from '../recorder';
import type { SimState } from '../state';
import type { Exchange } from '../types';
import { BASE_PATH, type Router } from './router';

export const TOKEN_PATH = '/oauth2/token';
const MAX_BODY_BYTES = 32 * 1024 * 1024;
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export interface ServerDeps {
	router: Router;
	state: SimState;
	tokens: TokenService;
	faults: FaultInjector;
	recorder: Recorder;
	latencyMs: () => number;
	tokenLatencyMs: () => number;
	/** Observer of raw token requests (tests assert the exact request the spec describes). */
	onTokenRequest: () => ((request: TokenRequestInfo) => void) | null;
}

export interface TokenRequestInfo {
	method: string;
	/** Path and query exactly as received. */
	url: string;
	headers: Record<string, string>;
	body: string;
}

interface Reply {
	status: number;
	body?: unknown;
	headers?: Record<string, string>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function flattenHeaders(h: http.IncomingHttpHeaders): Record<string, string> {
	const out: Record<string, string> = {};
	for (const [k, v] of Object.entries(h))
		if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
	return out;
}

function parseQuery(rawQuery: string): Record<string, string> {
	const out: Record<string, string> = {};
	// URLSearchParams decodes like a form: '+' becomes a space. A client that sends the hostile
	// nextToken without percent-encoding its '+' therefore gets a 400, as it would in production.
	for (const [k, v] of new URLSearchParams(rawQuery)) out[k] = v;
	return out;
}

function readBody(req: http.IncomingMessage): Promise<Buffer | null> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		req.on('data', (c: Buffer) => {
			size += c.length;
			if (size <= MAX_BODY_BYTES) chunks.push(c);
		});
		req.on('end', () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks)));
		req.on('error', reject);
	});
}

const errorReply = (
	status: number,
	detail: string,
	code?: string,
	headers?: Record<string, string>,
): Reply => ({
	status,
	body: errorBody(status, detail, code),
	headers,
});

export class SimServer {
	private readonly server: http.Server;
	private readonly sockets = new Set<Socket>();

	constructor(private readonly deps: ServerDeps) {
		this.server = http.createServer((req, res) => {
			this.handle(req, res).catch((err) => {
				console.error('simulator: unexpected failure', err);
				if (!res.headersSent) res.writeHead(500).end();
			});
		});
		// Root cause of the flaky contract test (`read ECONNRESET`): Node's server closes an idle
		// keep-alive socket after 5 s, about when undici (4 s hint minus its threshold, ticked by
		// a 1 s timer) and Node's agent (5 s) give it up. Under CPU load, or after a long
		// synchronous check between two requests, both timers come due together, the client
		// writes its next request into the socket and the server's timer then closes it. A real
		// service idles connections out after about a minute (load balancers: 60 s); so does the
		// simulator now, far beyond any client's idle timeout, so the client always closes first.
		this.server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
		this.server.on('connection', (socket) => {
			this.sockets.add(socket);
			socket.on('close', () => this.sockets.delete(socket));
		});
	}

	listen(port: number): Promise<number> {
		return new Promise((resolve, reject) => {
			this.server.once('error', reject);
			this.server.listen(port, '127.0.0.1', () => {
				this.server.off('error', reject);
				resolve((this.server.address() as { port: number }).port);
			});
		});
	}

	/** Closes the listener and every socket, keep-alive ones included, right away. */
	close(): Promise<void> {
		return new Promise((resolve) => {
			this.server.close(() => resolve());
			for (const s of this.sockets) s.destroy();
			this.server.closeAllConnections();
		});
	}

	private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
		const url = req.url ?? '/';
		const q = url.indexOf('?');
		const rawPath = q < 0 ? url : url.slice(0, q);
		const rawQuery = q < 0 ? '' : url.slice(q + 1);
		const method = (req.method ?? 'GET').toUpperCase();
		const headers = flattenHeaders(req.headers);
		const requestId = headers['request-id'] || randomUUID();
		const body = await readBody(req);
		const bodyText = body ? body.toString('utf8') : '';
		const isToken = rawPath === TOKEN_PATH;
		if (isToken)
			this.deps.onTokenRequest()?.({ method, url, headers: { ...headers }, body: bodyText });
		const match = isToken ? null : this.deps.router.match(method, rawPath);
		const operation = isToken ? `POST ${TOKEN_PATH}` : (match?.operation ?? null);
		this.deps.recorder.count(match?.operation ?? null, isToken);

		const exchange: Exchange = {
			operation,
			method,
			rawPath,
			rawQuery,
			pathParams: match?.params ?? {},
			query: parseQuery(rawQuery),
			headers,
			requestBody: this.deps.recorder.enabled ? parseRecordedBody(bodyText) : undefined,
			status: 0,
			responseHeaders: {},
			responseBody: undefined,
			injected: false,
		};

		const fault = this.deps.faults.take({
			method,
			rawPath,
			relativePath: rawPath.startsWith(BASE_PATH + '/') ? rawPath.slice(BASE_PATH.length) : rawPath,
			operationTemplate: isToken ? TOKEN_PATH : (match?.template ?? null),
			token: isToken,
		});
		const latency = isToken ? this.deps.tokenLatencyMs() : this.deps.latencyMs();
		if (latency > 0) await sleep(latency);

		let reply: Reply;
		if (fault) {
			exchange.injected = true;
			if (fault.drop) {
				req.socket.destroy();
				this.deps.recorder.record(exchange);
				return;
			}
			reply = errorReply(
				fault.status,
				'Injected fault',
				undefined,
				fault.retryAfter !== undefined ? { 'retry-after': fault.retryAfter } : {},
			);
		} else if (body === null) {
			reply = errorReply(413, 'The request body is too large');
		} else if (isToken) {
			reply =
				method === 'POST'
					? this.deps.tokens.tokenRequest(rawQuery, headers, bodyText)
					: errorReply(404, 'Use POST on the token endpoint');
		} else {
			reply = this.api(method, rawPath, match, headers, exchange.query, bodyText);
		}
		this.send(res, reply, requestId, exchange);
	}

	private api(
		method: string,
		rawPath: string,
		match: ReturnType<Router['match']>,
		headers: Record<string, string>,
		query: Record<string, string>,
		bodyText: string,
	): Reply {
		const problem = this.deps.tokens.check(headers.authorization);
		if (problem)
			return errorReply(
				401,
				TOKEN_PROBLEM_DETAIL[problem],
				problem === 'missing' ? 'MissingToken' : 'InvalidToken',
				{ 'www-authenticate': 'Bearer' },
			);
		if (!match) return errorReply(404, `No operation matches ${method} ${rawPath}`);
		// What the schedule says has happened by now is in the store before the answer is made.
		this.deps.state.timeline.applyDue(this.deps.state.clock.now());
		if (match.badParams.length > 0)
			return errorReply(400, `${match.badParams.join(', ')} is not valid percent-encoding`);
		let body: unknown;
		if (bodyText.trim() !== '') {
			try {
				body = JSON.parse(bodyText);
			} catch {
				return errorReply(400, 'The request body is not valid JSON');
			}
		}
		try {
			return match.handler({
				state: this.deps.state,
				operation: match.operation,
				params: match.params,
				query,
				body,
			});
		} catch (err) {
			if (err instanceof ApiError) return errorReply(err.status, err.detail, err.code, err.headers);
			console.error('simulator: handler failed', err);
			return errorReply(500, 'The simulator failed to handle the request');
		}
	}

	private send(
		res: http.ServerResponse,
		reply: Reply,
		requestId: string,
		exchange: Exchange,
	): void {
		// The service's clock, not this machine's: Node would otherwise send Date from the real clock,
		// and the trigger takes its poll time from this header.
		const offsetMs = this.deps.state.opts.dateOffsetMinutes * 60_000;
		const date = new Date(this.deps.state.clock.now() + offsetMs).toUTCString();
		const headers: Record<string, string> = {
			date,
			'request-id': requestId,
			...(reply.headers ?? {}),
		};
		let payload: string | undefined;
		if (reply.body !== undefined && reply.status !== 204) {
			payload = JSON.stringify(reply.body);
			headers['content-type'] = 'application/json';
			headers['content-length'] = String(Buffer.byteLength(payload));
		}
		res.writeHead(reply.status, headers);
		res.end(payload);
		exchange.status = reply.status;
		exchange.responseHeaders = headers;
		exchange.responseBody = reply.status === 204 ? undefined : reply.body;
		this.deps.recorder.record(exchange);
	}
}

function parseRecordedBody(text: string): unknown {
	if (text === '') return undefined;
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}
