// Trigger version 3 in the editor's terms: its parameters, Fetch Test Event, and the errors a
// user gets for settings that cannot work.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { AssetTrackingTrigger } from '../../nodes/AssetTracking/AssetTrackingTrigger.node';
import { byId, MINUTE, startSimulator, stopSimulator } from '../trigger/helpers';
import { ALL_EVENTS } from './scenario';

const v3 = { typeVersion: 3 };

describe('Asset Tracking Trigger version 3', () => {
	it('offers every event in Events (alphabetical), excursions by default, and the issue’s option names', () => {
		const { properties, defaultVersion } = new AssetTrackingTrigger().description;
		expect(defaultVersion).toBe(3);
		const events = properties.find((p) => p.name === 'events')!;
		expect(events.default).toEqual(['excursionStarted', 'excursionEnded']);
		const values = (events.options as Array<{ name: string; value: string }>).map((o) => o.value);
		expect([...values].sort()).toEqual([...ALL_EVENTS].sort());
		const names = (events.options as Array<{ name: string }>).map((o) => o.name);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		const options = properties.find(
			(p) => p.name === 'options' && JSON.stringify(p.displayOptions).includes('gte'),
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
		});
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
