/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// The contract checker, and a sweep of all 45 operations of the simulator through it.
import fs from 'node:fs';
import yaml from 'js-yaml';
import { OPENAPI_PATH, OVERLAY, validateExchange, validateExchanges } from '../harness/contract';
import { loadDocument } from '../harness/contract/openapi';
import { Simulator, type Exchange } from '../../simulator';
import { SimClient, type AnyJson } from '../harness/simulatorClient';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function openApiOperations(): string[] {
	const doc = yaml.load(fs.readFileSync(OPENAPI_PATH, 'utf8')) as {
		paths: Record<string, Record<string, unknown>>;
	};
	return Object.entries(doc.paths).flatMap(([p, item]) =>
		METHODS.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${p}`),
	);
}

/** Drives every operation to a success status, plus the error statuses each documents. */
async function sweep(sim: Simulator, client: SimClient): Promise<Map<string, Set<number>>> {
	const s = sim.seed;
	const ws = s.workspaceId;
	const seen = new Map<string, Set<number>>();
	const call = async (
		method: string,
		path: string,
		expected: number,
		opts: Parameters<SimClient['send']>[2] = {},
	) => {
		const res = await client.send(method, path, opts);
		const op = sim.log[sim.log.length - 1].operation ?? 'unrouted';
		if (res.status !== expected)
			throw new Error(
				`${method} ${path} answered ${res.status}, expected ${expected}: ${res.text}`,
			);
		if (!seen.has(op)) seen.set(op, new Set());
		seen.get(op)!.add(res.status);
		return res.body;
	};
	const labelled = s.labelledAssetIds[0];
	const unknownUuid = '00000000-0000-4000-8000-000000000000';

	// Workspaces
	await call('GET', '/workspaces', 200, { query: { limit: '1' } });
	await call('GET', `/workspaces/${ws}`, 200);
	await call('GET', `/workspaces/${unknownUuid}`, 404);
	await call('GET', `/workspaces/${s.forbiddenWorkspaceId}`, 403);

	// Assets
	const page = await call('GET', `/workspaces/${ws}/assets`, 200, { query: { limit: '5' } });
	await call('GET', `/workspaces/${ws}/assets`, 200, {
		query: { limit: '5', nextToken: page.nextToken },
	});
	await call('GET', `/workspaces/${ws}/assets`, 200, {
		query: { inSpaceIds: s.spaceIds.join(','), bleIds: '1,2', searchTerm: 'pallet' },
	});
	await call('GET', `/workspaces/${ws}/assets`, 400, { query: { limit: '0' } });
	await call('GET', `/workspaces/${unknownUuid}/assets`, 403);
	const created = await call('POST', `/workspaces/${ws}/assets`, 201, {
		body: { assets: [{ name: 'Sweep "one"' }, { name: 'Sweep two', nfcId: 'SWEEP1' }] },
	});
	await call('POST', `/workspaces/${ws}/assets`, 400, {
		body: { assets: [{ name: 'Dup', nfcId: 'SWEEP1' }] },
	});
	const [plainId, taggedId] = created.items.map((a: { id: string }) => a.id);
	await call('GET', `/assets/${labelled}`, 200, { query: { summaryLocations: 'true' } });
	await call('GET', `/assets/${encodeURIComponent('no/such')}`, 404);
	await call('GET', `/assets/${s.forbidden.assetId}`, 403);
	await call('PUT', `/assets/${plainId}`, 200, { body: { name: 'Sweep renamed' } });
	const withLabel = await call('POST', `/assets/${plainId}/labels`, 200, {
		body: { nfcId: 'SWEEP2', replaceExistingLabel: false },
	});
	await call('POST', `/assets/${plainId}/labels`, 400, { body: { nfcId: 'SWEEP9' } });
	await call('DELETE', `/assets/${plainId}/labels/${withLabel.label.bleId}`, 200);
	await call('DELETE', `/assets/${plainId}/labels/${withLabel.label.bleId}`, 404);
	await call('GET', `/assets/${s.assetIds[0]}/facilities`, 200);
	await call('GET', `/assets/${s.assetIds[0]}/spaces`, 200, { query: { limit: '1' } });
	const temps = await call('GET', `/assets/${labelled}/temperatures`, 200, {
		query: { limit: '50' },
	});
	await call('GET', `/assets/${labelled}/temperatures`, 200, {
		query: { nextToken: temps.nextToken },
	});
	await call('GET', `/assets/${labelled}/temperatures`, 400, {
		query: { nextToken: page.nextToken },
	});
	await call('GET', `/assets/${labelled}/locations`, 200, { query: { limit: '10000' } });
	await call('GET', `/assets/${labelled}/locations`, 200, { query: { summaryLocations: 'true' } });
	await call('GET', `/assets/${labelled}/locations`, 400, { query: { summaryLocations: 'maybe' } });
	await call('DELETE', `/assets/${taggedId}`, 204);
	await call('DELETE', `/assets/${taggedId}`, 404);

	// Consignments, pieces, gateways
	const c0 = s.consignmentIds[0];
	await call('GET', `/consignments/${c0}`, 200);
	await call('GET', `/consignments/${unknownUuid}`, 404);
	await call('GET', `/consignments/${s.forbidden.consignmentId}`, 403);
	await call('GET', `/consignments/${c0}/gateways`, 200);
	const gw = await call('POST', `/consignments/${c0}/gateways`, 201, {
		body: [
			{
				deviceId: 'sweep01',
				manufacturer: 'particle',
				registerGateway: true,
				productName: 'Tracker One',
			},
		],
	});
	await call('POST', `/consignments/${c0}/gateways`, 400, {
		body: [{ deviceId: 'sweep01', manufacturer: 'particle' }],
	});
	await call('DELETE', `/consignments/${c0}/gateways/${gw.items[0].gatewayId}`, 204);
	await call('DELETE', `/consignments/${c0}/gateways/${gw.items[0].gatewayId}`, 404);
	await call('GET', `/consignments/${s.consignmentIds[2]}/pieces`, 200, { query: { limit: '5' } });
	const pieces = await call('POST', `/consignments/${c0}/pieces`, 201, {
		body: [{ trackingRef: 'SWEEP-P', label: { nfcId: 'SWEEP3' } }],
	});
	await call('DELETE', `/consignments/${c0}/pieces/${pieces.items[0].id}`, 204);
	await call('DELETE', `/consignments/${c0}/pieces/${pieces.items[0].id}`, 404);
	await call('GET', `/workspaces/${ws}/consignments`, 200, {
		query: { trackingRef: s.consignmentTrackingRefs[2] },
	});
	await call('POST', `/workspaces/${ws}/consignments`, 201, {
		body: {
			consignments: [
				{
					trackingRef: 'SWEEP-C',
					pieces: [{ label: { nfcId: 'SWEEP4' } }],
					gateways: [{ deviceId: 'sweep02', manufacturer: 'versa' }],
				},
			],
		},
	});
	await call('POST', `/workspaces/${ws}/consignments`, 400, {
		body: { consignments: [{ trackingRef: 'SWEEP-C', pieces: [] }] },
	});
	await call('PATCH', `/workspaces/${ws}/consignments`, 200, {
		query: { trackingRef: 'SWEEP-C' },
		body: { isActive: false },
	});
	await call('PATCH', `/workspaces/${ws}/consignments`, 404, {
		query: { trackingRef: 'NO-SUCH' },
		body: { isActive: true },
	});

	// Facilities
	await call('GET', `/workspaces/${ws}/facilities`, 200);
	await call('GET', `/facilities/${s.facilityIds[0]}`, 200);
	await call('GET', `/facilities/${unknownUuid}`, 404);
	await call('GET', `/facilities/${s.facilityIds[0]}/asset-groups`, 200);
	await call('GET', `/facilities/${unknownUuid}/asset-groups`, 403);

	// Printers and print jobs
	await call('GET', `/workspaces/${ws}/printers`, 200);
	await call('GET', `/workspaces/${ws}/print-templates`, 200);
	await call('GET', `/workspaces/${ws}/printers/${s.onlinePrinterId}`, 200);
	await call('GET', `/workspaces/${ws}/printers/NOPE`, 404);
	await call('PUT', `/workspaces/${ws}/printers/${s.onlinePrinterId}`, 200, {
		body: { name: 'Dispatch (renamed)' },
	});
	const jobs = await call('POST', `/printers/${s.onlinePrinterId}/print-jobs`, 201, {
		body: {
			printJobs: [
				{
					assetId: s.assetIds[4],
					templateId: s.printTemplateIds[0],
					templateParams: { trackingRef: 'T-1' },
				},
				{ assetId: s.assetIds[5] },
			],
		},
	});
	await call('POST', `/printers/${s.onlinePrinterId}/print-jobs`, 400, {
		body: { printJobs: [{ assetId: s.assetIds[4], templateId: s.printTemplateIds[0] }] },
	});
	await call('GET', `/printers/${s.onlinePrinterId}/print-jobs`, 200, { query: { limit: '2' } });
	await call('GET', `/printers/NOPE/print-jobs`, 404);
	await call('DELETE', `/print-jobs/${jobs.items[0].id}`, 204);
	sim.clock.advance(10_000);
	await call('GET', `/print-jobs/${jobs.items[0].id}`, 200);
	await call('GET', `/print-jobs/${jobs.items[1].id}/statuses`, 200);
	await call('GET', `/print-jobs/${s.printJobIds[1]}`, 200);
	await call('DELETE', `/print-jobs/${s.printJobIds[0]}`, 400);
	await call('GET', `/print-jobs/${unknownUuid}`, 404);
	await call('DELETE', `/workspaces/${ws}/printers/${s.offlinePrinterId}`, 204);
	await call('GET', `/print-jobs/${s.printJobIds[3]}/statuses`, 404);

	// Spaces and space gateways
	await call('GET', `/workspaces/${ws}/spaces`, 200, { query: { searchTerm: 'bay', limit: '1' } });
	const spaces = await call('POST', `/workspaces/${ws}/spaces`, 201, {
		body: {
			spaces: [
				{
					name: 'Sweep space',
					gateway: {
						manufacturer: 'particle',
						deviceId: 'sweep03',
						isStatic: true,
						latitude: 51.5,
						longitude: -0.1,
						rssiFilter: 'NEAR',
					},
				},
				{ name: 'Old style', gatewayId: 'sysLoco_sweep04' },
			],
		},
	});
	const space = spaces.items[0];
	await call('GET', `/spaces/${space.id}`, 200);
	await call('PUT', `/spaces/${space.id}`, 200, { body: { name: 'Sweep space (renamed)' } });
	await call('GET', `/spaces/${s.spaceIds[0]}/assets`, 200, { query: { limit: '3' } });
	await call('PUT', `/spaces/${space.id}/gateways/${space.gateway.gatewayId}`, 200, {
		body: { rssiFilter: -60, isStatic: false },
	});
	await call('PUT', `/spaces/${space.id}/gateways/other`, 404, { body: {} });
	await call('DELETE', `/spaces/${space.id}/gateways/${space.gateway.gatewayId}`, 200);
	await call('POST', `/spaces/${space.id}/gateways`, 200, {
		body: {
			manufacturer: 'sysLoco',
			deviceId: 'sweep05',
			shortId: 'SW5',
			productName: 'HGD4',
			registerGateway: true,
		},
	});
	await call('POST', `/spaces/${space.id}/gateways`, 400, {
		body: { gatewayId: 'sysLoco_sweep06' },
	});
	await call('DELETE', `/spaces/${space.id}`, 204);
	await call('GET', `/spaces/${space.id}`, 404);
	await call('GET', `/spaces/${s.forbidden.spaceId}`, 403);

	// No token, and no route
	await call('GET', '/workspaces', 401, { token: null });
	await call('GET', '/no/such/route', 404);
	return seen;
}

describe('the simulator follows the contract', () => {
	let sim: Simulator;
	let client: SimClient;
	let seen: Map<string, Set<number>>;
	beforeAll(async () => {
		sim = new Simulator({ clock: 'manual' });
		await sim.start();
		client = new SimClient(sim);
		seen = await sweep(sim, client);
	});
	afterAll(() => sim.stop());

	it('answers all 45 OpenAPI operations', () => {
		const all = openApiOperations();
		expect(all).toHaveLength(45);
		const successes = all.filter((op) => [...(seen.get(op) ?? [])].some((status) => status < 300));
		expect(successes).toEqual(all);
	});

	it('every recorded exchange passes the checker', () => {
		expect(sim.log.length).toBeGreaterThan(80);
		expect(validateExchanges(sim.log)).toEqual([]);
	});

	it('fault-injected answers are skipped', async () => {
		sim.resetStats();
		sim.faults.queue({ status: 502 });
		expect((await client.get('/workspaces')).status).toBe(502);
		expect(sim.log.filter((e) => e.injected)).toHaveLength(1);
		expect(validateExchanges(sim.log)).toEqual([]);
		// The same exchange not marked as injected is a violation: 502 is not documented.
		expect(validateExchange({ ...sim.log[sim.log.length - 1], injected: false })[0]).toContain(
			'status 502 is not documented',
		);
	});
});

describe('the checker catches broken exchanges', () => {
	let sim: Simulator;
	let log: Exchange[];
	beforeAll(async () => {
		sim = new Simulator({ clock: 'manual' });
		await sim.start();
		const client = new SimClient(sim);
		const s = sim.seed;
		await client.get(`/spaces/${s.spaceIds[0]}`);
		await client.get(`/workspaces/${s.workspaceId}/assets`, { query: { limit: '3' } });
		await client.get(`/assets/${s.labelledAssetIds[0]}/temperatures`);
		await client.get(`/workspaces/${s.workspaceId}`);
		await client.send('DELETE', `/assets/${s.assetIds[29]}`);
		await client.get(`/consignments/${s.consignmentIds[0]}/gateways`);
		await client.get(`/facilities/${s.facilityIds[0]}/asset-groups`);
		await client.send('POST', `/workspaces/${s.workspaceId}/assets`, {
			body: { assets: [{ name: 'Fine' }] },
		});
		await client.get('/nowhere');
		log = sim.log.filter((e) => e.operation !== 'POST /oauth2/token');
	});
	afterAll(() => sim.stop());

	const find = (operation: string | null) =>
		structuredClone(log.find((e) => e.operation === operation)!);
	const broken = (operation: string | null, edit: (ex: Exchange, body: AnyJson) => void) => {
		const ex = find(operation);
		edit(ex, ex.responseBody);
		return validateExchange(ex).join('\n');
	};

	it('the untouched exchanges pass', () => {
		expect(log).toHaveLength(9);
		expect(validateExchanges(log)).toEqual([]);
	});

	it('a Space without the spec fields spaceId/spaceName', () => {
		expect(broken('GET /spaces/{spaceId}', (_, b) => delete b.spaceId)).toContain(
			"must have required property 'spaceId'",
		);
	});

	it('a name with a backtick, outside the spec NAME charset', () => {
		expect(
			broken('GET /workspaces/{workspaceId}/assets', (_, b) => (b.items[1].name = 'Pallet `2`')),
		).toContain('/items/1/name must match pattern');
	});

	it('a nextToken with a backtick or a space', () => {
		expect(
			broken('GET /workspaces/{workspaceId}/assets', (_, b) => (b.nextToken = 'p+1`')),
		).toContain('/nextToken must match pattern');
		expect(
			broken('GET /workspaces/{workspaceId}/assets', (_, b) => (b.nextToken = 'p 1')),
		).toContain('/nextToken must match pattern');
	});

	it('timestamps with milliseconds, temperatures with two decimals', () => {
		expect(
			broken(
				'GET /assets/{assetId}/temperatures',
				(_, b) => (b.items[0].timestamp = '2026-01-01T00:00:00.000Z'),
			),
		).toContain('/items/0/timestamp must NOT have more than 20 characters');
		expect(
			broken('GET /assets/{assetId}/temperatures', (_, b) => (b.items[0].degreesCelsius = 18.25)),
		).toContain('/items/0/degreesCelsius must be multiple of 0.1');
		expect(
			broken('GET /assets/{assetId}/temperatures', (_, b) => (b.items[0].degreesCelsius = 501)),
		).toContain('must be <= 500');
	});

	it('GET /workspaces/{id} in another shape than the Workspaces list', () => {
		expect(
			broken(
				'GET /workspaces/{workspaceId}',
				(ex) => (ex.responseBody = { id: sim.seed.workspaceId, name: 'Demo Workspace' }),
			),
		).toContain("must have required property 'items'");
	});

	it('undocumented statuses, bodies on 204, missing content type', () => {
		expect(broken('GET /spaces/{spaceId}', (ex) => (ex.status = 418))).toContain(
			'status 418 is not documented',
		);
		expect(broken('DELETE /assets/{assetId}', (ex) => (ex.responseBody = { ok: true }))).toContain(
			'documented without a body',
		);
		expect(
			broken('GET /spaces/{spaceId}', (ex) => delete ex.responseHeaders['content-type']),
		).toContain('not application/json');
	});

	it('a static gateway without its position, an int32 out of range', () => {
		expect(
			broken('GET /consignments/{consignmentId}/gateways', (_, b) => delete b.items[0].latitude),
		).toContain("must have required property 'latitude'");
		expect(
			broken('GET /facilities/{facilityId}/asset-groups', (_, b) => (b.items[0].count = 2 ** 31)),
		).toContain('/items/0/count');
	});

	it('error bodies outside the spec shape, also on unrouted requests', () => {
		expect(broken(null, (ex) => (ex.responseBody = { message: 'not found' }))).toContain(
			"must have required property 'errors'",
		);
		expect(broken(null, (_, b) => (b.errors[0].detail = "can't: no"))).toContain(
			'/errors/0/detail must match pattern',
		);
	});

	it('requests: undocumented query parameters and bodies against the input schema', () => {
		expect(broken('GET /spaces/{spaceId}', (ex) => (ex.query = { expand: 'all' }))).toContain(
			'query parameter expand is not documented',
		);
		expect(
			broken(
				'POST /workspaces/{workspaceId}/assets',
				(ex) => (ex.requestBody = { assets: [{ name: 7 }] }),
			),
		).toContain('request: body/assets/0/name must be string');
		expect(
			broken('POST /workspaces/{workspaceId}/assets', (ex) => (ex.requestBody = undefined)),
		).toContain('a JSON body is required');
	});
});

