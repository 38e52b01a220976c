/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// The simulator over real HTTP (undici): auth, routing, paging, faults, readings, bulk data.
import http from 'node:http';
import { request } from 'undici';
import { Simulator } from '../../simulator';
import { SimClient, type AnyJson } from '../harness/simulatorClient';

const HOSTILE = ['+', '/', '&', '#', '"', ','];
const TOKEN_CHARSET = /^[a-zA-Z0-9!@#$&()\-.+,/"]*$/;
const MINUTE = 60_000;

async function started(options: ConstructorParameters<typeof Simulator>[0] = {}) {
	const sim = new Simulator({ clock: 'manual', ...options });
	await sim.start();
	return { sim, client: new SimClient(sim) };
}

/** Sends a path exactly as written: node:http does no URL normalisation (undici's URL parsing would). */
function rawGet(
	sim: Simulator,
	rawPathAndQuery: string,
	token: string,
): Promise<{ status: number; body: AnyJson }> {
	return new Promise((resolve, reject) => {
		const { port } = new URL(sim.authUrl);
		const req = http.get(
			{
				host: '127.0.0.1',
				port,
				path: rawPathAndQuery,
				headers: { authorization: `Bearer ${token}` },
			},
			(res) => {
				let text = '';
				res.on('data', (c) => (text += c));
				res.on('end', () =>
					resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }),
				);
			},
		);
		req.on('error', reject);
	});
}

function tokenRequest(
	sim: Simulator,
	opts: { query?: string; secret?: string; contentType?: string; body?: string },
) {
	const basic = Buffer.from(`${sim.clientId}:${opts.secret ?? sim.clientSecret}`).toString(
		'base64',
	);
	return request(`${sim.authUrl}/oauth2/token${opts.query ?? '?grant_type=client_credentials'}`, {
		method: 'POST',
		headers: {
			authorization: `Basic ${basic}`,
			'content-type': opts.contentType ?? 'application/x-www-form-urlencoded',
		},
		body: opts.body ?? '',
	});
}

