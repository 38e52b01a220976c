/* eslint-disable @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-unused-vars -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
import type { IDataObject } from 'n8n-workflow';

import { AssetTrackingTrigger } from '../../nodes/AssetTracking/AssetTrackingTrigger.node';
import type { EngineHarness } from '../../engine/engine';
import type { Simulator } from '../../simulator';
import { SimClient } from '../harness/simulatorClient';
import {
	cloneJson,
	MINUTE,
	nodeState,
	SECOND,
	startSimulator,
	stopSimulator,
	tryPoll,
	workspaceTrigger,
	listMemories,
} from './helpers';
import { expectEachOnce, expectItemsAre, groundTruth, readingOf, Tally } from './truth';

describe('Asset Tracking Trigger', () => {
	let sim: Simulator;
	let n8n: EngineHarness;

	beforeEach(async () => {
		({ sim, n8n } = await startSimulator({ labelledAssets: 20 }));
	});
	afterEach(async () => {
		await stopSimulator(sim);
	});

	it('is a polling trigger with workspace, asset and space pickers (version 2; version 1 still loads)', () => {
		const node = new AssetTrackingTrigger();
		expect(node.description.polling).toBe(true);
		expect(node.description.inputs).toEqual([]);
		expect(node.description.usableAsTool).toBeUndefined();
		expect(node.description.version).toEqual([1, 2, 3, 4, 5, 6]);
		expect(node.description.defaultVersion).toBe(6);
		for (const method of ['searchWorkspaces', 'searchAssets', 'searchSpaces'] as const)
			expect(typeof node.methods.listSearch[method]).toBe('function');
		const names = node.description.properties.map((p) => p.name);
		// Saved version 1 workflows keep their parameters.
		expect(names).toEqual(expect.arrayContaining(['assetIds', 'spaceIds', 'assets', 'spaces']));
	});

	it('emits nothing on activation, then each new reading once, with its asset and event', async () => {
		const parameters = workspaceTrigger(sim);
		const staticData: IDataObject = {};
		expect(await n8n.poll(parameters, staticData)).toBeNull();
		const activatedAt = sim.clock.now();
		sim.clock.advance(MINUTE);
		const items = (await n8n.poll(parameters, staticData)) ?? [];
		expect(items.length).toBeGreaterThan(0);

		const truth = groundTruth(
			sim,
			['temperature', 'location'],
			sim.seed.labelledAssetIds,
			activatedAt,
			sim.clock.now(),
		);
		expectItemsAre(items, truth);

		const temperature = items.find((i) => i.json.event === 'temperature')!.json;
		const { body: asset } = await getAsset(sim, temperature.assetId as string);
		expect(temperature).toMatchObject({
			event: 'temperature',
			assetId: asset.id,
			assetName: asset.name,
			bleId: asset.label.bleId,
			nfcId: asset.label.nfcId,
			timestamp: expect.any(String),
			degreesCelsius: expect.any(Number),
		});
		expect(
			items.some((i) => i.json.event === 'location' && typeof i.json.coordinate === 'object'),
		).toBe(true);
		// Oldest first.
		const times = items.map((i) => Date.parse(i.json.timestamp as string));
		expect([...times].sort((a, b) => a - b)).toEqual(times);

		// Nothing new: nothing emitted.
		expect(await n8n.poll(parameters, staticData)).toBeNull();
	});

	it('manual run: returns the newest readings as a sample and leaves the static data untouched', async () => {
		const parameters = workspaceTrigger(sim);
		const fresh: IDataObject = {};
		const sample = (await n8n.poll(parameters, fresh, 'manual')) ?? [];
		expect(fresh).toEqual({});
		expect(sample.map((i) => i.json.event).sort()).toEqual(['location', 'temperature']);

		const newestTemperature = sim
			.readingsGenerated({
				kind: 'temperature',
				assetIds: sim.seed.labelledAssetIds.slice(0, 5),
				after: 0,
				upTo: sim.clock.now(),
			})
			.at(-1)!;
		const temperature = sample.find((i) => i.json.event === 'temperature')!.json;
		expect(temperature.timestamp).toBe(newestTemperature.timestamp);
		expect(sim.seed.labelledAssetIds.slice(0, 5)).toContain(temperature.assetId);

		// With a running trigger's state: deep-equal before and after.
		const staticData: IDataObject = {};
		await n8n.poll(parameters, staticData);
		sim.clock.advance(2 * MINUTE);
		const before = cloneJson(staticData);
		expect(await n8n.poll(parameters, staticData, 'manual')).not.toBeNull();
		expect(cloneJson(staticData)).toEqual(before);
		// And the active trigger still emits the readings of those two minutes.
		expect((await n8n.poll(parameters, staticData))!.length).toBeGreaterThan(0);
	});

	it('temperature bounds: emits only readings below the minimum or above the maximum; locations unfiltered', async () => {
		const parameters = workspaceTrigger(sim, {
			options: { minTemperature: 0, maxTemperature: 15 },
		});
		const staticData: IDataObject = {};
		await n8n.poll(parameters, staticData);
		const activatedAt = sim.clock.now();
		const tally = new Tally();
		for (let i = 0; i < 10; i++) {
			sim.clock.advance(MINUTE);
			tally.add(await n8n.poll(parameters, staticData));
		}
		const all = groundTruth(
			sim,
			['temperature', 'location'],
			sim.seed.labelledAssetIds,
			activatedAt,
			sim.clock.now(),
		);
		const alert = (r: (typeof all)[number]) => {
			const value = (r.reading as { degreesCelsius?: number }).degreesCelsius;
			return r.kind === 'location' || value! < 0 || value! > 15;
		};
		const expected = all.filter(alert);
		expect(expected.length).toBeLessThan(all.length);
		expect(expected.some((r) => r.kind === 'temperature')).toBe(true);
		expectEachOnce(tally, expected);
	});

	it('a failed poll throws a clear error, moves no cursor, and the next poll emits its readings once', async () => {
		const parameters = workspaceTrigger(sim, { event: 'temperature', options: { maxRetries: 1 } });
		const staticData: IDataObject = {};
		await n8n.poll(parameters, staticData);
		const activatedAt = sim.clock.now();
		sim.clock.advance(MINUTE);
		sim.faults.queue({
			status: 500,
			match: { path: `/assets/${sim.seed.labelledAssetIds[3]}/temperatures` },
			times: 2,
		});
		const before = cloneJson(staticData);
		const failed = await tryPoll(n8n, parameters, staticData);
		expect(failed.error?.message).toMatch(/GET \/assets\/.+\/temperatures failed: 500/);
		expect((failed.error as { description?: string }).description).toMatch(/nothing moved/);
		expect(cloneJson(staticData)).toEqual(before);

		const items = await n8n.poll(parameters, staticData);
		const truth = groundTruth(
			sim,
			['temperature'],
			sim.seed.labelledAssetIds,
			activatedAt,
			sim.clock.now(),
		);
		expectItemsAre(items, truth);
	});

	it("a poll out of n8n's poll budget starts no more reads; unread assets keep their memories", async () => {
		const parameters = workspaceTrigger(sim);
		const staticData: IDataObject = {};
		await n8n.poll(parameters, staticData);
		const activatedAt = sim.clock.now();
		sim.clock.advance(MINUTE);
		const before = cloneJson(nodeState(staticData)!);
		// The budget is already spent: no read starts.
		expect(
			await n8n.poll(parameters, staticData, 'trigger', 'activate', { budgetMs: 0 }),
		).toBeNull();
		const after = cloneJson(nodeState(staticData)!) as IDataObject;
		expect(after.memories).toEqual(before.memories);
		// The next poll starts where this one stopped: at the first asset it could not read.
		expect(sim.seed.labelledAssetIds).toContain(after.resume);

		// Rotation: a poll starts reading at `resume`, and goes round the list from there.
		const middle = sim.seed.labelledAssetIds[7];
		nodeState(staticData)!.resume = middle;
		await n8n.poll(parameters, staticData, 'trigger', 'activate', { budgetMs: 0 });
		expect(nodeState(staticData)!.resume).toBe(middle);
		const seen = sim.log.length;
		const oneAtATime = {
			...parameters,
			options: { ...(parameters.options as IDataObject), concurrency: 1 },
		};
		const items = await n8n.poll(oneAtATime, staticData);
		const reads = sim.log
			.slice(seen)
			.filter((e) => /\/(temperatures|locations)$/.test(e.rawPath))
			.map((e) => e.pathParams.assetId);
		expect(reads[0]).toBe(middle);
		expect(new Set(reads)).toEqual(new Set(sim.seed.labelledAssetIds));
		expect(nodeState(staticData)!.resume).toBeNull();

		const truth = groundTruth(
			sim,
			['temperature', 'location'],
			sim.seed.labelledAssetIds,
			activatedAt,
			sim.clock.now(),
		);
		expectItemsAre(items, truth);
	});

	it('an activation with no time to read anything still starts every asset where it stood (by the asset list)', async () => {
		const parameters = workspaceTrigger(sim);
		const staticData: IDataObject = {};
		sim.clock.advance(50 * SECOND);
		expect(
			await n8n.poll(parameters, staticData, 'trigger', 'activate', { budgetMs: 0 }),
		).toBeNull();
		const activatedAt = sim.clock.now();
		sim.clock.advance(2 * MINUTE);
		const items = await n8n.poll(parameters, staticData);
		const truth = groundTruth(
			sim,
			['temperature', 'location'],
			sim.seed.labelledAssetIds,
			activatedAt,
			sim.clock.now(),
		);
		expect(truth.length).toBeGreaterThan(20);
		expectItemsAre(items, truth);
	});

	it('quiet assets cost no request: the asset list shows they have nothing new', async () => {
		const parameters = workspaceTrigger(sim);
		const staticData: IDataObject = {};
		// 00:00:50: every location fix of the first slots is in, the next temperature comes at 00:01:00.
		sim.clock.advance(50 * SECOND);
		await n8n.poll(parameters, staticData);
		sim.resetStats();
		sim.clock.advance(5 * SECOND);
		expect(await n8n.poll(parameters, staticData)).toBeNull();
		const quiet = { ...sim.stats.byOperation };
		expect(quiet['GET /workspaces/{workspaceId}/assets']).toBe(1);
		// At most the few assets whose hourly full read falls due now.
		expect(sim.stats.requests).toBeLessThan(1 + 2 * 20 * 0.2);

		sim.resetStats();
		sim.clock.advance(5 * SECOND);
		const items = await n8n.poll(parameters, staticData);
		expect(items).toHaveLength(20);
		// One list, one page of temperatures per asset.
		expect(sim.stats.byOperation['GET /assets/{assetId}/temperatures']).toBe(20);
		expect(sim.stats.byOperation['GET /workspaces/{workspaceId}/assets']).toBe(1);
	});

	it('look back: the first poll emits the readings of the last minutes, later polls what is new', async () => {
		await sim.stop();
		// The look back is measured on this machine's clock, so the simulated one starts at it
		// (away from a minute boundary, where a reading could fall either side of the edge).
		while (Date.now() % MINUTE < 5 * SECOND || Date.now() % MINUTE > 50 * SECOND)
			await new Promise((r) => setTimeout(r, 500));
		const startTime = Date.now();
		({ sim, n8n } = await startSimulator({ labelledAssets: 20, startTime }));
		const parameters = workspaceTrigger(sim, {
			event: 'temperature',
			options: { lookBackMinutes: 5 },
		});
		const staticData: IDataObject = {};
		const tally = new Tally();
		tally.add(await n8n.poll(parameters, staticData));
		sim.clock.advance(2 * MINUTE);
		tally.add(await n8n.poll(parameters, staticData));
		const truth = groundTruth(
			sim,
			['temperature'],
			sim.seed.labelledAssetIds,
			startTime - 5 * MINUTE,
			sim.clock.now(),
		);
		expect(truth.length).toBe(20 * 7);
		expectEachOnce(tally, truth);
	});

	it('summary locations: each merged location once, though it keeps growing its lastSeenTimestamp', async () => {
		const parameters = workspaceTrigger(sim, {
			event: 'location',
			options: { summaryLocations: true },
		});
		const staticData: IDataObject = {};
		await n8n.poll(parameters, staticData);
		const activatedAt = sim.clock.now();
		const tally = new Tally();
		const client = new SimClient(sim);
		for (let i = 0; i < 40; i++) {
			sim.clock.advance(20 * SECOND);
			const items = await n8n.poll(parameters, staticData);
			for (const item of items ?? [])
				expect(item.json.lastSeenTimestamp).toEqual(expect.any(String));
			tally.add((items ?? []).map((i) => ({ json: withoutLastSeen(i.json) })));
		}
		// Truth: the merged locations that started after the activation, as the service lists them now.
		const truth = [];
		for (const assetId of sim.seed.labelledAssetIds) {
			const { body } = await client.send('GET', `/assets/${assetId}/locations`, {
				query: { summaryLocations: 'true', limit: '10000' },
			});
			for (const reading of body.items as IDataObject[]) {
				if (Date.parse(reading.timestamp as string) > activatedAt) {
					truth.push({
						assetId,
						kind: 'location' as const,
						timestamp: '',
						deliveredAt: 0,
						key: '',
						reading: withoutLastSeen(reading),
					});
				}
			}
		}
		expect(truth.length).toBeGreaterThan(20);
		expectEachOnce(tally, truth);
	});

	it('the state is readable at the top and one short string per asset', async () => {
		const parameters = workspaceTrigger(sim);
		const staticData: IDataObject = {};
		await n8n.poll(parameters, staticData);
		const state = nodeState(staticData)!;
		expect(Object.keys(state).sort()).toEqual([
			'assets',
			'families',
			'format',
			'hints',
			'lastPoll',
			'memories',
			'resume',
			'serviceTime',
			'summaryLocations',
			'version',
			'watermark',
			'windowMinutes',
		]);
		expect(state).toMatchObject({
			version: 6,
			windowMinutes: 180,
			resume: null,
			// The family and when it started: this poll, by the service's clock.
			families: { readings: new Date(sim.clock.now() - (sim.clock.now() % 1000)).toISOString() },
		});
		expect(Date.parse(state.watermark as string)).toBeLessThanOrEqual(sim.clock.now());
		// The service's clock (the simulator's Date header), not this machine's.
		expect(Date.parse(state.serviceTime as string)).toBe(
			sim.clock.now() - (sim.clock.now() % 1000),
		);
		const assets = listMemories(state);
		expect(Object.keys(assets).sort()).toEqual([...sim.seed.labelledAssetIds].sort());
		// Temperatures: newest, then the runs seen; locations: newest, then the newest fix's key
		// and each other fix's gap and key, packed.
		for (const value of Object.values(assets))
			expect(value).toMatch(
				/^[0-9a-z]+:[0-9a-z+*,]+\|[0-9a-z]+;\.[\w-]{4}(([.]|[\w-]{2})[\w-]{4})*$/,
			);
		expect(readingOf({ event: 'x', assetId: 'a', degreesCelsius: 1 })).toEqual({
			degreesCelsius: 1,
		});
	});
});

async function getAsset(sim: Simulator, id: string) {
	return await new SimClient(sim).send('GET', `/assets/${id}`);
}

function withoutLastSeen(json: IDataObject): IDataObject {
	const { lastSeenTimestamp: _ignored, ...rest } = json;
	return rest;
}
