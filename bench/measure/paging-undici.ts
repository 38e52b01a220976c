// Paging, the physical limit: a bare undici loop over the same pages with one bearer token,
// keeping every item in one array like the node's output does. No retries, no checks.
import { request } from 'undici';

import { measurement } from '../lib/child';
import { measureRuns } from '../lib/probe';
import { counters, simWithAssets } from '../lib/sim';
import type { PagingArgs } from './paging-node';

const PAGE = 10_000;

async function fetchToken(
	tokenUrl: string,
	clientId: string,
	clientSecret: string,
): Promise<string> {
	const response = await request(`${tokenUrl}?grant_type=client_credentials`, {
		method: 'POST',
		headers: {
			authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
			'content-type': 'application/x-www-form-urlencoded',
		},
		body: 'grant_type=client_credentials',
	});
	const body = (await response.body.json()) as { access_token: string };
	return body.access_token;
}

async function listAll(url: string, token: string, limit = PAGE): Promise<unknown[]> {
	const items: unknown[] = [];
	let nextToken: string | undefined;
	do {
		const query = `limit=${limit}${nextToken ? `&nextToken=${encodeURIComponent(nextToken)}` : ''}`;
		const response = await request(`${url}?${query}`, {
			headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
		});
		if (response.statusCode !== 200)
			throw new Error(`${response.statusCode}: ${await response.body.text()}`);
		const page = (await response.body.json()) as { items: unknown[]; nextToken?: string };
		for (const item of page.items) items.push(item);
		nextToken = page.nextToken;
	} while (nextToken && limit === PAGE);
	return items;
}

measurement(async ({ assets, latencyMs, reps }: PagingArgs) => {
	const sim = await simWithAssets(assets, latencyMs);
	try {
		const { baseUrl, tokenUrl, clientId, clientSecret, seed } = sim.endpoint;
		const url = `${baseUrl}/workspaces/${seed.workspaceId}/assets`;
		const token = await fetchToken(tokenUrl, clientId, clientSecret);
		await listAll(url, token, 100); // warm-up, as for the node
		return await measureRuns(reps, counters(sim), async () => ({
			items: await listAll(url, token),
		}));
	} finally {
		await sim.stop();
	}
});
