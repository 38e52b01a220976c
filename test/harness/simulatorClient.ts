// A minimal undici client that tests use to call the simulator directly, with no n8n in between:
// gets a token the way the spec says and sends requests with the path exactly as given (callers
// encode ids).
import { request } from 'undici';

export interface SimEndpoint {
	baseUrl: string;
	authUrl: string;
	clientId: string;
	clientSecret: string;
}

/** Response bodies are whatever JSON the test expects; tests read them loosely. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJson = any;

export interface SimResponse<T = AnyJson> {
	status: number;
	headers: Record<string, string>;
	body: T;
	text: string;
}

export interface RequestOptions {
	query?: Record<string, string>;
	body?: unknown;
	headers?: Record<string, string>;
	/** Explicit token; null sends no Authorization header. Default: a cached client token. */
	token?: string | null;
}

function flat(headers: Record<string, string | string[] | undefined>): Record<string, string> {
	const out: Record<string, string> = {};
	for (const [k, v] of Object.entries(headers))
		if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
	return out;
}

/** key=value pairs, each percent-encoded with encodeURIComponent (so '+' travels as %2B). */
export function encodeQuery(query: Record<string, string>): string {
	return Object.entries(query)
		.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
		.join('&');
}

export class SimClient {
	private cachedToken: string | null = null;

	constructor(private readonly endpoint: SimEndpoint) {}

	async fetchToken(): Promise<string> {
		const basic = Buffer.from(`${this.endpoint.clientId}:${this.endpoint.clientSecret}`).toString(
			'base64',
		);
		const res = await request(
			`${this.endpoint.authUrl}/oauth2/token?grant_type=client_credentials`,
			{
				method: 'POST',
				headers: {
					authorization: `Basic ${basic}`,
					'content-type': 'application/x-www-form-urlencoded',
				},
				body: 'grant_type=client_credentials',
			},
		);
		const body = (await res.body.json()) as { access_token?: string };
		if (res.statusCode !== 200 || !body.access_token)
			throw new Error(`token request failed: ${res.statusCode}`);
		this.cachedToken = body.access_token;
		return body.access_token;
	}

	async token(): Promise<string> {
		return this.cachedToken ?? this.fetchToken();
	}

	/** path is appended to baseUrl as given, e.g. `/assets/${encodeURIComponent(id)}`. */
	async send<T = AnyJson>(
		method: string,
		path: string,
		opts: RequestOptions = {},
	): Promise<SimResponse<T>> {
		const token = opts.token === undefined ? await this.token() : opts.token;
		const headers: Record<string, string> = { ...(opts.headers ?? {}) };
		if (token !== null) headers.authorization = `Bearer ${token}`;
		let payload: string | undefined;
		if (opts.body !== undefined) {
			payload = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
			headers['content-type'] ??= 'application/json';
		}
		const qs = opts.query ? encodeQuery(opts.query) : '';
		const res = await request(this.endpoint.baseUrl + path + (qs ? `?${qs}` : ''), {
			method: method as 'GET',
			headers,
			body: payload,
		});
		const text = await res.body.text();
		let body: unknown = undefined;
		if (text !== '') {
			try {
				body = JSON.parse(text);
			} catch {
				body = text;
			}
		}
		return { status: res.statusCode, headers: flat(res.headers), body: body as T, text };
	}

	get<T = AnyJson>(path: string, opts?: RequestOptions) {
		return this.send<T>('GET', path, opts);
	}

	/** Follows nextToken until the end; returns every item and the tokens seen. */
	async getAll<T = AnyJson>(
		path: string,
		query: Record<string, string> = {},
	): Promise<{ items: T[]; tokens: string[] }> {
		const items: T[] = [];
		const tokens: string[] = [];
		let nextToken: string | undefined;
		do {
			const res = await this.get<{ items: T[]; nextToken?: string }>(path, {
				query: nextToken ? { ...query, nextToken } : query,
			});
			if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${res.text}`);
			items.push(...res.body.items);
			nextToken = res.body.nextToken;
			if (nextToken) tokens.push(nextToken);
		} while (nextToken);
		return { items, tokens };
	}
}
