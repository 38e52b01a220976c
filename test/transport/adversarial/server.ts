/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, import-x/no-duplicates -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// A deliberately misbehaving Asset Tracking service, written for these tests and independent of
// the simulator: each test scripts what the token endpoint and the API answer, byte for byte —
// stalls, truncated bodies, resets, lying bodies, endless pages, oversized answers, echoed
// secrets. It records every request it received so tests can count them.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';

export interface Received {
	method: string;
	/** Path and query, as received. */
	url: string;
	path: string;
	requestId?: string;
	authorization?: string;
	body: string;
}

export type Handler = (req: Received, res: ServerResponse, nth: number) => void | Promise<void>;

export const CLIENT_ID = 'adversary-client';
export const CLIENT_KEY_TEXT = 'adversary-secret-value';

/** A token endpoint that behaves: a new bearer token per request. */
export const goodToken: Handler = (_req, res, nth) =>
	json(res, 200, { access_token: `tok-${nth}-Zq9`, token_type: 'bearer', expires_in: 3600 });

export function json(
	res: ServerResponse,
	status: number,
	body: unknown,
	headers: Record<string, string> = {},
) {
	const text = body === undefined ? '' : JSON.stringify(body);
	res.writeHead(status, {
		'content-type': 'application/json',
		'content-length': String(Buffer.byteLength(text)),
		...headers,
	});
	res.end(text);
}

export function serviceError(
	res: ServerResponse,
	status: number,
	detail: string,
	title = 'Bad Request',
) {
	json(res, status, {
		errors: [{ status: String(status), title, detail, code: 'InvalidRequest' }],
	});
}

export class AdversarialServer {
	readonly received: Received[] = [];
	readonly tokenRequests: Received[] = [];
	/** What the API answers; the default is 404 for everything. */
	api: Handler = (_req, res) => serviceError(res, 404, 'No such route', 'Not Found');
	token: Handler = goodToken;
	private readonly server = createServer((req, res) => void this.handle(req, res));
	private readonly sockets = new Set<Socket>();
	private port = 0;
	/**
	 * Each test talks to the server under its own path prefix (/g<n>), so a request that an
	 * earlier test's client still had in flight (a POST whose deadline passed before it was
	 * written, say) cannot be counted as this test's: it lands in `strays` instead.
	 */
	private generation = 0;
	readonly strays: Received[] = [];
	/** The client secret the credential holds (a test may choose one with special characters). */
	clientSecret = CLIENT_KEY_TEXT;

	async start(): Promise<this> {
		this.server.on('connection', (socket) => {
			this.sockets.add(socket);
			socket.on('close', () => this.sockets.delete(socket));
		});
		await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
		this.port = (this.server.address() as AddressInfo).port;
		return this;
	}

	async stop(): Promise<void> {
		for (const socket of this.sockets) socket.destroy();
		await new Promise<void>((resolve) => this.server.close(() => resolve()));
	}

	/**
	 * Resolves once no client connection is open: a client that gave up a response must close its
	 * connection itself, not leave it for the server to drop (with it left open this never
	 * resolves, and the test waiting for it fails at its timeout).
	 */
	async connectionsClosed(): Promise<void> {
		await Promise.all(
			[...this.sockets].map(
				(socket) =>
					new Promise<void>((resolve) =>
						socket.destroyed ? resolve() : socket.once('close', () => resolve()),
					),
			),
		);
	}

	/** A new path prefix for the next test: what earlier tests still send is kept apart. */
	nextGeneration(): void {
		this.generation++;
		this.received.length = 0;
		this.tokenRequests.length = 0;
		// Stalled answers of earlier tests have served their purpose.
		for (const socket of this.sockets) socket.destroy();
	}

	/** Forget what was received and answer as scripted from now on. */
	script(api: Handler, token: Handler = goodToken) {
		this.received.length = 0;
		this.tokenRequests.length = 0;
		this.api = api;
		this.token = token;
	}

	get endpoint() {
		return {
			baseUrl: `http://127.0.0.1:${this.port}/g${this.generation}/v1`,
			authUrl: `http://127.0.0.1:${this.port}/g${this.generation}`,
			clientId: CLIENT_ID,
			clientSecret: this.clientSecret,
		};
	}

	get tokenUrl() {
		return `http://127.0.0.1:${this.port}/g${this.generation}/oauth2/token`;
	}

	/** Waits until `count` requests with this method arrived, or `ms` passed. */
	async arrived(method: string, count: number, ms: number): Promise<void> {
		const until = Date.now() + ms;
		while (this.count(method) < count && Date.now() < until)
			await new Promise((resolve) => setTimeout(resolve, 50));
	}

	/** Requests to the API (token requests apart) with this method. */
	count(method?: string): number {
		return this.received.filter((r) => !method || r.method === method).length;
	}

	private async handle(req: IncomingMessage, res: ServerResponse) {
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		const prefixed = /^\/g(\d+)(\/.*)?$/.exec(req.url ?? '/');
		const url = prefixed?.[2] ?? '/';
		const received: Received = {
			method: req.method ?? 'GET',
			url,
			path: url.split('?')[0],
			requestId: req.headers['request-id'] as string | undefined,
			authorization: req.headers.authorization,
			body: Buffer.concat(chunks).toString('utf8'),
		};
		if (Number(prefixed?.[1]) !== this.generation) {
			this.strays.push(received);
			serviceError(res, 410, 'This request belongs to an earlier test', 'Gone');
			return;
		}
		if (received.path === '/oauth2/token') {
			this.tokenRequests.push(received);
			await this.token(received, res, this.tokenRequests.length);
			return;
		}
		this.received.push(received);
		await this.api(received, res, this.received.length);
	}
}

/** Headers sent, then nothing: the body never comes (the socket stays open until the test ends). */
export const stallAfterHeaders: Handler = (_req, res) => {
	res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
	res.write('{"items":[');
};

/** Nothing at all: no status line, no headers. */
export const stallBeforeHeaders: Handler = () => undefined;

/** A body cut short by a clean close (FIN) after the headers promised more. */
export const truncatedByCleanClose: Handler = (_req, res) => {
	res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
	res.write('{"items":[{"id":"6f1c2a3e-0000-4000-8000-000000000001","name":"Cut');
	setTimeout(() => res.socket?.end(), 20);
};

/** A body cut short by a reset (RST) mid-way. */
export const resetMidBody: Handler = (_req, res) => {
	res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
	res.write('{"items":[{"id":"6f1c2a3e-0000-4000-8000-000000000001"');
	setTimeout(() => res.socket?.resetAndDestroy(), 20);
};
