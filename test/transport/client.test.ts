import { registerNodeType } from '../../engine/nodeTypes';
import { RawRequestNode } from '../harness/rawRequestNode';
import { startRawServer } from '../harness/rawServer';
import { useSimulator } from '../harness/fixtures';
import { EngineHarness } from '../../engine/engine';

registerNodeType('test.rawRequest', new RawRequestNode());

describe('transport against the simulator', () => {
	const t = useSimulator();
	const raw = (request: object, extra: object = {}) =>
		t.n8n.runNode({ request: JSON.stringify(request), ...extra }, { nodeType: 'test.rawRequest' });
	const lastExchange = () => t.sim.log[t.sim.log.length - 1];

	beforeEach(() => {
		t.sim.faults.clear();
		t.sim.resetStats();
	});

	describe('retries', () => {
		it('waits as long as Retry-After says, then succeeds', async () => {
			t.sim.faults.queue({ status: 429, retryAfter: '2' });
			const started = Date.now();
			const run = await raw({ method: 'GET', path: '/workspaces' });
			const waited = Date.now() - started;
			expect(run.error).toBeUndefined();
			expect(run.items[0].json.status).toBe(200);
			expect(waited).toBeGreaterThanOrEqual(2000);
			expect(t.sim.stats.requests).toBe(2);
		});

		it('does not repeat a POST answered 500', async () => {
			t.sim.faults.queue({ status: 500 });
			const run = await raw({
				method: 'POST',
				path: '/workspaces/{workspaceId}/assets',
				pathParams: { workspaceId: t.sim.seed.workspaceId },
				body: { assets: [{ name: 'Never twice' }] },
			});
			expect(run.error).toBeDefined();
			expect(run.error!.message).toContain('500');
			expect(t.sim.stats.requests).toBe(1);
		});

		it('repeats a GET answered 503 twice, then succeeds', async () => {
			t.sim.faults.queue({ status: 503, times: 2 });
			const run = await raw({ method: 'GET', path: '/workspaces' });
			expect(run.error).toBeUndefined();
			expect(t.sim.stats.requests).toBe(3);
		});

		it('repeats a GET whose connection was dropped', async () => {
			t.sim.faults.queue({ drop: true });
			const run = await raw({ method: 'GET', path: '/workspaces' });
			expect(run.error).toBeUndefined();
			expect(run.items[0].json.status).toBe(200);
		});
	});

	describe('path and query encoding', () => {
		it.each([
			['a/b', '/v1/assets/a%2Fb'],
			['../x', '/v1/assets/..%2Fx'],
			['x?y', '/v1/assets/x%3Fy'],
			['x#y', '/v1/assets/x%23y'],
		])('the id %s reaches the asset route percent-encoded', async (assetId, rawPath) => {
			const run = await raw({ method: 'GET', path: '/assets/{assetId}', pathParams: { assetId } });
			const exchange = lastExchange();
			expect(t.sim.stats.requests).toBe(1);
			expect(exchange.rawPath).toBe(rawPath);
			expect(exchange.operation).toBe('GET /assets/{assetId}');
			expect(exchange.pathParams.assetId).toBe(assetId);
			expect(run.error!.name).toBe('NodeApiError');
			expect(run.error!.message).toContain('404');
		});

		it('refuses an id of dots only, which no URL can carry, and sends nothing', async () => {
			const run = await raw({
				method: 'GET',
				path: '/assets/{assetId}',
				pathParams: { assetId: '..' },
			});
			expect(run.error!.message).toBe('Path parameter "assetId" cannot consist of dots only');
			expect(t.sim.stats.requests).toBe(0);
		});

		it('a nextToken full of reserved characters survives the round trip byte for byte', async () => {
			const token = 'p+1/&#"x,9';
			await raw({ method: 'GET', path: '/workspaces', qs: { nextToken: token, limit: '1' } });
			expect(lastExchange().query.nextToken).toBe(token);
		});

		it('pages through the simulator with its hostile tokens and loses nothing', async () => {
			const run = await raw(
				{
					method: 'GET',
					path: '/workspaces/{workspaceId}/assets',
					pathParams: { workspaceId: t.sim.seed.workspaceId },
				},
				{ collect: true },
			);
			const everything = await raw({
				method: 'GET',
				path: '/workspaces/{workspaceId}/assets',
				pathParams: { workspaceId: t.sim.seed.workspaceId },
				qs: { limit: '10000' },
			});
			const all = (everything.items[0].json.body as { items: Array<{ id: string }> }).items.map(
				(a) => a.id,
			);
			expect(run.items.map((i) => i.json.id)).toEqual(all);
			const tokens = t.sim.log.map((e) => e.query.nextToken).filter(Boolean);
			expect(tokens.length).toBe(0); // Return All uses pages of 10,000: the seed fits in one.
		});

		it('Limit asks for no more than it needs, page by page', async () => {
			const run = await raw(
				{
					method: 'GET',
					path: '/workspaces/{workspaceId}/assets',
					pathParams: { workspaceId: t.sim.seed.workspaceId },
				},
				{ collect: true, limit: 7 },
			);
			expect(run.items).toHaveLength(7);
			expect(t.sim.stats.requests).toBe(1);
			expect(lastExchange().query.limit).toBe('7');
		});
	});

	describe('errors', () => {
		it('turns the errors[] body into a message with status, title, detail, code and request-id', async () => {
			const run = await raw({
				method: 'GET',
				path: '/assets/{assetId}',
				pathParams: { assetId: 'NOPE-404' },
			});
			const exchange = lastExchange();
			const body = exchange.responseBody as {
				errors: Array<{ title: string; detail: string; code?: string }>;
			};
			const requestId = exchange.headers['request-id'];
			expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
			const message = run.error!.message;
			expect(message).toContain('404');
			expect(message).toContain(body.errors[0].title);
			expect(message).toContain(body.errors[0].detail);
			if (body.errors[0].code) expect(message).toContain(body.errors[0].code);
			expect(message).toContain(`request-id ${requestId}`);
		});

		it('every attempt carries a fresh request-id', async () => {
			t.sim.faults.queue({ status: 503 });
			await raw({ method: 'GET', path: '/workspaces' });
			const ids = t.sim.log.map((e) => e.headers['request-id']);
			expect(ids).toHaveLength(2);
			expect(new Set(ids).size).toBe(2);
		});

		it('never shows the client secret or the access token', async () => {
			t.sim.faults.queue({ status: 429, retryAfter: '3600' });
			const run = await raw({ method: 'GET', path: '/workspaces' });
			const stored = t.n8n.credentials.stored('cred-1')!.oauthTokenData as { access_token: string };
			const surfaced = JSON.stringify({
				error: run.error,
				message: run.error?.message,
				description: run.error?.description,
			});
			expect(run.error!.message).toContain('429');
			expect(run.error!.description).toContain('longer than the maximum wait');
			expect(surfaced).not.toContain(t.sim.clientSecret);
			expect(surfaced).not.toContain(stored.access_token);
			expect(t.sim.stats.requests).toBe(1);
		});
	});
});

