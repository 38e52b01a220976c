// Issue 37, version 5: no hidden rule. The range that judges temperatures is on the node whenever a
// temperature event is chosen (its values shown), a watched space is picked once with its own
// range, and Watch shows only with asset events. What the editor shows is computed by n8n's own
// getNodeParameters (the parameters it keeps are the ones it displays).
import { NodeHelpers, type IDataObject, type INode, type INodeParameters } from 'n8n-workflow';

import { AssetTrackingTrigger } from '../../nodes/AssetTracking/AssetTrackingTrigger.node';
import { TRIGGER_TYPE } from '../../engine/engine';
import { byId, MINUTE, startSimulator, stopSimulator } from './helpers';

const description = new AssetTrackingTrigger().description;

/** The parameters n8n displays (and keeps, with their values) for a node of this version. */
function shown(typeVersion: number, parameters: IDataObject): IDataObject {
	const node = {
		id: 't',
		name: 'Trigger',
		type: TRIGGER_TYPE,
		typeVersion,
		position: [0, 0],
		parameters,
	} as INode;
	return NodeHelpers.getNodeParameters(
		description.properties,
		parameters as INodeParameters,
		true,
		false,
		node,
		description,
	) as IDataObject;
}

describe('version 5 in the editor', () => {
	it('shows the range that judges excursions, with its values, when nothing is set', () => {
		const values = shown(5, { events: ['excursionStarted', 'excursionEnded'] });
		expect(values).toMatchObject({ maxTemperature: 8, minTemperature: 2, scope: 'workspace' });
		expect(values.spaceProfiles).toEqual({});
		// Options hold no bound any more: nothing to add there that would judge in secret.
		const options = description.properties.filter(
			(p) => p.name === 'options' && p.displayOptions?.show?.['@version']?.[0] !== 1,
		);
		const v5 = options[options.length - 1];
		const names = (v5.options as Array<{ name: string }>).map((o) => o.name);
		expect(names).not.toContain('maxTemperature');
		expect(names).not.toContain('spaceProfiles');
	});

	it('shows the range for every temperature event, and none for location alone', () => {
		for (const event of ['temperatureReading', 'excursionEnded', 'budgetConsumed'])
			expect(shown(5, { events: [event] })).toMatchObject({ maxTemperature: 8, minTemperature: 2 });
		expect(shown(5, { events: ['location'] })).not.toHaveProperty('maxTemperature');
		// Version 4 keeps them in Options, as saved.
		expect(shown(4, { events: ['excursionStarted'] })).not.toHaveProperty('maxTemperature');
	});

	it('picks a watched space once, with its range beside it (and no second list of spaces)', () => {
		const values = shown(5, {
			events: ['excursionStarted', 'budgetConsumed'],
			scope: 'spaces',
			workspaceId: byId('6f1c2a34-8b9d-4e0f-a1b2-c3d4e5f60718'),
			spaces: { space: [{ id: byId('FREEZER-1'), maxTemperature: -15, minTemperature: -25 }] },
		});
		expect(values.spaces).toEqual({
			space: [
				{
					id: byId('FREEZER-1'),
					maxTemperature: -15,
					minTemperature: -25,
					budgetMinutes: 120,
				},
			],
		});
		expect(values).not.toHaveProperty('spaceProfiles');
		// Without a temperature event the space is only watched: no range beside it.
		const located = shown(5, {
			events: ['enteredSpace'],
			scope: 'spaces',
			spaces: { space: [{ id: byId('FREEZER-1') }] },
		});
		expect(located.spaces).toEqual({ space: [{ id: byId('FREEZER-1') }] });
	});

	it('shows Watch only when an asset event is chosen; the Workspace stays for the others', () => {
		const shipments = shown(5, { events: ['consignmentArrived', 'printerOffline'] });
		expect(shipments).not.toHaveProperty('scope');
		expect(shipments).toHaveProperty('workspaceId');
		expect(shown(5, { events: ['consignmentArrived', 'wentSilent'] })).toMatchObject({
			scope: 'workspace',
		});
		// Version 4 shows Watch whatever the events.
		expect(shown(4, { events: ['consignmentArrived'] })).toHaveProperty('scope', 'workspace');
	});
});

