// One vocabulary (issue 26): from version 4 a trigger location item names its fields as the
// action node's Simplify names an asset's newest location, and a temperature item leaves out
// the alert fields that say nothing. Versions 1 to 3 keep theirs (savedVersions.test.ts).
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { byId, MINUTE, startSimulator, stopSimulator } from './helpers';
import { ASSET_FIELDS, EVENT_FIELDS } from './eventFields';

const v4 = { typeVersion: 4 };
/** What a location item may carry besides its four fields: what the service sent besides them. */
const SERVICE_EXTRAS = ['lastSeenTimestamp', 'address'];

describe('version 4 items in the action Simplify’s vocabulary', () => {
	it('a location item has the fields Simplify names the newest location with, and their values', async () => {
		const { sim, n8n } = await startSimulator({ labelledAssets: 3, historyMinutes: 60 });
		try {
			const assetId = sim.seed.labelledAssetIds[0];
			// The action node as a new node adds it (version 3, Simplify on by default).
			const simplified = await n8n.runNode(
				{ resource: 'asset', operation: 'get', assetId: byId(assetId) },
				{ typeVersion: 3 },
			);
			expect(simplified.error).toBeUndefined();
			const row = simplified.items[0].json;

			const parameters = {
				events: ['location'],
				scope: 'assets',
				assets: { asset: [{ id: byId(assetId) }] },
			} as unknown as INodeParameters;
			const [item] = (await n8n.poll(parameters, {}, 'manual', 'manual', v4))!.map((i) => i.json);
			expect(item.sample).toBeUndefined();
			const own = Object.keys(item).filter(
				(key) => !ASSET_FIELDS.includes(key) && key !== 'summary' && !SERVICE_EXTRAS.includes(key),
			);
			expect(own).toEqual(EVENT_FIELDS.location);
			// Every one of them is a Simplify column, and for the same newest location, the same value.
			expect(Object.keys(row)).toEqual(expect.arrayContaining(own));
			for (const key of own) expect({ [key]: item[key] }).toEqual({ [key]: row[key] });
			expect(item.locationTimestamp).toEqual(expect.any(String));
			expect(item).not.toHaveProperty('error');
			expect(item).not.toHaveProperty('timestamp');
			expect(item).not.toHaveProperty('coordinate');
		} finally {
			await stopSimulator(sim);
		}
	});

	it('active polls: location items flat (the deprecated error dropped), temperature items without unused alert fields', async () => {
		const { sim, n8n } = await startSimulator({ labelledAssets: 4, historyMinutes: 30 });
		try {
			const parameters = {
				events: ['temperatureReading', 'location'],
				scope: 'workspace',
				workspaceId: byId(sim.seed.workspaceId),
			} as unknown as INodeParameters;
			const staticData: IDataObject = {};
			await n8n.poll(parameters, staticData, 'trigger', 'activate', v4);
			const items: IDataObject[] = [];
			for (let i = 0; i < 30; i++) {
				sim.clock.advance(MINUTE);
				for (const item of (await n8n.poll(parameters, staticData, 'trigger', 'activate', v4)) ??
					[])
					items.push(item.json);
			}
			const locations = items.filter((j) => j.event === 'location');
			const temperatures = items.filter((j) => j.event === 'temperatureReading');
			expect(locations.length).toBeGreaterThan(0);
			expect(temperatures.length).toBeGreaterThan(0);
			// The service sends the deprecated error besides coordinate.accuracy: it is not passed on.
			const served = sim.readingsGenerated({
				kind: 'location',
				assetIds: sim.seed.labelledAssetIds,
				after: 0,
				upTo: sim.clock.now(),
			});
			expect(served.some((r) => 'error' in (r.reading as object))).toBe(true);
			for (const j of locations) {
				const own = Object.keys(j).filter((key) => !SERVICE_EXTRAS.includes(key));
				expect(own).toEqual([...ASSET_FIELDS, ...EVENT_FIELDS.location, 'summary']);
				expect(typeof j.latitude).toBe('number');
			}
			// No Alert Above or Below set: no crossed, alertAbove or alertBelow, not even null.
			for (const j of temperatures)
				expect(Object.keys(j)).toEqual([
					...ASSET_FIELDS,
					...EVENT_FIELDS.temperatureReading,
					'summary',
				]);
		} finally {
			await stopSimulator(sim);
		}
	});

	it('with only Alert Above set, a temperature item carries crossed and alertAbove, not alertBelow', async () => {
		const { sim, n8n } = await startSimulator({ labelledAssets: 4, historyMinutes: 30 });
		try {
			const ws = sim.seed.workspaceId;
			const parameters = {
				events: ['temperatureReading'],
				scope: 'workspace',
				workspaceId: byId(ws),
				options: { maxTemperature: 8 },
			} as unknown as INodeParameters;
			const staticData: IDataObject = {};
			await n8n.poll(parameters, staticData, 'trigger', 'activate', v4);
			const items: IDataObject[] = [];
			for (let i = 0; i < 30; i++) {
				sim.clock.advance(MINUTE);
				for (const item of (await n8n.poll(parameters, staticData, 'trigger', 'activate', v4)) ??
					[])
					items.push(item.json);
			}
			expect(items.length).toBeGreaterThan(0);
			for (const j of items) {
				expect(j).toMatchObject({ crossed: 'alertAbove', alertAbove: 8 });
				expect(j.degreesCelsius as number).toBeGreaterThan(8);
				expect(j).not.toHaveProperty('alertBelow');
			}
		} finally {
			await stopSimulator(sim);
		}
	});
});