describe('transport against a misbehaving server', () => {
	const t = useSimulator();

	it('a truncated JSON body gives a clear error, not a crash', async () => {
		const server = await startRawServer((_req, res) => {
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end('{"items": [{"id": "6f1c2a34-8b9d-4e0f-a1b2-c3d4e5f6');
		});
		try {
			const n8n = new EngineHarness({ ...endpoint(t.sim), baseUrl: server.baseUrl });
			const run = await n8n.runNode(
				{ request: JSON.stringify({ method: 'GET', path: '/workspaces' }) },
				{ nodeType: 'test.rawRequest' },
			);
			expect(run.error!.name).toBe('NodeApiError');
			expect(run.error!.message).toMatch(/GET \/workspaces failed: 200/);
			expect(run.error!.description).toContain('not the expected JSON');
		} finally {
			await server.close();
		}
	});

	it('a nextToken that comes back again stops paging with an error', async () => {
		const server = await startRawServer((_req, res) => {
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ items: [{ id: 'x' }], nextToken: 'same' }));
		});
		try {
			const n8n = new EngineHarness({ ...endpoint(t.sim), baseUrl: server.baseUrl });
			const run = await n8n.runNode(
				{ request: JSON.stringify({ method: 'GET', path: '/workspaces' }), collect: true },
				{ nodeType: 'test.rawRequest' },
			);
			expect(run.error!.message).toContain('returned the same nextToken twice');
			expect(server.requests).toHaveLength(2);
		} finally {
			await server.close();
		}
	});
});

function endpoint(sim: {
	baseUrl: string;
	authUrl: string;
	clientId: string;
	clientSecret: string;
}) {
	return {
		baseUrl: sim.baseUrl,
		authUrl: sim.authUrl,
		clientId: sim.clientId,
		clientSecret: sim.clientSecret,
	};
}