describe('version 5 judges by what it shows', () => {
	const start = Date.parse('2026-03-02T13:50:00Z');
	const at = (hhmm: string) => Date.parse(`2026-03-02T${hhmm}:00Z`);

	/** A box in Freezer 1 at −20 °C, −12 °C from 14:00 to 14:30; an hour of polls, every 5 minutes. */
	async function freezerRun(
		parameters: (ws: string, freezer: string) => IDataObject,
		script = [
			{ from: at('14:00'), until: at('14:30'), celsius: -12 },
			{ from: at('13:00'), until: at('16:00'), celsius: -20 },
		],
	) {
		const { sim, n8n } = await startSimulator({ labelledAssets: 0, startTime: start });
		try {
			const ws = sim.seed.workspaceId;
			const freezer = sim.seed.freezerSpaceId;
			sim.addLabelledAssets(ws, 1, {
				inSpaceIds: [freezer],
				temperatureScript: script,
			});
			const staticData: IDataObject = {};
			const poll = async () =>
				(await n8n.poll(
					{ ...parameters(ws, freezer) } as INodeParameters,
					staticData,
					'trigger',
					'activate',
					{ typeVersion: 5 },
				)) ?? [];
			expect(await poll()).toEqual([]);
			const items: IDataObject[] = [];
			for (let m = 0; m < 60; m += 5) {
				sim.clock.advance(5 * MINUTE);
				for (const item of await poll()) items.push(item.json);
			}
			return { items, freezer };
		} finally {
			await stopSimulator(sim);
		}
	}

	it('a freezer picked once under Watch with its range: judged by it, not by 2 to 8 °C', async () => {
		const { items, freezer } = await freezerRun((ws, freezer) => ({
			events: ['excursionStarted', 'excursionEnded'],
			scope: 'spaces',
			workspaceId: byId(ws),
			spaces: { space: [{ id: byId(freezer), maxTemperature: -15, minTemperature: -25 }] },
		}));
		expect(
			items.map(({ event, direction, threshold, spaceId, spaceName }) => ({
				event,
				direction,
				threshold,
				spaceId,
				spaceName,
			})),
		).toEqual([
			{
				event: 'excursionStarted',
				direction: 'above',
				threshold: -15,
				spaceId: freezer,
				spaceName: 'Freezer 1',
			},
			{
				event: 'excursionEnded',
				direction: 'above',
				threshold: -15,
				spaceId: freezer,
				spaceName: 'Freezer 1',
			},
		]);
		expect(items[0].summary).toContain('Freezer 1');
	});

	it('the whole workspace with nothing set: the range on the node (shown as 8 and 2) judges', async () => {
		// 5 °C until 14:00, then −20 °C: below the 2 °C the node shows.
		const { items } = await freezerRun(
			(ws) => ({ events: ['excursionStarted'], scope: 'workspace', workspaceId: byId(ws) }),
			[
				{ from: at('14:00'), until: at('16:00'), celsius: -20 },
				{ from: at('13:00'), until: at('16:00'), celsius: 5 },
			],
		);
		expect(
			items.map(({ event, direction, threshold }) => ({ event, direction, threshold })),
		).toEqual([{ event: 'excursionStarted', direction: 'below', threshold: 2 }]);
	});

	it('New Temperature Reading emits every reading unless Only Readings Outside the Range is on', async () => {
		const every = await freezerRun((ws) => ({
			events: ['temperatureReading'],
			scope: 'workspace',
			workspaceId: byId(ws),
			maxTemperature: -15,
			minTemperature: -25,
		}));
		const outside = await freezerRun((ws) => ({
			events: ['temperatureReading'],
			scope: 'workspace',
			workspaceId: byId(ws),
			maxTemperature: -15,
			minTemperature: -25,
			options: { outsideRangeOnly: true },
		}));
		const celsius = (items: IDataObject[]) => items.map((item) => item.degreesCelsius);
		expect(new Set(celsius(every.items))).toEqual(new Set([-20, -12]));
		expect(celsius(outside.items)).toEqual(celsius(every.items).filter((value) => value === -12));
		expect(outside.items.length).toBeGreaterThan(0);
		expect(outside.items[0]).toMatchObject({
			crossed: 'alertAbove',
			alertAbove: -15,
			alertBelow: -25,
		});
	});
});