describe('authentication', () => {
	let sim: Simulator;
	let client: SimClient;
	beforeAll(async () => ({ sim, client } = await started({ tokenLifetimeSeconds: 600 })));
	afterAll(() => sim.stop());
	beforeEach(() => {
		sim.tokens.maxRequestsPerToken = null;
	});

	it('issues a bearer token for the right client, as the spec describes', async () => {
		const before = sim.tokens.issued;
		const res = await tokenRequest(sim, { body: 'grant_type=client_credentials' });
		const body = (await res.body.json()) as Record<string, unknown>;
		expect(res.statusCode).toBe(200);
		expect(body).toEqual({
			access_token: expect.any(String),
			token_type: 'Bearer',
			expires_in: 600,
		});
		expect(sim.tokens.issued).toBe(before + 1);
		expect(sim.stats.tokenRequests).toBeGreaterThan(0);
	});

	it('refuses a wrong secret, a missing grant_type query and a non-form content type', async () => {
		const wrong = await tokenRequest(sim, { secret: 'nope' });
		expect(wrong.statusCode).toBe(401);
		expect(await wrong.body.json()).toEqual({ error: 'invalid_client' });
		const noQuery = await tokenRequest(sim, { query: '', body: 'grant_type=client_credentials' });
		expect(noQuery.statusCode).toBe(400);
		await noQuery.body.dump();
		const json = await tokenRequest(sim, { contentType: 'application/json' });
		expect(json.statusCode).toBe(400);
		await json.body.dump();
	});

	it('reports each token request to onTokenRequest with the raw url', async () => {
		const seen: string[] = [];
		sim.onTokenRequest = (r) => seen.push(`${r.method} ${r.url} ${r.headers['content-type']}`);
		await (await tokenRequest(sim, {})).body.dump();
		sim.onTokenRequest = null;
		expect(seen).toEqual([
			'POST /oauth2/token?grant_type=client_credentials application/x-www-form-urlencoded',
		]);
	});

	it('answers 401 with the spec error body without a token or with a bad one', async () => {
		for (const token of [null, 'not-a-token']) {
			const res = await client.get('/workspaces', { token });
			expect(res.status).toBe(401);
			expect(res.body.errors[0]).toMatchObject({
				status: '401',
				title: 'Unauthorized',
				code: expect.any(String),
				id: expect.any(String),
			});
			expect(res.body.errors[0].detail).toMatch(/^[a-zA-Z0-9!@#$&()\-.+,/" ]+$/);
		}
	});

	it('echoes request-id, or makes one up', async () => {
		const sent = await client.get('/workspaces', {
			headers: { 'request-id': 'f7ecf495-ca1c-4468-a6c2-6ee3f723fa00' },
		});
		expect(sent.headers['request-id']).toBe('f7ecf495-ca1c-4468-a6c2-6ee3f723fa00');
		const made = await client.get('/workspaces');
		expect(made.headers['request-id']).toMatch(/^[0-9a-f-]{36}$/);
	});

	it('expires tokens on the simulator clock, on expireAll, and after maxRequestsPerToken', async () => {
		const token = await client.fetchToken();
		expect((await client.get('/workspaces', { token })).status).toBe(200);
		sim.clock.advance(600_000);
		expect((await client.get('/workspaces', { token })).status).toBe(401);

		const second = await client.fetchToken();
		sim.tokens.expireAll();
		expect((await client.get('/workspaces', { token: second })).status).toBe(401);

		const third = await client.fetchToken();
		sim.tokens.maxRequestsPerToken = 3;
		const statuses = [];
		for (let i = 0; i < 4; i++)
			statuses.push((await client.get('/workspaces', { token: third })).status);
		expect(statuses).toEqual([200, 200, 200, 401]);
	});
});

describe('routing, paging and errors', () => {
	let sim: Simulator;
	let client: SimClient;
	beforeAll(async () => ({ sim, client } = await started()));
	afterAll(() => sim.stop());
	beforeEach(() => sim.resetStats());
	const assetsPath = () => `/workspaces/${sim.seed.workspaceId}/assets`;

	it.each([
		['a/b', 'a%2Fb'],
		['..', '%2E%2E'],
		['x?y', 'x%3Fy'],
		['x#y', 'x%23y'],
		['../x', '..%2Fx'],
	])('routes the encoded id %s to GET /assets/{assetId} and answers 404', async (id, encoded) => {
		const res = await rawGet(sim, `/v1/assets/${encoded}`, await client.token());
		expect(res.status).toBe(404);
		const ex = sim.log[sim.log.length - 1];
		expect(ex.operation).toBe('GET /assets/{assetId}');
		expect(ex.rawPath).toBe(`/v1/assets/${encoded}`);
		expect(ex.pathParams).toEqual({ assetId: id });
	});

	it('resolves unencoded dot segments and slashes to other routes or none', async () => {
		const token = await client.token();
		const dots = await rawGet(sim, '/v1/assets/../workspaces', token);
		expect(dots.status).toBe(200);
		expect(sim.log[sim.log.length - 1].operation).toBe('GET /workspaces');
		const slash = await rawGet(sim, '/v1/assets/a/b', token);
		expect(slash.status).toBe(404);
		expect(sim.log[sim.log.length - 1].operation).toBeNull();
		expect(slash.body.errors[0].status).toBe('404');
	});

	it('pages the asset list with hostile tokens, nothing lost or repeated', async () => {
		const first = await client.get(assetsPath(), { query: { limit: '7' } });
		expect(first.body.total).toBe(30);
		const token: string = first.body.nextToken;
		for (const ch of HOSTILE) expect(token).toContain(ch);
		expect(token).toMatch(TOKEN_CHARSET);
		expect(token).not.toContain('`');

		const { items, tokens } = await client.getAll<{ id: string }>(assetsPath(), { limit: '7' });
		expect(tokens).toHaveLength(4);
		expect(items.map((a) => a.id)).toEqual(sim.seed.assetIds);
		// The raw query carried the token percent-encoded, and it decoded back byte for byte.
		const second = sim.log.find((e) => e.query.nextToken === tokens[0]);
		expect(second?.rawQuery).toContain(encodeURIComponent(tokens[0]));
	});

	it('refuses a token from another list, an edited token and an unencoded one', async () => {
		const assetsToken: string = (await client.get(assetsPath(), { query: { limit: '2' } })).body
			.nextToken;
		const spaces = await client.get(`/workspaces/${sim.seed.workspaceId}/spaces`, {
			query: { nextToken: assetsToken },
		});
		expect(spaces.status).toBe(400);
		expect(spaces.body.errors[0].detail).toContain('nextToken');
		const edited = await client.get(assetsPath(), {
			query: { nextToken: assetsToken.replace('p+', 'p+1') },
		});
		expect(edited.status).toBe(400);
		// Sent raw, '+' decodes to a space and '&' / '#' cut the token short.
		const unencoded = await rawGet(
			sim,
			`/v1${assetsPath()}?nextToken=${assetsToken}`,
			await client.token(),
		);
		expect(unencoded.status).toBe(400);
	});

	it.each(['0', '10001', 'abc', '1.5', '-1', ''])('refuses limit=%p with 400', async (limit) => {
		const res = await client.get(assetsPath(), { query: { limit } });
		expect(res.status).toBe(400);
		expect(res.body.errors[0].detail).toContain('limit');
	});

	it('filters assets by space, label and name', async () => {
		const bySpace = await client.getAll(assetsPath(), {
			inSpaceIds: sim.seed.spaceIds[0],
			limit: '100',
		});
		expect(bySpace.items.length).toBeGreaterThan(0);
		for (const a of bySpace.items)
			expect(
				a.inSpaces.some((m: AnyJson) => m.spaceId === sim.seed.spaceIds[0] && !m.hasExited),
			).toBe(true);

		const labelled = (await client.get(`/assets/${sim.seed.labelledAssetIds[1]}`)).body;
		const byBle = await client.get(assetsPath(), {
			query: { bleIds: `${labelled.label.bleId},999` },
		});
		expect(byBle.body.items.map((a: AnyJson) => a.id)).toEqual([labelled.id]);

		const byName = await client.get(assetsPath(), { query: { searchTerm: 'FRAGILE" #7' } });
		expect(byName.body.items.map((a: AnyJson) => a.id)).toEqual([sim.seed.awkwardNameAssetId]);
	});

	it('answers 403 for the forbidden workspace and its resources, and for unknown workspaces on list operations', async () => {
		const f = sim.seed.forbidden;
		const paths = [
			`/workspaces/${sim.seed.forbiddenWorkspaceId}`,
			`/workspaces/${sim.seed.forbiddenWorkspaceId}/assets`,
			`/assets/${f.assetId}`,
			`/spaces/${f.spaceId}`,
			`/facilities/${f.facilityId}`,
			`/consignments/${f.consignmentId}`,
			`/print-jobs/${f.printJobId}`,
			`/printers/${f.printerId}/print-jobs`,
		];
		for (const p of paths) expect([p, (await client.get(p)).status]).toEqual([p, 403]);
		const unknown = '00000000-0000-4000-8000-000000000000';
		expect((await client.get(`/workspaces/${unknown}/assets`)).status).toBe(403);
		expect((await client.get(`/facilities/${unknown}/asset-groups`)).status).toBe(403);
		expect((await client.get(`/workspaces/${unknown}`)).status).toBe(404);
		expect((await client.get('/workspaces')).body.items.map((w: AnyJson) => w.id)).toEqual([
			sim.seed.workspaceId,
			sim.seed.otherWorkspaceId,
		]);
	});

	it('validates bodies against the spec rules and names the field', async () => {
		const tooMany = await client.send('POST', assetsPath(), {
			body: { assets: Array.from({ length: 1001 }, (_, i) => ({ name: `A${i}` })) },
		});
		expect(tooMany.status).toBe(400);
		expect(tooMany.body.errors[0].detail).toContain('assets');
		const backtick = await client.send('POST', assetsPath(), {
			body: { assets: [{ name: 'ok' }, { name: 'bad `name`' }] },
		});
		expect(backtick.body.errors[0].detail).toContain('assets.1.name');
		const twoConsignments = await client.send(
			'POST',
			`/workspaces/${sim.seed.workspaceId}/consignments`,
			{
				body: {
					consignments: [
						{ trackingRef: 'a', pieces: [] },
						{ trackingRef: 'b', pieces: [] },
					],
				},
			},
		);
		expect(twoConsignments.status).toBe(400);
		const notJson = await client.send('PUT', `/assets/${sim.seed.assetIds[0]}`, {
			body: '{"name":',
			headers: { 'content-type': 'application/json' },
		});
		expect(notJson.status).toBe(400);
		// Nothing was created by the refused requests.
		expect((await client.get(assetsPath())).body.total).toBe(30);
	});

	it('every date-time is whole seconds, 20 characters', async () => {
		const res = await client.get(`/consignments/${sim.seed.consignmentIds[0]}`);
		const stamps =
			res.text.match(/"(when|addedOn|createdOn|createdAt|enteredOn|exitedOn)":"[^"]*"/g) ?? [];
		expect(stamps.length).toBeGreaterThan(5);
		for (const s of stamps) expect(s).toMatch(/"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z"$/);
	});
});

describe('faults', () => {
	let sim: Simulator;
	let client: SimClient;
	beforeAll(async () => ({ sim, client } = await started()));
	afterAll(() => sim.stop());
	beforeEach(() => {
		sim.faults.clear();
		sim.resetStats();
	});

	it('queued rules answer the next matching requests in order, then stop', async () => {
		await client.token();
		sim.faults.queue(
			{ status: 429, retryAfter: '2', match: { path: '/workspaces' } },
			{ status: 503, times: 2 },
		);
		const other = await client.get(`/workspaces/${sim.seed.workspaceId}`);
		expect(other.status).toBe(503); // the 429 rule does not match this path; the 503 rule does
		const limited = await client.get('/workspaces');
		expect(limited.status).toBe(429);
		expect(limited.headers['retry-after']).toBe('2');
		expect(limited.body.errors[0].status).toBe('429');
		expect((await client.get('/workspaces')).status).toBe(503);
		expect((await client.get('/workspaces')).status).toBe(200);
		expect(
			sim.log.filter((e) => e.operation !== 'POST /oauth2/token').map((e) => e.injected),
		).toEqual([true, true, true, false]);
		expect(sim.stats.requests).toBe(4);
	});

	it('drops the connection without an answer', async () => {
		await client.token();
		sim.faults.queue({ drop: true, match: { method: 'GET', path: /^\/workspaces$/ } });
		await expect(client.get('/workspaces')).rejects.toThrow();
		expect(sim.log[0]).toMatchObject({ injected: true, status: 0, operation: 'GET /workspaces' });
		expect((await client.get('/workspaces')).status).toBe(200);
	});

	it('hits the token endpoint only when the rule says token: true', async () => {
		sim.faults.queue({ status: 503, match: { token: true } });
		await expect(client.fetchToken()).rejects.toThrow(/503/);
		expect(typeof (await client.fetchToken())).toBe('string');
		expect(sim.stats.tokenRequests).toBe(2);
	});

	it('latencyMs delays every API answer', async () => {
		await client.token();
		sim.latencyMs = 150;
		const t = Date.now();
		expect((await client.get('/workspaces')).status).toBe(200);
		sim.latencyMs = 0;
		expect(Date.now() - t).toBeGreaterThanOrEqual(145);
	});

	it('random faults follow the seed', async () => {
		const run = async (s: Simulator, c: SimClient) => {
			await c.token();
			s.faults.random({
				rate: 0.5,
				kinds: ['429', '429-retry-after', '500', '503'],
				retryAfterSeconds: 4,
			});
			const out: string[] = [];
			for (let i = 0; i < 30; i++) {
				const r = await c.get('/workspaces');
				out.push(`${r.status}${r.headers['retry-after'] ? '/' + r.headers['retry-after'] : ''}`);
			}
			s.faults.random(null);
			return out;
		};
		const twin = await started();
		const a = await run(sim, client);
		const b = await run(twin.sim, twin.client);
		await twin.sim.stop();
		expect(a).toEqual(b);
		expect(a.filter((s) => s === '200').length).toBeGreaterThan(5);
		expect(a.filter((s) => s !== '200').length).toBeGreaterThan(5);
		expect(a).toContain('429/4');
	});
});

describe.each(['newestFirst', 'oldestFirst'] as const)('readings, %s', (order) => {
	let sim: Simulator;
	let client: SimClient;
	beforeAll(
		async () => ({ sim, client } = await started({ readingsOrder: order, historyMinutes: 60 })),
	);
	afterAll(() => sim.stop());
	const asset = () => sim.seed.labelledAssetIds[0];
	const sortKey = (ts: string) => (order === 'newestFirst' ? -Date.parse(ts) : Date.parse(ts));

	it('serves exactly the generated temperatures, in order, across pages', async () => {
		const start = Date.parse('2026-01-01T00:00:00Z');
		const truth = sim.readingsGenerated({
			kind: 'temperature',
			assetIds: [asset()],
			after: 0,
			upTo: sim.clock.now(),
		});
		expect(truth).toHaveLength(61); // one per minute over 60 minutes, both ends included
		const { items, tokens } = await client.getAll(`/assets/${asset()}/temperatures`, {
			limit: '13',
		});
		const expected = truth.map((r) => r.reading);
		expect(items).toEqual(order === 'newestFirst' ? [...expected].reverse() : expected);
		expect(tokens.length).toBe(4);
		expect(items[order === 'newestFirst' ? 0 : items.length - 1].timestamp).toBe(
			new Date(start).toISOString().replace('.000', ''),
		);
	});

	it('keyset pages neither repeat nor skip while readings keep arriving', async () => {
		const path = `/assets/${asset()}/locations`;
		const first = await client.get(path, { query: { limit: '5' } });
		const before = sim.clock.now();
		sim.clock.advance(30 * MINUTE);
		const second = await client.get(path, {
			query: { limit: '5', nextToken: first.body.nextToken },
		});
		const served = [...first.body.items, ...second.body.items];
		const truth = sim.readingsGenerated({
			kind: 'location',
			assetIds: [asset()],
			after: 0,
			upTo: order === 'newestFirst' ? before : sim.clock.now(),
		});
		const ordered = order === 'newestFirst' ? [...truth].reverse() : truth;
		expect(served).toEqual(ordered.slice(0, 10).map((r) => r.reading));
	});

	it('grows as the manual clock moves, with the newest reading on the asset', async () => {
		const path = `/assets/${asset()}/temperatures`;
		const count = async () => (await client.getAll(path, { limit: '10000' })).items.length;
		await client.fetchToken();
		const n = await count();
		sim.clock.advance(5 * MINUTE);
		await client.fetchToken();
		expect(await count()).toBe(n + 5);
		const a = (await client.get(`/assets/${asset()}`)).body;
		const newest = sim
			.readingsGenerated({
				kind: 'temperature',
				assetIds: [asset()],
				after: 0,
				upTo: sim.clock.now(),
			})
			.at(-1)!;
		expect(a.temperatures).toEqual({ items: [newest.reading] });
		expect(a.locations.items).toHaveLength(1);
		const list = (await client.get(path)).body.items;
		expect(
			[...list].sort((x: AnyJson, y: AnyJson) => sortKey(x.timestamp) - sortKey(y.timestamp)),
		).toEqual(list);
	});

	it('has location fixes sharing a timestamp, and summaryLocations collapses repeats', async () => {
		await client.fetchToken();
		const raw = (await client.getAll(`/assets/${asset()}/locations`, { limit: '10000' })).items;
		const stamps = raw.map((l: AnyJson) => l.timestamp);
		expect(new Set(stamps).size).toBeLessThan(stamps.length);
		expect(
			raw.some((l: AnyJson) => l.error !== undefined && l.coordinate.accuracy === undefined),
		).toBe(true);
		expect(raw.some((l: AnyJson) => l.address !== undefined)).toBe(true);

		const summary = (
			await client.getAll(`/assets/${asset()}/locations`, { limit: '4', summaryLocations: 'true' })
		).items;
		expect(summary.length).toBeLessThan(raw.length);
		const chrono = order === 'newestFirst' ? [...summary].reverse() : summary;
		for (let i = 1; i < chrono.length; i++) {
			const same =
				chrono[i].coordinate.latitude === chrono[i - 1].coordinate.latitude &&
				chrono[i].coordinate.longitude === chrono[i - 1].coordinate.longitude;
			expect(same).toBe(false);
			expect(chrono[i].lastSeenTimestamp >= chrono[i].timestamp).toBe(true);
		}
	});

	it('labels linked through the API start producing readings from then on', async () => {
		await client.fetchToken();
		const created = await client.send('POST', `/workspaces/${sim.seed.workspaceId}/assets`, {
			body: { assets: [{ name: 'Fresh', nfcId: `N${order.length}F00D` }] },
		});
		expect(created.status).toBe(201);
		const id = created.body.items[0].id;
		expect(created.body.items[0].label.nfcId).toBe(`N${order.length}F00D`);
		sim.clock.advance(3 * MINUTE);
		const temps = await client.get(`/assets/${id}/temperatures`);
		expect(temps.body.items).toHaveLength(4);
		expect(
			sim.readingsGenerated({
				kind: 'temperature',
				assetIds: [id],
				after: 0,
				upTo: sim.clock.now(),
			}),
		).toHaveLength(4);
	});
});

describe('bulk assets and lifecycle', () => {
	let sim: Simulator;
	let client: SimClient;
	beforeAll(async () => ({ sim, client } = await started({ recordExchanges: false })));
	afterAll(() => sim.stop());
	const assetsPath = () => `/workspaces/${sim.seed.otherWorkspaceId}/assets`;

	it('adds bulk assets cheaply, lists, reads, renames and deletes them', async () => {
		const ids = sim.addAssets(sim.seed.otherWorkspaceId, 2500);
		expect(ids).toHaveLength(2500);
		expect(sim.addAssets(sim.seed.otherWorkspaceId, 100_001)).toEqual([]);
		const page = await client.get(assetsPath(), { query: { limit: '10000' } });
		expect(page.body.total).toBe(3 + 2500 + 100_001);
		expect(page.body.items.slice(3, 5).map((a: AnyJson) => a.id)).toEqual(ids.slice(0, 2));
		expect((await client.get(`/assets/${ids[7]}`)).body.name).toMatch(/^Bulk asset/);
		expect(
			(await client.send('PUT', `/assets/${ids[7]}`, { body: { name: 'Renamed' } })).body.name,
		).toBe('Renamed');
		expect((await client.get(`/assets/${ids[7]}`)).body.name).toBe('Renamed');
		expect((await client.send('DELETE', `/assets/${ids[8]}`)).status).toBe(204);
		expect((await client.get(`/assets/${ids[8]}`)).status).toBe(404);
		const after = await client.get(assetsPath(), { query: { limit: '10' } });
		expect(after.body.total).toBe(3 + 2499 + 100_001);
		const all = await client.getAll(assetsPath(), { limit: '10000' });
		expect(all.items).toHaveLength(3 + 2499 + 100_001);
		expect(new Set(all.items.map((a: AnyJson) => a.id)).size).toBe(all.items.length);
		expect(all.items.find((a: AnyJson) => a.id === ids[7]).name).toBe('Renamed');
	});

	it('links and unlinks labels, refusing a second label without replaceExistingLabel', async () => {
		const id = sim.seed.unlabelledAssetIds[0];
		const linked = await client.send('POST', `/assets/${id}/labels`, { body: { nfcId: 'ABC123' } });
		expect(linked.status).toBe(200);
		const bleId = linked.body.label.bleId;
		expect(
			(await client.send('POST', `/assets/${id}/labels`, { body: { nfcId: 'DEF456' } })).status,
		).toBe(400);
		const replaced = await client.send('POST', `/assets/${id}/labels`, {
			body: { nfcId: 'DEF456', replaceExistingLabel: true },
		});
		expect(replaced.body.label.bleId).not.toBe(bleId);
		expect((await client.send('DELETE', `/assets/${id}/labels/${bleId}`)).status).toBe(404);
		const unlinked = await client.send(
			'DELETE',
			`/assets/${id}/labels/${replaced.body.label.bleId}`,
		);
		expect(unlinked.status).toBe(200);
		expect(unlinked.body.label).toBeUndefined();
	});

	it('creates consignments by trackingRef and patches them by it', async () => {
		const ws = sim.seed.workspaceId;
		const ref = 'ORDER 77/B & co';
		const created = await client.send('POST', `/workspaces/${ws}/consignments`, {
			body: { consignments: [{ trackingRef: ref, pieces: [{ label: { nfcId: 'PIECE77' } }] }] },
		});
		expect(created.status).toBe(201);
		expect(created.body.items[0].pieces.items[0].label.nfcId).toBe('PIECE77');
		const patched = await client.send('PATCH', `/workspaces/${ws}/consignments`, {
			query: { trackingRef: ref },
			body: { isActive: false },
		});
		expect(patched.status).toBe(200);
		expect(patched.body).toMatchObject({
			id: created.body.items[0].id,
			isActive: false,
			deactivated: { when: expect.any(String) },
		});
		expect(
			(
				await client.send('PATCH', `/workspaces/${ws}/consignments`, {
					query: { trackingRef: 'none' },
					body: {},
				})
			).status,
		).toBe(404);
		const found = await client.get(`/workspaces/${ws}/consignments`, {
			query: { trackingRef: ref },
		});
		expect(found.body.items.map((c: AnyJson) => c.id)).toEqual([created.body.items[0].id]);
	});

	it('pages the nested pieces of a consignment with the pieces list token', async () => {
		const id = sim.seed.consignmentIds[2];
		const c = (await client.get(`/consignments/${id}`)).body;
		expect(c.pieces.total).toBe(12);
		expect(c.pieces.items).toHaveLength(10);
		const rest = await client.get(`/consignments/${id}/pieces`, {
			query: { nextToken: c.pieces.nextToken },
		});
		expect([...c.pieces.items, ...rest.body.items].map((p: AnyJson) => p.id)).toEqual(
			sim.seed.pieceIds[2],
		);
	});

	it('derives asset group availability from the threshold', async () => {
		const groups = (await client.get(`/facilities/${sim.seed.facilityIds[0]}/asset-groups`)).body
			.items;
		for (const g of groups) expect(g.available).toBe(g.count >= g.availabilityThreshold);
		expect(groups.map((g: AnyJson) => g.available)).toEqual([true, false]);
		expect(groups[0].availabilityThreshold).toBe(3);
	});
});

describe('determinism and shutdown', () => {
	it('the same seed gives the same ids; another seed others', () => {
		const a = new Simulator({ clock: 'manual' });
		const b = new Simulator({ clock: 'manual' });
		const c = new Simulator({ clock: 'manual', seed: 2 });
		expect(b.seed).toEqual(a.seed);
		expect(c.seed.workspaceId).not.toBe(a.seed.workspaceId);
		expect(a.seed.assetIds).toHaveLength(30);
		expect(a.seed.labelledAssetIds).toHaveLength(12);
		expect(a.seed.spaceIdsWithGateway).toHaveLength(2);
	});

	it('stop() closes keep-alive connections at once', async () => {
		const { sim, client } = await started();
		expect((await client.get('/workspaces')).status).toBe(200);
		const t = Date.now();
		await sim.stop();
		expect(Date.now() - t).toBeLessThan(1000);
		await expect(client.get('/workspaces')).rejects.toThrow();
	});

	it('pages 1,000,000 bulk assets with limit 10000', async () => {
		const { sim, client } = await started({ recordExchanges: false });
		try {
			sim.addAssets(sim.seed.otherWorkspaceId, 1_000_000);
			const t = Date.now();
			let count = 0;
			let nextToken: string | undefined;
			let total = 0;
			do {
				const res = await client.get(`/workspaces/${sim.seed.otherWorkspaceId}/assets`, {
					query: nextToken ? { limit: '10000', nextToken } : { limit: '10000' },
				});
				count += res.body.items.length;
				total = res.body.total;
				nextToken = res.body.nextToken;
			} while (nextToken);
			expect(count).toBe(1_000_003);
			expect(total).toBe(1_000_000); // the spec's ceiling for total
			expect(Date.now() - t).toBeLessThan(60_000);
		} finally {
			await sim.stop();
		}
	});
});
