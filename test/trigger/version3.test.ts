// Trigger version 3 in the editor's terms: its parameters, Fetch Test Event, and the errors a
// user gets for settings that cannot work.
import type { IDataObject, INodeParameters, INodeProperties } from 'n8n-workflow';

import { AssetTrackingTrigger } from '../../nodes/AssetTracking/AssetTrackingTrigger.node';
import { byId, MINUTE, startSimulator, stopSimulator } from './helpers';
import { ALL_EVENTS, VERSION_5_EVENTS } from './families/scenario';

const v3 = { typeVersion: 3 };

describe('Asset Tracking Trigger version 3', () => {
	it('offers every event in Events (in lifecycle order: editor.test.ts), excursions by default, and the issue’s option names', () => {
		const { properties, defaultVersion } = new AssetTrackingTrigger().description;
		expect(defaultVersion).toBe(6);
		const events = properties.find(
			(p) => p.name === 'events' && p.displayOptions?.show?.['@version']?.includes(3),
		)!;
		expect(events.default).toEqual(['excursionStarted', 'excursionEnded']);
		const values = (events.options as Array<{ name: string; value: string }>).map((o) => o.value);
		// Version 5's rules are not: version 3 lists the events it has.
		expect([...values].sort()).toEqual([...ALL_EVENTS].sort());
		expect(values.filter((value) => VERSION_5_EVENTS.includes(value))).toEqual([]);
		const options = properties.find(
			(p) => p.name === 'options' && JSON.stringify(p.displayOptions?.show?.['@version']) === '[3]',
		)!;
		const byName = new Map(
			(options.options as Array<{ name: string; default: unknown }>).map((o) => [
				o.name,
				o.default,
			]),
		);
		expect(Object.fromEntries(byName)).toMatchObject({
			maxTemperature: 8,
			minTemperature: 2,
			excursionMinutes: 10,
			hysteresis: 0.5,
			silentAfterMinutes: 120,
			budgetMinutes: 120,
			budgetThresholds: '50,80,100',
			spaceProfiles: {},
		});
		// Profiles by Space: entries of a space picker and its own bounds and budget.
		const profiles = (options.options as INodeProperties[]).find(
			(o) => o.name === 'spaceProfiles',
		)!;
		expect(profiles.displayName).toBe('Profiles by Space');
		const [entry] = profiles.options as Array<{ values: INodeProperties[] }>;
		expect(entry.values.map((v) => [v.name, v.displayName])).toEqual([
			['spaceId', 'Space'],
			['maxTemperature', 'Alert Above (°C)'],
			['minTemperature', 'Alert Below (°C)'],
			['budgetMinutes', 'Stability Budget (Minutes)'],
		]);
		const budget = (options.options as INodeProperties[]).filter((o) =>
			['budgetMinutes', 'budgetThresholds'].includes(o.name),
		);
		expect(budget.map((o) => o.displayName)).toEqual([
			'Alert at (%)',
			'Stability Budget (Minutes)',
		]);
	});

	it('Fetch Test Event shows the newest event of each chosen kind, and saves nothing', async () => {
		const { sim, n8n } = await startSimulator({ labelledAssets: 0, historyMinutes: 0 });
		try {
			const ws = sim.seed.workspaceId;
			const [space, other] = sim.spacesOf(ws);
			const ids = sim.addLabelledAssets(ws, 3, {
				temperatureProfile: { bound: 8, side: 'above' },
				inSpaceIds: [space.id],
			});
			sim.clock.advance(150 * MINUTE);
			sim.moveAsset(ids[0], [other.id]);
			sim.clock.advance(MINUTE);
			const parameters = {
				events: ['excursionStarted', 'enteredSpace', 'leftSpace', 'temperatureReading'],
				scope: 'workspace',
				workspaceId: byId(ws),
			} as unknown as INodeParameters;
			const staticData: IDataObject = {};
			const items = (await n8n.poll(parameters, staticData, 'manual', 'manual', v3))!;
			const events = items.map((i) => i.json.event);
			expect(new Set(events).size).toBe(events.length);
			expect(events).toEqual(
				expect.arrayContaining(['enteredSpace', 'leftSpace', 'temperatureReading']),
			);
			const left = items.find((i) => i.json.event === 'leftSpace')!.json;
			expect(left).toMatchObject({ assetId: ids[0], spaceId: space.id, spaceName: space.name });
			const entered = items.find((i) => i.json.event === 'enteredSpace')!.json;
			expect(entered).toMatchObject({ assetId: ids[0], spaceId: other.id });
			expect(staticData).toEqual({});
		} finally {
			await stopSimulator(sim);
		}
	});

	it.each([
		[{ events: [] }, /"Events".*at least one event/],
		[{ events: ['excursionStarted', 'nope'] }, /"Events"[^]*nope/],
		[
			{ events: ['excursionEnded'], options: { maxTemperature: 2, minTemperature: 8 } },
			/"Alert Below \(°C\)" must be below "Alert Above \(°C\)".*8 is not below 2/,
		],
		[{ events: ['wentSilent'], options: { silentAfterMinutes: 0 } }, /"Silent After \(Minutes\)"/],
		[{ events: ['excursionStarted'], options: { hysteresis: -1 } }, /"Hysteresis \(°C\)"/],
	])('refuses %j before sending anything', async (overrides, message) => {
		const { sim, n8n } = await startSimulator({ labelledAssets: 1 });
		try {
			const parameters = {
				scope: 'workspace',
				workspaceId: byId(sim.seed.workspaceId),
				...overrides,
			} as unknown as INodeParameters;
			await expect(n8n.poll(parameters, {}, 'trigger', 'activate', v3)).rejects.toThrow(message);
			expect(sim.stats.requests).toBe(0);
		} finally {
			await stopSimulator(sim);
		}
	});
});

