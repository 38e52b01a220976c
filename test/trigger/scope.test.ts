import type { IDataObject } from 'n8n-workflow';

import type { EngineHarness } from '../../engine/engine';
import type { Simulator } from '../../simulator';
import { SimClient } from '../harness/simulatorClient';
import {
	MINUTE,
	nodeState,
	startSimulator,
	stopSimulator,
	tryPoll,
	workspaceTrigger,
	listMemories,
} from './helpers';
import { expectEachOnce, groundTruth, Tally } from './truth';

describe('Asset Tracking Trigger scopes', () => {
	let sim: Simulator;
	let n8n: EngineHarness;

	beforeEach(async () => {
		({ sim, n8n } = await startSimulator({ labelledAssets: 24 }));
	});
	afterEach(async () => {
		await stopSimulator(sim);
	});

	/** Labelled assets currently in the spaces, as the service lists them. */
	async function labelledIn(spaceIds: string[]): Promise<string[]> {
		const { body } = await new SimClient(sim).send(
			'GET',
			`/workspaces/${sim.seed.workspaceId}/assets`,
			{
				query: { inSpaceIds: spaceIds.join(','), limit: '10000' },
			},
		);
		return (body.items as IDataObject[]).filter((a) => a.label).map((a) => a.id as string);
	}

	it('spaces: watches only the assets in the chosen spaces', async () => {
		const spaceIds = sim.seed.spaceIds.slice(0, 2);
		const inSpaces = await labelledIn(spaceIds);
		expect(inSpaces.length).toBeGreaterThan(0);
		expect(inSpaces.length).toBeLessThan(24);
		const parameters = workspaceTrigger(sim, { scope: 'spaces', spaceIds: spaceIds.join(', ') });
		const staticData: IDataObject = {};
		expect(await n8n.poll(parameters, staticData)).toBeNull();
		expect(Object.keys(listMemories(nodeState(staticData)!)).sort()).toEqual([...inSpaces].sort());
		const activatedAt = sim.clock.now();
		const tally = new Tally();
		for (let i = 0; i < 5; i++) {
			sim.clock.advance(MINUTE);
			tally.add(await n8n.poll(parameters, staticData));
		}
		const truth = groundTruth(
			sim,
			['temperature', 'location'],
			inSpaces,
			activatedAt,
			sim.clock.now(),
		);
		expectEachOnce(tally, truth);
	});

	it('a change of what is watched keeps the memories of what is still watched; what joins starts from the change', async () => {
		const workspace = workspaceTrigger(sim);
		const spaceIds = sim.seed.spaceIds.slice(2, 3);
		const inSpace = await labelledIn(spaceIds);
		const others = sim.seed.labelledAssetIds.filter((id) => !inSpace.includes(id));
		expect(inSpace.length).toBeGreaterThan(0);
		const spaces = workspaceTrigger(sim, { scope: 'spaces', spaceIds: spaceIds[0] });
		const staticData: IDataObject = {};
		const tally = new Tally();
		const t0 = sim.clock.now();
		await n8n.poll(workspace, staticData);
		sim.clock.advance(MINUTE);
		tally.add(await n8n.poll(workspace, staticData));
		const t1 = sim.clock.now();

		// Narrowed to one space: its assets go on from where they stood; the others are let go.
		sim.clock.advance(MINUTE);
		tally.add(await n8n.poll(spaces, staticData));
		expect(Object.keys(listMemories(nodeState(staticData)!)).sort()).toEqual(inSpace.sort());
		const t2 = sim.clock.now();

		// Temperatures only: they go on; the location memories are let go.
		sim.clock.advance(MINUTE);
		tally.add(await n8n.poll({ ...spaces, event: 'temperature' }, staticData));
		expect(
			Object.values(listMemories(nodeState(staticData)!)).every((v: string) => v.endsWith('|')),
		).toBe(true);
		const t3 = sim.clock.now();

		// Back to the whole workspace and both events: what rejoins starts from the change.
		sim.clock.advance(MINUTE);
		tally.add(await n8n.poll(workspace, staticData));
		const t4 = sim.clock.now();
		const truth = [
			...groundTruth(sim, ['temperature', 'location'], sim.seed.labelledAssetIds, t0, t1),
			...groundTruth(sim, ['temperature', 'location'], inSpace, t1, t2),
			...groundTruth(sim, ['temperature'], inSpace, t2, t4),
			...groundTruth(sim, ['location'], inSpace, t3, t4),
			...groundTruth(sim, ['temperature', 'location'], others, t3, t4),
		];
		expect(truth.filter((r) => r.kind === 'location').length).toBeGreaterThan(0);
		expectEachOnce(tally, truth);
	});

	it('an asset that joins the scope is followed from the newest timestamp the scope had reached', async () => {
		const spaceIds = sim.seed.spaceIds.slice(0, 1);
		const parameters = workspaceTrigger(sim, { scope: 'spaces', spaceIds: spaceIds[0] });
		const staticData: IDataObject = {};
		await n8n.poll(parameters, staticData);
		const activatedAt = sim.clock.now();
		const members = await labelledIn(spaceIds);
		const tally = new Tally();
		sim.clock.advance(MINUTE + 30_000);
		tally.add(await n8n.poll(parameters, staticData));

		const watermark = Date.parse(nodeState(staticData)!.watermark as string);
		const joined = sim.addLabelledAssets(sim.seed.workspaceId, 2, { inSpaceIds: spaceIds });
		for (let i = 0; i < 4; i++) {
			sim.clock.advance(MINUTE);
			tally.add(await n8n.poll(parameters, staticData));
		}
		const truth = [
			...groundTruth(sim, ['temperature', 'location'], members, activatedAt, sim.clock.now()),
			...groundTruth(sim, ['temperature', 'location'], joined, watermark, sim.clock.now()),
		];
		expectEachOnce(tally, truth);
	});

	it('specific assets: read by id, each emitted reading named through GET /assets/{assetId}', async () => {
		const ids = sim.seed.labelledAssetIds.slice(0, 3);
		const parameters = workspaceTrigger(sim, {
			scope: 'assets',
			assetIds: ids.join(','),
			event: 'temperature',
		});
		delete parameters.workspaceId;
		const staticData: IDataObject = {};
		await n8n.poll(parameters, staticData);
		sim.clock.advance(MINUTE);
		sim.resetStats();
		const items = (await n8n.poll(parameters, staticData))!;
		expect(items.map((i) => i.json.assetId).sort()).toEqual([...ids].sort());
		expect(sim.stats.byOperation).toEqual({
			'GET /assets/{assetId}/temperatures': 3,
			'GET /assets/{assetId}': 3,
		});
		const { body: asset } = await new SimClient(sim).send('GET', `/assets/${ids[0]}`);
		expect(items.find((i) => i.json.assetId === ids[0])!.json).toMatchObject({
			assetName: asset.name,
			bleId: asset.label.bleId,
			nfcId: asset.label.nfcId,
			event: 'temperature',
		});

		// An unknown id does not stop the others (the warning goes to n8n's log: see deletion.test.ts).
		const unknown = { ...parameters, assetIds: `NoSuchAsset01,${ids[0]}` };
		sim.clock.advance(MINUTE);
		const withUnknown = (await n8n.poll(unknown, staticData))!;
		expect(withUnknown.map((i) => i.json.assetId)).toEqual([ids[0]]);
	});

	it('version 2 pickers: several assets or spaces, each From List or By ID (an expression may give several IDs)', async () => {
		const v2 = { typeVersion: 2 };
		const ids = sim.seed.labelledAssetIds.slice(0, 3);
		const assets = workspaceTrigger(sim, {
			scope: 'assets',
			event: 'temperature',
			assets: {
				asset: [
					{ id: { __rl: true, mode: 'list', value: ids[0] } },
					// What an expression resolving to two IDs gives.
					{ id: { __rl: true, mode: 'id', value: `${ids[1]}, ${ids[2]}` } },
				],
			},
		});
		const staticData: IDataObject = {};
		await n8n.poll(assets, staticData, 'trigger', 'activate', v2);
		expect(Object.keys(listMemories(nodeState(staticData)!)).sort()).toEqual([...ids].sort());
		sim.clock.advance(MINUTE);
		const items = (await n8n.poll(assets, staticData, 'trigger', 'activate', v2))!;
		expect(items.map((i) => i.json.assetId).sort()).toEqual([...ids].sort());

		const spaceIds = sim.seed.spaceIds.slice(0, 2);
		const spaces = workspaceTrigger(sim, {
			scope: 'spaces',
			spaces: { space: spaceIds.map((id) => ({ id: { __rl: true, mode: 'list', value: id } })) },
		});
		const spaceData: IDataObject = {};
		await n8n.poll(spaces, spaceData, 'trigger', 'activate', v2);
		expect(Object.keys(listMemories(nodeState(spaceData)!)).sort()).toEqual(
			(await labelledIn(spaceIds)).sort(),
		);

		const none = await n8n
			.poll({ ...assets, assets: {} }, {}, 'trigger', 'activate', v2)
			.catch((error: Error) => error);
		expect((none as Error).message).toMatch(/Invalid "Assets"/);
	});

	it('parameters are checked before anything is sent', async () => {
		sim.resetStats();
		const badSpace = await tryPoll(
			n8n,
			workspaceTrigger(sim, { scope: 'spaces', spaceIds: 'ok,not ok' }),
			{},
		);
		expect(badSpace.error?.message).toMatch(/Invalid "Space IDs"/);
		const badWorkspace = await tryPoll(
			n8n,
			workspaceTrigger(sim, { workspaceId: { mode: 'id', value: 'nope' } }),
			{},
		);
		expect(badWorkspace.error?.message).toMatch(/Invalid "Workspace"/);
		const badBound = await tryPoll(
			n8n,
			workspaceTrigger(sim, { options: { maxTemperature: 900 } }),
			{},
		);
		expect(badBound.error?.message).toMatch(/Invalid "Alert Above \(°C\)"/);
		expect(sim.stats.requests).toBe(0);
	});
});