describe('the overlay', () => {
	it('gives every patch an id and a one-line reason', () => {
		expect(OVERLAY.length).toBeGreaterThanOrEqual(3);
		for (const p of OVERLAY) {
			expect(p.id).toMatch(/^[a-z0-9-]+$/);
			expect(p.reason.length).toBeGreaterThan(20);
			expect(p.reason).not.toContain('\n');
		}
		expect(OVERLAY.map((p) => p.id)).toEqual(
			expect.arrayContaining(['space-spec-fields', 'status-400', 'no-backtick']),
		);
	});

	it('patches the document as the spec requires', () => {
		const doc = loadDocument();
		const patterns: string[] = [];
		JSON.stringify(doc, (key, value) => (key === 'pattern' && patterns.push(value), value));
		expect(patterns.length).toBeGreaterThan(50);
		expect(patterns.filter((p) => p.includes('`'))).toEqual([]);
		expect(doc.components.schemas.Space.required).toEqual(
			expect.arrayContaining(['spaceId', 'spaceName', 'facilityId', 'id', 'name']),
		);
		for (const item of Object.values(doc.paths as Record<string, Record<string, AnyJson>>)) {
			for (const m of METHODS) if (item[m]) expect(item[m].responses['400']).toBeDefined();
		}
	});
});