describe('space events with Assets in Spaces', () => {
	it('an asset that leaves the watched space is read once more for its leftSpace, then let go; coming back is an enteredSpace', async () => {
		const { sim, n8n } = await startSimulator({ labelledAssets: 0, historyMinutes: 0 });
		try {
			const ws = sim.seed.workspaceId;
			const [watched, other] = sim.spacesOf(ws);
			const [leaving, staying] = sim.addLabelledAssets(ws, 2, { inSpaceIds: [watched.id] });
			const parameters = {
				events: ['enteredSpace', 'leftSpace'],
				scope: 'spaces',
				workspaceId: byId(ws),
				spaces: { space: [{ id: byId(watched.id) }] },
			} as unknown as INodeParameters;
			const staticData: IDataObject = {};
			const poll = async () => {
				sim.clock.advance(MINUTE);
				return ((await n8n.poll(parameters, staticData, 'trigger', 'activate', v3)) ?? []).map(
					(i) => i.json,
				);
			};
			expect(await n8n.poll(parameters, staticData, 'trigger', 'activate', v3)).toBeNull();
			sim.clock.advance(MINUTE);
			sim.moveAsset(leaving, [other.id]);
			const exitedAt = new Date(sim.clock.now()).toISOString();
			const events = await poll();
			expect(events).toHaveLength(2);
			expect(events).toEqual(
				expect.arrayContaining([
					expect.objectContaining({
						event: 'leftSpace',
						assetId: leaving,
						assetName: expect.any(String),
						spaceId: watched.id,
						spaceName: watched.name,
						exitedOn: expect.stringMatching(exitedAt.slice(0, 16)),
					}),
					expect.objectContaining({ event: 'enteredSpace', assetId: leaving, spaceId: other.id }),
				]),
			);
			sim.resetStats();
			expect(await poll()).toEqual([]);
			// Let go: one request (the list), no read of the asset that left.
			expect(sim.stats.requests).toBe(1);
			sim.moveAsset(leaving, [watched.id]);
			const back = await poll();
			expect(back).toHaveLength(2);
			expect(back).toEqual(
				expect.arrayContaining([
					expect.objectContaining({ event: 'leftSpace', assetId: leaving, spaceId: other.id }),
					expect.objectContaining({ event: 'enteredSpace', assetId: leaving, spaceId: watched.id }),
				]),
			);
			expect(staying).toBeDefined();
		} finally {
			await stopSimulator(sim);
		}
	});
});
