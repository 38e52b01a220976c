// What the editor shows of the trigger: the Events list in lifecycle order, and the canvas
// subtitle evaluated by n8n's own expression engine on the parameters as n8n stores them.
import { Workflow, type INodeParameters } from 'n8n-workflow';

import { AssetTrackingTrigger } from '../../nodes/AssetTracking/AssetTrackingTrigger.node';
import { TRIGGER_TYPE } from '../../engine/engine';
import { nodeTypes } from '../../engine/nodeTypes';
import { TEMPERATURE_EVENTS } from '../../nodes/AssetTracking/trigger/parameters/description';
import { FAMILIES } from '../../nodes/AssetTracking/trigger/families/registry';
import { assets } from '../../nodes/AssetTracking/trigger/subjects/assets';
import { EVENT_FIELDS } from './eventFields';
import {
	ALL_EVENTS,
	ASSET_EVENTS,
	SUBJECT_EVENT_FIELDS,
	VERSION_5_EVENTS,
} from './families/scenario';

const description = new AssetTrackingTrigger().description;

/** The Events parameter a node of this version shows (one per version from 3), its options. */
function eventsOf(version: number): Array<{ name: string; value: string }> {
	const shown = description.properties.filter(
		(p) =>
			p.name === 'events' &&
			(p.displayOptions?.show?.['@version'] ?? []).some((c) =>
				typeof c === 'number'
					? c === version
					: version >= Number((c as never as { _cnd: { gte: number } })._cnd.gte),
			),
	);
	expect(shown).toHaveLength(1);
	return shown[0].options as Array<{ name: string; value: string }>;
}

/** The subtitle as n8n's canvas computes it for a node of this version and these parameters. */
function subtitle(typeVersion: number, parameters: INodeParameters): unknown {
	const workflow = new Workflow({
		nodes: [
			{ id: 't', name: 'Trigger', type: TRIGGER_TYPE, typeVersion, position: [0, 0], parameters },
		],
		connections: {},
		active: false,
		nodeTypes,
	});
	const node = workflow.getNode('Trigger')!;
	return workflow.expression.getSimpleParameterValue(
		node,
		description.subtitle as string,
		'internal',
		{},
	);
}

describe('the trigger in the editor', () => {
	it('lists the events in lifecycle order: the registry’s, readings first, each family as things happen, asset events before the shipments and stock ones', () => {
		const events = eventsOf(5);
		// Every event of the registry that version 5 has, once, in registry order, by its name.
		const registered = new Map(
			FAMILIES.flatMap((family) => family.events)
				.filter((choice) => (choice.since ?? 3) <= 5)
				.map((choice) => [choice.value, choice.name]),
		);
		expect(events.map((o) => [o.value, o.name])).toEqual([...registered]);
		expect(events[0].name).toBe('New Temperature Reading');
		const at = (value: string) => events.findIndex((o) => o.value === value);
		for (const [before, after] of [
			['excursionStarted', 'excursionEnded'],
			['enteredSpace', 'leftSpace'],
			['enteredFacility', 'leftFacility'],
			['leftFacility', 'dwellExceeded'],
			['wentSilent', 'reportingAgain'],
			['alarmRaised', 'alarmCleared'],
			['consignmentActivated', 'consignmentArrived'],
			['consignmentArrived', 'consignmentDeactivated'],
		])
			expect({ before, after, in: at(before) < at(after) }).toEqual({ before, after, in: true });
		// The asset events, then the other subjects'.
		const ofAssets = events.map((o) =>
			FAMILIES.some(
				(family) => family.kind === assets && family.events.some((c) => c.value === o.value),
			),
		);
		expect(ofAssets).toEqual([...ofAssets].sort((a, b) => Number(b) - Number(a)));
		// Issue 36's (version 5) among them, where they happen.
		expect(events.map((o) => o.value).filter((value) => !VERSION_5_EVENTS.includes(value))).toEqual(
			ALL_EVENTS,
		);
	});

	it('every event of version 3 has its item fields listed (eventFields.ts), the subjects’ in the Events list’s order', () => {
		expect(Object.keys(EVENT_FIELDS).sort()).toEqual([...ALL_EVENTS].sort());
		expect(Object.keys(SUBJECT_EVENT_FIELDS)).toEqual(
			ALL_EVENTS.filter((event) => !ASSET_EVENTS.includes(event)),
		);
	});

	it.each([3, 4])(
		'version %i lists exactly its own events, without version 5’s (as its saved workflows have them)',
		(version) => {
			expect(eventsOf(version).map((o) => o.value)).toEqual(ALL_EVENTS);
			// One Events parameter shown per version; version 5's holds issue 36's too.
			expect(VERSION_5_EVENTS).toEqual(expect.arrayContaining(['dwellExceeded', 'alarmRaised']));
			expect(eventsOf(5).map((o) => o.value)).toEqual(expect.arrayContaining(VERSION_5_EVENTS));
		},
	);

	it("n8n's node panel lists every event of the newest version: its entries come from the first property named Events or Event", () => {
		// As n8n's node creator picks the property it lists a trigger's entries from (and searches).
		const listed = description.properties.find((p) =>
			['event', 'events', 'trigger on'].includes(p.displayName.toLowerCase()),
		);
		const newest = Math.max(...[description.version].flat());
		expect(listed?.options).toEqual(eventsOf(newest));
		expect((listed?.options as Array<{ value: string }>).map((o) => o.value)).toEqual(
			expect.arrayContaining([...ALL_EVENTS, ...VERSION_5_EVENTS]),
		);
	});

	it("builds the temperature and room event groups from the families' flags exactly as saved versions' display conditions hold them", () => {
		// Same members, same order: a saved node's fields show by these lists.
		const temperature = [
			'temperatureReading',
			'excursionStarted',
			'excursionEnded',
			'budgetConsumed',
		];
		const rooms = ['excursionStarted', 'excursionEnded', 'budgetConsumed'];
		expect(TEMPERATURE_EVENTS).toEqual(temperature);
		const shownWith = (name: string, version: number) =>
			description.properties.find(
				(p) =>
					p.name === name &&
					(p.displayOptions?.show?.['@version'] as unknown[] | undefined)?.includes(version),
			)?.displayOptions?.show?.events;
		expect(shownWith('maxTemperature', 5)).toEqual(temperature);
		expect(shownWith('minTemperature', 5)).toEqual(temperature);
		expect(shownWith('spaceProfiles', 5)).toEqual(rooms);
	});

	it.each([
		[
			4,
			{ events: ['excursionStarted', 'excursionEnded', 'enteredSpace', 'leftSpace'] },
			'Excursion Started, +3',
		],
		[4, { events: ['leftSpace', 'enteredSpace'] }, 'Left Space, +1'],
		[3, { events: ['wentSilent'] }, 'Went Silent'],
		// A new node: the default events.
		[4, {}, 'Excursion Started, +1'],
		[2, { event: 'both' }, 'New Temperature Reading or Location'],
		[2, { event: 'location' }, 'New Location'],
		// Version 1's default Event.
		[1, {}, 'New Temperature Reading'],
	])('version %i with %j shows "%s"', (version, parameters, shown) => {
		expect(subtitle(version, parameters as INodeParameters)).toBe(shown);
	});
});
