// Issue 37, version 5: names where a person needs them. Every item whose subject or place has a
// name in the service carries it (`spaceName` beside `spaceId`, `facilityName` beside
// `facilityId`) and its `summary` shows the name, not the ID: walked over every event's Fetch
// Test Event item and over the real items of a demo day. The names are the simulator's own
// (the oracle), not the trigger's. Also At Least (Assets): the user's own N judges asset groups.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Simulator } from '../../simulator';
import { byId, MINUTE, startSimulator, stopSimulator } from './helpers';
import { ALL_EVENTS } from './families/scenario';

const v5 = { typeVersion: 5 };

/** The names the service gives the workspace's spaces and facilities, by id. */
function serviceNames(sim: Simulator): Map<string, string> {
	const ws = sim.seed.workspaceId;
	return new Map(
		[...sim.spacesOf(ws), ...sim.facilitiesOf(ws)].map((place) => [place.id, place.name]),
	);
}

/** Every space of the workspace with a range, so excursions and budgets name the space that judged. */
const everySpace = (sim: Simulator) => ({
	profile: sim.spacesOf(sim.seed.workspaceId).map((space) => ({ spaceId: byId(space.id) })),
});

/** The item names its places and subject, in its fields and in its sentence; how many it named. */
function expectNamed(item: IDataObject, names: Map<string, string>): number {
	let named = 0;
	const shows = (name: string, id: string) => {
		expect({ event: item.event, summary: item.summary }).toEqual({
			event: item.event,
			summary: expect.stringContaining(name),
		});
		expect(String(item.summary)).not.toContain(id);
		named++;
	};
	for (const [idField, nameField] of [
		['spaceId', 'spaceName'],
		['facilityId', 'facilityName'],
	]) {
		const id = item[idField];
		if (typeof id !== 'string') continue;
		expect({ event: item.event, has: nameField in item }).toEqual({
			event: item.event,
			has: true,
		});
		const name = names.get(id);
		if (name === undefined) continue;
		expect({ event: item.event, [nameField]: item[nameField] }).toEqual({
			event: item.event,
			[nameField]: name,
		});
		shows(name, id);
	}
	if (typeof item.assetName === 'string') shows(item.assetName, String(item.assetId));
	if (typeof item.printerName === 'string') shows(item.printerName, String(item.printerId));
	return named;
}

describe('version 5 items name their subject and places', () => {
	it("every event's Fetch Test Event item", async () => {
		const { sim, n8n } = await startSimulator({ historyMinutes: 120 });
		try {
			const parameters = {
				events: ALL_EVENTS,
				scope: 'workspace',
				workspaceId: byId(sim.seed.workspaceId),
				spaceProfiles: everySpace(sim),
			} as unknown as INodeParameters;
			const items = (await n8n.poll(parameters, {}, 'manual', 'manual', v5))!.map((i) => i.json);
			expect(items.map((item) => item.event)).toEqual(ALL_EVENTS);
			const names = serviceNames(sim);
			const named = items.map((item) => expectNamed(item, names));
			// The completion and the asset groups name their facility.
			const of = (event: string) => items.find((item) => item.event === event)!;
			for (const event of ['consignmentCompleted', 'assetGroupUnavailable', 'assetGroupAvailable'])
				expect(typeof of(event).facilityName).toBe('string');
			// A Went Silent sample's figures agree with its times: silent for its minutes as of now.
			const silent = of('wentSilent');
			if (silent.sample === true)
				expect(
					Math.abs(
						Date.parse(String(silent.lastSeenAt)) +
							Number(silent.silentMinutes) * MINUTE -
							sim.clock.now(),
					),
				).toBeLessThan(1000);
			expect(named.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(ALL_EVENTS.length);
		} finally {
			await stopSimulator(sim);
		}
	});

	it('the real items of four demo hours', async () => {
		const { sim, n8n } = await startSimulator({ historyMinutes: 60 });
		try {
			sim.scheduleDemo(4);
			const parameters = {
				events: ALL_EVENTS,
				scope: 'workspace',
				workspaceId: byId(sim.seed.workspaceId),
				spaceProfiles: everySpace(sim),
				options: { excursionMinutes: 0, silentAfterMinutes: 30 },
			} as unknown as INodeParameters;
			const staticData: IDataObject = {};
			await n8n.poll(parameters, staticData, 'trigger', 'activate', v5);
			const items: IDataObject[] = [];
			for (let m = 0; m < 240; m += 15) {
				sim.clock.advance(15 * MINUTE);
				for (const item of (await n8n.poll(parameters, staticData, 'trigger', 'activate', v5)) ??
					[])
					items.push(item.json);
			}
			const names = serviceNames(sim);
			for (const item of items) expectNamed(item, names);
			const events = new Set(items.map((item) => item.event));
			// The day has shipments, stock and excursions to name.
			expect(events.size).toBeGreaterThanOrEqual(6);
			expect(items.filter((item) => typeof item.facilityName === 'string').length).toBeGreaterThan(
				0,
			);
		} finally {
			await stopSimulator(sim);
		}
	});
});

describe('At Least (Assets)', () => {
	it("judges an asset group by the user's N (version 5), and is refused nothing by earlier versions", async () => {
		const { sim, n8n } = await startSimulator({ historyMinutes: 60 });
		try {
			const parameters = (minimumAssets?: number) =>
				({
					events: ['assetGroupUnavailable', 'assetGroupAvailable'],
					scope: 'workspace',
					workspaceId: byId(sim.seed.workspaceId),
					options: minimumAssets === undefined ? {} : { minimumAssets },
				}) as unknown as INodeParameters;
			const sample = async (minimumAssets: number | undefined, typeVersion = 5) =>
				(await n8n.poll(parameters(minimumAssets), {}, 'manual', 'manual', { typeVersion }))!.map(
					(i) => i.json,
				);
			const own = await sample(1000);
			const unavailable = own.find((item) => item.event === 'assetGroupUnavailable')!;
			expect(unavailable.minimumAssets).toBe(1000);
			expect(unavailable.summary).toContain('fewer than the 1000 asked for');
			// Not set: the service's threshold, as before.
			const service = await sample(undefined);
			expect(service.find((item) => item.event === 'assetGroupUnavailable')).not.toHaveProperty(
				'minimumAssets',
			);
			// Version 4 has no such option: a value left in its Options does not judge.
			const v4 = await sample(1000, 4);
			expect(v4.find((item) => item.event === 'assetGroupUnavailable')).not.toHaveProperty(
				'minimumAssets',
			);
			// An active trigger: with N above every group's count, every group becomes unavailable.
			const staticData: IDataObject = {};
			await n8n.poll(parameters(), staticData, 'trigger', 'activate', v5);
			sim.clock.advance(MINUTE);
			const changed =
				(await n8n.poll(parameters(1000), staticData, 'trigger', 'activate', v5)) ?? [];
			expect(changed.length).toBeGreaterThan(0);
			for (const { json } of changed)
				expect(json).toMatchObject({ event: 'assetGroupUnavailable', minimumAssets: 1000 });
		} finally {
			await stopSimulator(sim);
		}
	});
});
