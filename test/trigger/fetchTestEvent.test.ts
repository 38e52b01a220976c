/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// Fetch Test Event (issue 26): one item per chosen event, the newest real one the sample's reads
// found, else a sample built from a real asset of the scope, marked `sample: true`, with every
// field of its event; the trigger's saved state is never touched.
import { readFileSync } from 'fs';
import { join } from 'path';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { byId, cloneJson, MINUTE, startSimulator, stopSimulator } from './helpers';
import { ALL_EVENTS, ASSET_EVENTS } from './families/scenario';
import { EVENT_FIELDS, openingFields } from './eventFields';

const v4 = { typeVersion: 4 };

/** Every key of a version 4 item of `event`, in order (a sample adds `sample` at the end). */
const itemKeys = (event: string) => [...openingFields(event), ...EVENT_FIELDS[event], 'summary'];

describe('Fetch Test Event (version 4)', () => {
	it('with every event chosen, on the demo workspace: one item per event, in Events order, each with its fields; samples marked; the state untouched', async () => {
		const { sim, n8n } = await startSimulator({ historyMinutes: 120 });
		try {
			const parameters = {
				events: ALL_EVENTS,
				scope: 'workspace',
				workspaceId: byId(sim.seed.workspaceId),
			} as unknown as INodeParameters;
			// An active trigger's state, as n8n saved it after two polls.
			const staticData: IDataObject = {};
			await n8n.poll(parameters, staticData, 'trigger', 'activate', v4);
			sim.clock.advance(MINUTE);
			await n8n.poll(parameters, staticData, 'trigger', 'activate', v4);
			const saved = cloneJson(staticData);
			expect(Object.keys(saved)).toHaveLength(1);

			const items = (await n8n.poll(parameters, staticData, 'manual', 'manual', v4))!.map(
				(i) => i.json,
			);
			expect(items.map((j) => j.event)).toEqual(ALL_EVENTS);
			expect(staticData).toEqual(saved);
			// Nor does a trigger that never ran get a state.
			const fresh: IDataObject = {};
			await n8n.poll(parameters, fresh, 'manual', 'manual', v4);
			expect(fresh).toEqual({});

			const samples = items.filter((j) => j.sample === true);
			const real = items.filter((j) => j.sample === undefined);
			expect(samples.length + real.length).toBe(items.length);
			for (const j of samples) {
				// Every field of its event, and no other; filled from the demo's assets, none null.
				expect(Object.keys(j)).toEqual([...itemKeys(String(j.event)), 'sample']);
				expect(Object.entries(j).filter(([, value]) => value === null)).toEqual([]);
			}
			for (const j of real)
				expect(Object.keys(j)).toEqual(expect.arrayContaining(itemKeys(String(j.event))));
			const assetItems = items.filter((j) => ASSET_EVENTS.includes(String(j.event)));
			for (const j of assetItems) expect(sim.seed.labelledAssetIds).toContain(j.assetId);
			// The consignments', asset groups' and printers' items are about the demo's own.
			const about = (event: string, field: string) =>
				items.filter((j) => j.event === event).map((j) => j[field]);
			expect(sim.seed.consignmentIds).toEqual(
				expect.arrayContaining(about('consignmentActivated', 'consignmentId')),
			);
			expect(sim.seed.printerIds).toEqual(
				expect.arrayContaining([
					...about('printerOffline', 'printerId'),
					...about('printerOnline', 'printerId'),
				]),
			);
			expect(sim.seed.assetGroupIds).toEqual(
				expect.arrayContaining(about('assetGroupUnavailable', 'assetGroupId')),
			);

			// The demo has readings and an excursion within the window; its stays are days old, so
			// the space events (the Slack example's) are samples of the assets' real stays.
			expect(real.map((j) => j.event)).toEqual(
				expect.arrayContaining(['temperatureReading', 'location']),
			);
			expect(samples.map((j) => j.event)).toEqual(
				expect.arrayContaining(['enteredSpace', 'leftSpace']),
			);
			const entered = samples.find((j) => j.event === 'enteredSpace')!;
			const stay = sim
				.membershipsOf(String(entered.assetId))
				.find((m) => m.spaceId === entered.spaceId)!;
			expect(entered).toMatchObject({ spaceName: stay.spaceName });
			expect(Date.parse(String(entered.enteredOn))).toBe(stay.enteredOn);

			// A real reading is the asset's newest, as the service has it.
			const reading = real.find((j) => j.event === 'temperatureReading')!;
			const history = sim.readingsGenerated({
				kind: 'temperature',
				assetIds: [String(reading.assetId)],
				after: 0,
				upTo: sim.clock.now(),
			});
			const newest = Math.max(...history.map((r) => Date.parse(r.timestamp)));
			expect(Date.parse(String(reading.timestamp))).toBe(newest);
			expect(reading.degreesCelsius).toBe(
				(
					history.find((r) => Date.parse(r.timestamp) === newest)!.reading as {
						degreesCelsius: number;
					}
				).degreesCelsius,
			);
		} finally {
			await stopSimulator(sim);
		}
	});

	it('for the Slack example as it is saved: one item per event, space events included, each a summary to post', async () => {
		const example = JSON.parse(
			readFileSync(
				join(__dirname, '..', '..', 'examples', 'temperature-excursion-to-slack.json'),
				'utf8',
			),
		) as { nodes: Array<{ type: string; typeVersion: number; parameters: IDataObject }> };
		const trigger = example.nodes.find((n) => n.type.endsWith('.assetTrackingTrigger'))!;
		const { sim, n8n } = await startSimulator({ historyMinutes: 120 });
		try {
			// The example names the demo workspace of the simulator's default seed.
			expect((trigger.parameters.workspaceId as IDataObject).value).toBe(sim.seed.workspaceId);
			const items = (await n8n.poll(trigger.parameters as INodeParameters, {}, 'manual', 'manual', {
				typeVersion: trigger.typeVersion,
			}))!.map((i) => i.json);
			expect(items.map((j) => j.event)).toEqual(trigger.parameters.events);
			expect(items.map((j) => j.event)).toEqual(
				expect.arrayContaining(['enteredSpace', 'leftSpace']),
			);
			for (const j of items) {
				expect(Object.keys(j)).toEqual(expect.arrayContaining(itemKeys(String(j.event))));
				expect(String(j.summary)).toMatch(new RegExp(`^Asset ${j.assetName}`));
			}
		} finally {
			await stopSimulator(sim);
		}
	});

	it('a reading sample honours Alert Above: beyond it, with crossed and the bound set, no unset bound', async () => {
		const { sim, n8n } = await startSimulator({ labelledAssets: 2 });
		try {
			const ids = sim.seed.labelledAssetIds;
			const parameters = {
				events: ['temperatureReading'],
				scope: 'assets',
				assets: { asset: ids.map((id) => ({ id: byId(id) })) },
				options: { maxTemperature: 100 },
			} as unknown as INodeParameters;
			const [item] = (await n8n.poll(parameters, {}, 'manual', 'manual', v4))!.map((i) => i.json);
			// Nothing reads above 100 °C: the newest reading of an asset, moved beyond the bound.
			expect(item).toMatchObject({
				event: 'temperatureReading',
				degreesCelsius: 101,
				crossed: 'alertAbove',
				alertAbove: 100,
				sample: true,
			});
			expect(item).not.toHaveProperty('alertBelow');
			expect(ids).toContain(item.assetId);
			// Specific Assets: named from the asset's record.
			expect(item.assetName).toEqual(expect.any(String));
			expect(item.summary).toBe(
				`Asset ${item.assetName} reported 101 °C at ${item.timestamp}, above the alert bound of 100 °C`,
			);
		} finally {
			await stopSimulator(sim);
		}
	});

	it('a scope with no labelled asset has nothing to build a sample from: no item', async () => {
		const { sim, n8n } = await startSimulator({ labelledAssets: 0 });
		try {
			const parameters = {
				events: ['enteredSpace'],
				scope: 'workspace',
				workspaceId: byId(sim.seed.workspaceId),
			} as unknown as INodeParameters;
			expect(await n8n.poll(parameters, {}, 'manual', 'manual', v4)).toBeNull();
		} finally {
			await stopSimulator(sim);
		}
	});
});
