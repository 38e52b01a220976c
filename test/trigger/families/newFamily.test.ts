// A new event family is one file and one registry line: test/trigger/families/recordFamily.ts is a family
// that exists only in the test folder, added to the registry below without touching nodes/.
import type { IDataObject, INodeParameters, IPollFunctions } from 'n8n-workflow';

import { AssetTrackingTrigger } from '../../../nodes/AssetTracking/AssetTrackingTrigger.node';
import { FAMILIES } from '../../../nodes/AssetTracking/trigger/families/registry';
import { triggerProperties } from '../../../nodes/AssetTracking/trigger/parameters/description';
import { pollWith } from '../../../nodes/AssetTracking/trigger/poll/poll';
import { TRIGGER_TYPE } from '../../../engine/engine';
import { registerNodeType } from '../../../engine/nodeTypes';
import { byId, MINUTE, nodeState, startSimulator, stopSimulator } from '../helpers';
import { temperatureRecords } from './recordFamily';

// The one registry line.
const families = [...FAMILIES, temperatureRecords];

class TriggerWithRecords extends AssetTrackingTrigger {
	constructor() {
		super();
		this.description = { ...this.description, properties: triggerProperties(families) };
	}

	async poll(this: IPollFunctions) {
		return await pollWith(families).call(this);
	}
}

describe('a new event family: one file and one registry line', () => {
	it('is offered in Events, emits once per record, keeps its memory under its name, and leaves the others alone', async () => {
		registerNodeType(TRIGGER_TYPE, new TriggerWithRecords());
		const { sim, n8n } = await startSimulator({ labelledAssets: 6 });
		try {
			const events = (new TriggerWithRecords().description.properties.find(
				(p) => p.name === 'events',
			)?.options ?? []) as Array<{ value: string }>;
			expect(events.map((o) => o.value)).toContain('newTemperatureRecord');

			const parameters = {
				events: ['newTemperatureRecord', 'excursionStarted'],
				scope: 'workspace',
				workspaceId: byId(sim.seed.workspaceId),
				options: { retryBaseDelay: 5, maxRetryWait: 2 },
			} as unknown as INodeParameters;
			const staticData: IDataObject = {};
			const v3 = { typeVersion: 3 };
			expect(await n8n.poll(parameters, staticData, 'trigger', 'activate', v3)).toBeNull();
			const activatedAt = sim.clock.now();
			const emitted: IDataObject[] = [];
			for (let i = 0; i < 90; i++) {
				sim.clock.advance(MINUTE);
				for (const item of (await n8n.poll(parameters, staticData, 'trigger', 'activate', v3)) ??
					[])
					emitted.push(item.json);
			}
			const state = nodeState(staticData)!;
			expect(Object.keys(state.families as IDataObject)).toEqual([
				'excursions',
				'temperatureRecords',
			]);
			expect(typeof (state.memories as IDataObject).temperatureRecords).toBe('string');

			// Expected from the simulator's ground truth: each reading after the activation that beats
			// every earlier reading of its asset.
			const expected: string[] = [];
			for (const assetId of sim.seed.labelledAssetIds) {
				let highest = -Infinity;
				for (const r of sim
					.readingsGenerated({
						kind: 'temperature',
						assetIds: [assetId],
						after: 0,
						upTo: sim.clock.now(),
					})
					.sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp))) {
					const value = (r.reading as { degreesCelsius: number }).degreesCelsius;
					if (value <= highest) continue;
					if (Date.parse(r.timestamp) > activatedAt) expected.push(`${assetId}|${r.timestamp}`);
					highest = value;
				}
			}
			const records = emitted.filter((j) => j.event === 'newTemperatureRecord');
			expect(records.map((j) => `${j.assetId}|${j.timestamp}`).sort()).toEqual(expected.sort());
			expect(expected.length).toBeGreaterThan(0);
			// A field of the asset's list record the trigger does not decode reaches the family.
			for (const record of records) {
				expect(record.assetCreatedOn).toMatch(/^\d{4}-\d\d-\d\dT/);
				expect(Date.parse(record.assetCreatedOn as string)).toBeLessThan(
					Date.parse(record.timestamp as string),
				);
			}
		} finally {
			await stopSimulator(sim);
		}
	}, 60_000);

	it('its sample and its summary serve Fetch Test Event and version 4 items without touching nodes/', async () => {
		registerNodeType(TRIGGER_TYPE, new TriggerWithRecords());
		const { sim, n8n } = await startSimulator({ labelledAssets: 3, historyMinutes: 0 });
		try {
			const parameters = {
				events: ['excursionStarted', 'newTemperatureRecord'],
				scope: 'workspace',
				workspaceId: byId(sim.seed.workspaceId),
			} as unknown as INodeParameters;
			// One reading per asset so far: no record beaten, so the family's sample stands in.
			const items = (await n8n.poll(parameters, {}, 'manual', 'manual', { typeVersion: 4 }))!.map(
				(i) => i.json,
			);
			expect(items.map((j) => j.event)).toEqual(['excursionStarted', 'newTemperatureRecord']);
			const record = items[1];
			expect(record).toMatchObject({ sample: true, previousRecord: expect.any(Number) });
			expect(record.degreesCelsius).toBe((record.previousRecord as number) + 1);
			expect(record.summary).toBe(
				`Asset ${String(record.assetName)} set a record of ${String(record.degreesCelsius)} °C at ${String(record.timestamp)} (previous ${String(record.previousRecord)} °C)`,
			);
		} finally {
			await stopSimulator(sim);
		}
	});
});
