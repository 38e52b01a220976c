/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// The raw client of the trigger comparison: replays, with undici, exactly the requests a poll
// made (as the simulator recorded them: same URLs, same order), at the same concurrency, parsing
// every body as JSON, against the same server state (the clock has not moved since the poll).
import { Agent, Client, request } from 'undici';

export interface RecordedRequest {
	method: string;
	/** Path and query as received, base path included. */
	url: string;
	status: number;
	token: boolean;
}

/** 'reuse': keep-alive connections, as any HTTP client does; 'new': one connection per request, as n8n 2.41's helpers do. */
export type ConnectionPolicy = 'reuse' | 'new';

export interface ReplayFigures {
	wallMs: number;
	cpuMs: number;
	requests: number;
	/** Elements in the `items` of every list answered. */
	itemsRead: number;
	/** Connections opened. */
	connections: number;
}

export async function fetchRawToken(
	tokenUrl: string,
	clientId: string,
	clientSecret: string,
	dispatcher?: Agent,
): Promise<string> {
	const response = await request(`${tokenUrl}?grant_type=client_credentials`, {
		method: 'POST',
		dispatcher,
		headers: {
			authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
			'content-type': 'application/x-www-form-urlencoded',
		},
		body: 'grant_type=client_credentials',
	});
	return ((await response.body.json()) as { access_token: string }).access_token;
}

/** `ca`: the certificate to trust for an https origin. */
export async function replay(
	origin: string,
	requests: RecordedRequest[],
	token: string,
	concurrency: number,
	policy: ConnectionPolicy,
	ca?: Buffer,
): Promise<ReplayFigures> {
	const api = requests.filter((r) => !r.token);
	let connections = 0;
	const connect = ca ? { ca } : undefined;
	const agent = new Agent({ connect });
	agent.on('connect', () => connections++);
	const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
	let itemsRead = 0;
	let next = 0;
	const one = async (r: RecordedRequest) => {
		let client: Client | undefined;
		if (policy === 'new') {
			client = new Client(origin, { connect });
			connections++;
		}
		const response = await request(origin + r.url, {
			method: r.method as 'GET',
			headers,
			dispatcher: client ?? agent,
		});
		const body = (await response.body.json()) as { items?: unknown[] };
		if (response.statusCode !== r.status)
			throw new Error(
				`replay of ${r.method} ${r.url}: ${response.statusCode}, the poll had ${r.status}`,
			);
		if (Array.isArray(body?.items)) itemsRead += body.items.length;
		if (client) await client.close();
	};
	const cpuBefore = process.cpuUsage();
	const started = performance.now();
	await Promise.all(
		Array.from({ length: Math.min(concurrency, api.length) }, async () => {
			while (next < api.length) await one(api[next++]);
		}),
	);
	const wallMs = performance.now() - started;
	const cpu = process.cpuUsage(cpuBefore);
	await agent.close();
	return {
		wallMs,
		cpuMs: (cpu.user + cpu.system) / 1000,
		requests: api.length,
		itemsRead,
		connections,
	};
}
