import type { IDataObject } from 'n8n-workflow';

import { useSimulator } from '../harness/fixtures';

/**
 * The credential extends n8n's oAuth2Api: n8n stores the token in the credential record and
 * reuses it across executions, fetching a new one only after the service answers 401.
 */
describe('token reuse through the credential', () => {
	const t = useSimulator({ recordExchanges: false });

	const fiftyCalls = () => Array.from({ length: 50 }, () => ({}));
	const getWorkspace = () =>
		t.n8n.runNode(
			{
				resource: 'workspace',
				operation: 'get',
				workspaceId: { __rl: true, mode: 'id', value: t.sim.seed.workspaceId },
			},
			{ input: fiftyCalls() },
		);

	it('20 executions making 1000 API calls fetch exactly one token, and one more after it expires', async () => {
		for (let execution = 0; execution < 20; execution++) {
			const run = await getWorkspace();
			expect(run.error).toBeUndefined();
			expect(run.items).toHaveLength(50);
		}
		expect(t.sim.stats.requests).toBe(1000);
		expect(t.sim.stats.tokenRequests).toBe(1);
		expect(t.n8n.credentials.tokenWrites).toBe(1);

		t.sim.tokens.expireAll();
		for (let execution = 0; execution < 5; execution++) {
			const run = await getWorkspace();
			expect(run.error).toBeUndefined();
		}
		expect(t.sim.stats.tokenRequests).toBe(2);
		// The refreshed token was written back to the credential record, as n8n's database would keep it.
		const stored = t.n8n.credentials.stored('cred-1')!.oauthTokenData as { access_token: string };
		expect(typeof stored.access_token).toBe('string');
	});

	it('sends the token request the spec describes', async () => {
		const exchanges: Array<{ url: string; headers: Record<string, string>; body: string }> = [];
		t.sim.onTokenRequest = (request) => exchanges.push(request);
		t.sim.tokens.expireAll();
		const run = await getWorkspace();
		expect(run.error).toBeUndefined();
		expect(exchanges).toHaveLength(1);
		const [request] = exchanges;
		expect(request.url).toBe('/oauth2/token?grant_type=client_credentials');
		expect(request.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
		const basic = Buffer.from(`${t.sim.clientId}:${t.sim.clientSecret}`).toString('base64');
		expect(request.headers.authorization).toBe(`Basic ${basic}`);
	});
});

describe('token refresh within one execution', () => {
	const t = useSimulator({ recordExchanges: false });

	it('signs every request after a refresh with the new token (the client reads the credential once, and again after the refresh)', async () => {
		// Each token serves 20 API requests, then the service answers 401.
		t.sim.tokens.maxRequestsPerToken = 20;
		const run = await t.n8n.runNode(
			{
				resource: 'workspace',
				operation: 'get',
				workspaceId: { __rl: true, mode: 'id', value: t.sim.seed.workspaceId },
			},
			{ input: Array.from({ length: 50 }, () => ({})) },
		);
		expect(run.error).toBeUndefined();
		expect(run.items).toHaveLength(50);
		// One first token, then one per 20 requests: a client still signing with the refused token
		// would refresh on every request after the 20th.
		expect(t.sim.stats.tokenRequests).toBe(3);
		// 50 answered, plus the two refused with 401 and repeated with the new token.
		expect(t.sim.stats.requests).toBe(52);
		const stored = t.n8n.credentials.stored('cred-1')!.oauthTokenData as { access_token: string };
		expect(t.n8n.credentials.tokenWrites).toBe(3);
		expect(typeof stored.access_token).toBe('string');
	});
});

describe('token refresh across processes', () => {
	const t = useSimulator({ recordExchanges: false });

	it('a token another process stored after the 401 is used, not refreshed again (n8n is handed the refused token)', async () => {
		// Warm: the credential holds a token.
		const first = await t.n8n.runNode({
			resource: 'workspace',
			operation: 'get',
			workspaceId: { __rl: true, mode: 'id', value: t.sim.seed.workspaceId },
		});
		expect(first.error).toBeUndefined();
		t.sim.tokens.expireAll();
		const before = t.sim.stats.tokenRequests;
		// The client reads the credential once for the execution (read 1), gets a 401, and reads it
		// again to see whether another process refreshed meanwhile (read 2: not yet). Right after
		// that read, another process stores a new token, before n8n's refresh reads the record.
		let reads = 0;
		t.n8n.credentials.afterRead = async (id) => {
			if (++reads !== 2) return;
			const response = await fetch(t.sim.tokenUrl + '?grant_type=client_credentials', {
				method: 'POST',
				headers: {
					authorization: `Basic ${Buffer.from(`${t.sim.clientId}:${t.sim.clientSecret}`).toString('base64')}`,
					'content-type': 'application/x-www-form-urlencoded',
				},
				body: 'grant_type=client_credentials',
			});
			const token = (await response.json()) as IDataObject;
			const stored = t.n8n.credentials.stored(id)!;
			t.n8n.credentials.setCredential(id, 'assetTrackingOAuth2Api', {
				...stored,
				oauthTokenData: token,
			});
		};
		try {
			const run = await t.n8n.runNode({
				resource: 'workspace',
				operation: 'get',
				workspaceId: { __rl: true, mode: 'id', value: t.sim.seed.workspaceId },
			});
			expect(run.error).toBeUndefined();
		} finally {
			t.n8n.credentials.afterRead = undefined;
		}
		expect(reads).toBeGreaterThanOrEqual(2);
		// Only the other process's token request: none by this execution.
		expect(t.sim.stats.tokenRequests - before).toBe(1);
	});
});
