import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { optionsCollection } from '../../helpers/optionsCollection';
import { advancedCollection, retryOptions } from '../../helpers/retryOptions';
import { BOUND_FIELDS, profilesProperty, rangeFields } from '../../helpers/spaceProfiles';
import { assetPicker, pickerWorkspaceLocator, spacePicker, workspacePicker } from '../../pickers';
import { FAMILIES } from '../families/registry';
import { RANGE_SINCE } from '../core/settings';
import {
	DEFAULT_ABOVE,
	DEFAULT_BELOW,
	RANGE_EVENTS,
	ROOMS_SINCE,
	RULES_BY_SPACE,
} from './rulebook';
import { roomRuleFields } from './roomFields';
import type { AnyFamily, EventChoice } from '../families/family';
import { assets } from '../subjects/assets';
import type { AnyKind } from '../subjects/subject';

/**
 * Several assets or spaces, each picked from a searchable list of the workspace (paged by the
 * service, so a workspace of 10,000 assets opens as fast as one of 10) or given by ID or
 * expression; an expression may also give several IDs, comma-separated or as an array.
 */
function pickedList(
	what: 'Asset' | 'Space',
	name: 'assets' | 'spaces',
	field: INodeProperties,
	description: string,
	versions: NonNullable<INodeProperties['displayOptions']>['show'] = {
		'@version': [{ _cnd: { gte: 2 } }],
	},
	more: INodeProperties[] = [],
): INodeProperties {
	return {
		displayName: `${what}s`,
		name,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: `Add ${what}`,
		default: {},
		required: true,
		description,
		displayOptions: { show: { scope: [name], ...versions } },
		options: [
			{ displayName: what, name: what.toLowerCase(), values: [{ ...field, name: 'id' }, ...more] },
		],
	};
}

/** The pickers among the trigger's parameters: the node serves their search methods. */
export const TRIGGER_PICKERS = [
	workspacePicker,
	spacePicker,
	assetPicker,
	...watchedKinds(FAMILIES).flatMap(({ kind }) => kind.pickers ?? []),
];

/**
 * The kinds of subject other than assets the families watch, each once, with their events (the
 * assets' parameter, Watch, is the trigger's own: below).
 */
function watchedKinds(families: readonly AnyFamily[]) {
	const kinds = new Map<string, { kind: AnyKind; events: string[] }>();
	for (const family of families) {
		if (family.kind === assets) continue;
		const watched = kinds.get(family.kind.name) ?? { kind: family.kind, events: [] };
		watched.events.push(...family.events.map((choice) => choice.value));
		kinds.set(family.kind.name, watched);
	}
	return [...kinds.values()];
}

/**
 * The parameters of the events that watch consignments, facilities and printers: the Workspace
 * they list within (shown whatever Watch says: with Specific Assets it is the one Workspace field,
 * then required), and each kind's pickers, shown with its events.
 */
function subjectProperties(families: readonly AnyFamily[]): INodeProperties[] {
	const kinds = watchedKinds(families);
	const events = kinds.flatMap((watched) => watched.events);
	if (events.length === 0) return [];
	return [
		{
			...workspacePicker.locator(
				'The workspace whose consignments, facilities or printers are watched; the asset pickers below list its assets',
			),
			displayOptions: { show: { scope: ['assets'], events } },
		},
		...kinds.flatMap(({ kind, events: shown }) =>
			(kind.parameters ?? []).map((parameter) => ({
				...parameter,
				displayOptions: { show: { '@version': [{ _cnd: { gte: 3 } }], events: shown } },
			})),
		),
	];
}

/** The events of the families that watch assets: Watch concerns them alone (shown with them in version 5). */
const assetEvents = (families: readonly AnyFamily[]) =>
	families
		.filter((family) => family.kind === assets)
		.flatMap((family) => family.events.map((choice) => choice.value));

/** From version 5 (issue 37): Watch only with asset events, the temperature range on the node. */
const FROM_V5 = { '@version': [{ _cnd: { gte: RANGE_SINCE } }] };
const BEFORE_V5 = { '@version': [1, 2, 3, 4] };
/** Version 5 alone: its range on the node and its spaces' ranges, as saved (issue 37). */
const V5 = { '@version': [5] };
/** From version 6: each room with its whole rule, the node's range the default (issue 45). */
const FROM_V6 = { '@version': [{ _cnd: { gte: ROOMS_SINCE } }] };

/** Events of families that watch other subjects than assets: they hide the picker-only Workspace. */
const subjectEvents = (families: readonly AnyFamily[]) =>
	watchedKinds(families).flatMap((watched) => watched.events);

/** The values of the families' events that carry a flag, each once, in registry order. */
const eventsWhere = (
	flag: 'judgesRange' | 'judgesRooms',
	families: readonly AnyFamily[] = FAMILIES,
): string[] => [
	...new Set(
		families.flatMap((family) => family.events.filter((c) => c[flag]).map((c) => c.value)),
	),
];

/** The events judged by the temperature range: choosing one shows the node's range. */
export const TEMPERATURE_EVENTS = eventsWhere('judgesRange');
/** The events whose readings Profiles by Space (version 5) and the spaces' ranges judge. */
const PROFILE_EVENTS = eventsWhere('judgesRooms');

/** Version 3's Events, the first version with a list of events. */
const EVENTS_SINCE = 3;

/**
 * Events from version 3, one property per span of versions that list the same events: each
 * version lists the families' events that exist in it (an event's `since`), so a saved node of
 * an older version keeps exactly its list (versions 3 and 4 without issue 36's, version 5 with).
 */
function eventProperties(families: readonly AnyFamily[]): INodeProperties[] {
	// Once each, where it first comes: two families may emit one event (assetDwell, pieceDwell).
	const choices = [
		...new Map(families.flatMap((family) => family.events).map((c) => [c.value, c])).values(),
	];
	const sinceOf = (choice: EventChoice) => choice.since ?? EVENTS_SINCE;
	const starts = [...new Set([EVENTS_SINCE, ...choices.map(sinceOf)])].sort((a, b) => a - b);
	return starts.map((from, i) => {
		const until = starts[i + 1];
		const versions =
			until === undefined
				? [{ _cnd: { gte: from } }]
				: Array.from({ length: until - from }, (_, k) => from + k);
		const listed = choices
			.filter((choice) => sinceOf(choice) <= from)
			.map(({ value, name, description }) => ({ value, name, description }));
		return { ...eventsProperty(listed), displayOptions: { show: { '@version': versions } } };
	});
}

/** The Events parameter listing these events. */
function eventsProperty(choices: INodePropertyOptions[]): INodeProperties {
	return {
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		noDataExpression: true,
		required: true,
		default: ['excursionStarted', 'excursionEnded'],
		description:
			'What starts the workflow. Readings emit every reading; the other events emit once per excursion, space or facility stay, silence, used-up Stability Budget, consignment or piece movement, or change of an asset group or printer. Asset events watch the assets chosen in Watch; the others, the consignments, facilities and printers of the Workspace.',
		// In lifecycle order (readings, then each family's events as they happen: Started before
		// Ended, Entered before Left; the asset events, then the shipments and stock events), not
		// alphabetical. n8n's lint rule n8n-nodes-base/node-param-multi-options-type-unsorted-items
		// wants a literal list of five or more alphabetized; this list is built from the families,
		// which the rule does not read.
		options: choices,
	};
}

/** Versions 1 and 2's single Event. */
const LEGACY_EVENTS = [
	{
		name: 'New Temperature Reading',
		value: 'temperature',
		description: 'Starts the workflow for every new temperature reading of a watched asset',
	},
	{
		name: 'New Location',
		value: 'location',
		description: 'Starts the workflow for every new location reading of a watched asset',
	},
	{
		name: 'New Temperature Reading or Location',
		value: 'both',
		description: 'Starts the workflow for every new reading of either kind',
	},
];

/**
 * The canvas subtitle, an n8n expression: the first chosen event's display name, then "+N" for
 * the others ("Excursion Started, +3"); versions 1 and 2 name their one Event. The names are
 * written into the expression as a flat JSON object (no nested braces: `}}` would end it).
 */
export function triggerSubtitle(families: readonly AnyFamily[] = FAMILIES): string {
	const names: Record<string, string> = {};
	for (const choice of [...LEGACY_EVENTS, ...families.flatMap((family) => family.events)])
		names[choice.value] = choice.name;
	const first = `(${JSON.stringify(names)}[events[0]] || events[0])`;
	const more = `(events.length > 1 ? ", +" + (events.length - 1) : "")`;
	return `={{ ((events) => events.length === 0 ? "" : ${first} + ${more})([].concat($parameter["events"] || $parameter["event"] || [])) }}`;
}

/** The trigger's parameters: what to watch (events, scope) and how (options). */
export function triggerProperties(families: readonly AnyFamily[] = FAMILIES): INodeProperties[] {
	const hiddenBySubjects = subjectEvents(families);
	const watchEvents = assetEvents(families);
	return [
		// Newest first: n8n's node panel lists a trigger's entries (and finds them by search) from
		// the first property named Events or Event, whatever the version it shows with; the older
		// versions' lists, and version 1 and 2's Event, come after it.
		...eventProperties(families).reverse(),
		{
			displayName: 'Event',
			name: 'event',
			type: 'options',
			noDataExpression: true,
			default: 'temperature',
			displayOptions: { show: { '@version': [1, 2] } },
			options: LEGACY_EVENTS,
		},
		{ ...WATCH, displayOptions: { show: BEFORE_V5 } },
		// Version 5: Watch concerns the asset events alone, so it shows with them only.
		{ ...WATCH, displayOptions: { show: { events: watchEvents, ...FROM_V5 } } },
		{
			...workspacePicker.locator(
				'The workspace whose assets are watched (and its consignments, facilities or printers, for their events)',
			),
			displayOptions: { show: { scope: ['workspace', 'spaces'] } },
		},
		// Version 5 with no asset event chosen (Watch hidden): the Workspace of the other subjects.
		...(hiddenBySubjects.length > 0
			? [
					{
						...workspacePicker.locator(
							'The workspace whose consignments, facilities or printers are watched',
						),
						displayOptions: {
							show: { events: hiddenBySubjects, ...FROM_V5 },
							hide: { events: watchEvents },
						},
					},
				]
			: []),
		{
			...pickerWorkspaceLocator('assets'),
			displayOptions: {
				show: { scope: ['assets'], '@version': [{ _cnd: { gte: 2 } }] },
				...(hiddenBySubjects.length > 0 ? { hide: { events: hiddenBySubjects } } : {}),
			},
		},
		...subjectProperties(families),
		pickedList(
			'Space',
			'spaces',
			spacePicker.locator(),
			'The spaces whose assets are watched: the assets currently in any of them',
			{ '@version': [2, 3, 4] },
		),
		// Version 5: a space is picked once, with its range (issue 37).
		pickedList(
			'Space',
			'spaces',
			spacePicker.locator(),
			'The spaces whose assets are watched (the assets currently in any of them), each with the range that judges the readings taken in it',
			V5,
			spaceRange('this space', true),
		),
		// Version 6: each watched room with its whole rule; a reading taken in none is not judged.
		pickedList(
			'Space',
			'spaces',
			spacePicker.locator(),
			'The rooms whose assets are watched (the assets currently in any of them), each with its own rule: the range, Minimum Duration, Hysteresis, Stability Budget and Dwell Limit that judge what happens in it. A reading taken in none of them is not judged.',
			FROM_V6,
			roomRuleFields('this room'),
		),
		pickedList('Asset', 'assets', assetPicker.locator(), 'The assets to watch'),
		{
			displayName: 'Space IDs',
			name: 'spaceIds',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. Mip48ssbhfbKUdFJOUkO,Zk3pR8vWq1LmN5tBc7Ya',
			description:
				'Comma-separated IDs of the spaces. Assets currently in any of them are watched.',
			displayOptions: { show: { scope: ['spaces'], '@version': [1] } },
		},
		{
			displayName: 'Asset IDs',
			name: 'assetIds',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. 00Es43YBJfNRXNSvLmni,Zk3pR8vWq1LmN5tBc7Ya',
			description: 'Comma-separated IDs of the assets to watch',
			displayOptions: { show: { scope: ['assets'], '@version': [1] } },
		},
		...nodeRange,
		...defaultRange,
		{
			...spaceProfiles(true),
			displayOptions: {
				show: { events: PROFILE_EVENTS, scope: ['workspace', 'assets'], ...V5 },
			},
		},
		rulesBySpace,
		{ ...legacyOptions, displayOptions: { show: { '@version': [1, 2] } } },
		{ ...eventOptions(families, 3), displayOptions: { show: { '@version': [3] } } },
		{ ...eventOptions(families, 4), displayOptions: { show: { '@version': [4] } } },
		{ ...eventOptions(families, 5), displayOptions: { show: V5 } },
		{ ...eventOptions(families, 6), displayOptions: { show: FROM_V6 } },
		advancedCollection(WHEN_EXHAUSTED, ADVANCED_SINCE),
	];
}

/** Watch: the assets the asset events watch. */
const WATCH: INodeProperties = {
	displayName: 'Watch',
	name: 'scope',
	type: 'options',
	noDataExpression: true,
	default: 'workspace',
	description:
		'The assets the asset events watch (readings, excursions, spaces, facilities, silence, stability budget)',
	options: [
		{
			name: 'All Assets in a Workspace',
			value: 'workspace',
			description: 'Every labelled asset of the workspace, including assets added later',
		},
		{
			name: 'Assets in Spaces',
			value: 'spaces',
			description: 'The assets currently in any of the chosen spaces',
		},
		{
			name: 'Specific Assets',
			value: 'assets',
			description: 'The assets with the given IDs',
		},
	],
};

/** The trigger version from which the transport settings sit in Advanced, not in Options. */
export const ADVANCED_SINCE = 4;

const WHEN_EXHAUSTED =
	'A poll that still fails emits nothing, and the next poll picks its events up.';

/** Options every version has (and versions 1 to 3 the transport settings, now in Advanced). */
const commonOptions: INodeProperties[] = [
	{
		displayName: 'Concurrency',
		name: 'concurrency',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 100 },
		default: 10,
		description:
			'Most requests sent to the service at the same time while a poll reads many assets',
	},
	{
		displayName: 'Late Readings Window (Minutes)',
		name: 'lateWindowMinutes',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 180,
		description:
			'How far behind the newest reading of an asset a reading (or a space or facility change) may arrive and still be emitted once (labels upload in batches, and a batch can arrive late). Older ones are never emitted. The default covers 3 hours: nine uploads of a label reporting every 20 minutes, three of an hourly one.',
	},
	{
		displayName: 'Look Back on First Poll (Minutes)',
		name: 'lookBackMinutes',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 0,
		description:
			'How far back the first poll after activation looks for readings. 0 emits nothing on the first poll: it only notes where each asset stands, and later polls emit what is new. Assets or events added to a running trigger start from the moment of the change.',
	},
];

const summaryLocations = (show: Record<string, string[]>): INodeProperties => ({
	displayName: 'Summary Locations',
	name: 'summaryLocations',
	type: 'boolean',
	default: false,
	description:
		'Whether to ask the service for summary (merged) locations instead of raw ones. Changing it starts the trigger afresh.',
	displayOptions: { show },
});

const temperatureBound = (
	name: keyof typeof BOUND_FIELDS,
	description: string,
	show: Record<string, string[]>,
): INodeProperties => ({ ...BOUND_FIELDS[name], description, displayOptions: { show } });

/** Versions 1 and 2: one Event, temperatures filtered by Alert Above and Below. */
const legacyOptions = optionsCollection([
	temperatureBound(
		'maxTemperature',
		'Emit only temperature readings above this threshold. With Alert Below as well, readings outside the range are emitted. Each item says which threshold it crossed (crossed) and the thresholds in force (alertAbove, alertBelow).',
		{ '/event': ['temperature', 'both'] },
	),
	temperatureBound(
		'minTemperature',
		'Emit only temperature readings below this threshold. With Alert Above as well, readings outside the range are emitted. Each item says which threshold it crossed (crossed) and the thresholds in force (alertAbove, alertBelow).',
		{ '/event': ['temperature', 'both'] },
	),
	...commonOptions,
	...retryOptions(WHEN_EXHAUSTED),
	summaryLocations({ '/event': ['location', 'both'] }),
]);

/**
 * A space's own range: Alert Above and Below, and its Stability Budget. Version 5 shows each with
 * the events it judges (`byEvent`); versions 3 and 4 show all three, as saved.
 */
function spaceRange(where: string, byEvent: boolean): INodeProperties[] {
	const events = { bounds: PROFILE_EVENTS, budget: ['budgetConsumed'] };
	return rangeFields(where, ' (Stability Budget Consumed)', (field) =>
		byEvent ? { displayOptions: { show: { '/events': events[field] } } } : {},
	);
}

/**
 * Profiles by Space (profiles.ts): per space, its own bounds and budget, for the readings taken
 * while an asset was in it. In Options in versions 3 and 4; on the node from version 5, with
 * Watch's other scopes (with Assets in Spaces each watched space carries its range).
 */
const spaceProfiles = (byEvent: boolean): INodeProperties =>
	profilesProperty(
		spacePicker.locator('The space whose readings this profile judges'),
		byEvent
			? "Bounds and budget per space: a reading is judged by the profile of the space the asset was in at the reading's time (freezers, chilled rooms and docks side by side); a reading in no listed space by Alert Above and Alert Below above"
			: "Bounds and budget per space: a reading is judged by the profile of the space the asset was in at the reading's time (freezers, chilled rooms and docks side by side); a reading in no listed space by the options Alert Above, Alert Below and Stability Budget",
		spaceRange('this space', byEvent),
		{ show: { '/events': PROFILE_EVENTS } },
	);

/**
 * Version 5's range on the node, shown whenever a temperature event is chosen: nothing judges a
 * temperature by a bound the user cannot see (issue 37).
 */
const nodeRange: INodeProperties[] = [
	{
		...temperatureBound(
			'maxTemperature',
			'Upper bound: an excursion is a run of temperatures above it, and every reading above it uses a minute of the Stability Budget. Judges the readings taken in no space with a range of its own. With the option Only Readings Outside the Range, New Temperature Reading emits only readings above it or below Alert Below.',
			{ events: TEMPERATURE_EVENTS },
		),
		displayOptions: { show: { events: TEMPERATURE_EVENTS, ...V5 } },
	},
	{
		...temperatureBound(
			'minTemperature',
			'Lower bound: an excursion is a run of temperatures below it, and every reading below it uses a minute of the Stability Budget. Judges the readings taken in no space with a range of its own.',
			{ events: TEMPERATURE_EVENTS },
		),
		displayOptions: { show: { events: TEMPERATURE_EVENTS, ...V5 } },
	},
];

/**
 * Version 6's range on the node: the default rule's, for readings taken in rooms Rules by Space
 * does not list, so with Workspace and Specific Assets only (with Assets in Spaces every room has
 * its own, and no range sits beside them).
 */
const defaultRange: INodeProperties[] = [
	{
		...BOUND_FIELDS.maxTemperature,
		displayName: DEFAULT_ABOVE,
		description:
			'The default upper bound, for readings taken in no room of Rules by Space: an excursion is a run of temperatures above it, and every reading above it uses a minute of the Stability Budget. With the option Only Readings Outside the Range, New Temperature Reading emits only readings above it or below the Default Alert Below.',
		displayOptions: {
			show: { events: TEMPERATURE_EVENTS, scope: ['workspace', 'assets'], ...FROM_V6 },
		},
	},
	{
		...BOUND_FIELDS.minTemperature,
		displayName: DEFAULT_BELOW,
		description:
			'The default lower bound, for readings taken in no room of Rules by Space: an excursion is a run of temperatures below it, and every reading below it uses a minute of the Stability Budget',
		displayOptions: {
			show: { events: TEMPERATURE_EVENTS, scope: ['workspace', 'assets'], ...FROM_V6 },
		},
	},
];

/**
 * Version 6's Rules by Space (`spaceProfiles`, named as before): per room, its whole rule, for the
 * readings and stays in it; the node's Default Alert Above and Below and the options the rule of
 * the rooms not listed.
 */
const rulesBySpace: INodeProperties = {
	displayName: RULES_BY_SPACE,
	name: 'spaceProfiles',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Room',
	default: {},
	description:
		"A rule per room (freezers, chilled rooms and docks side by side): a reading is judged by the rule of the room the asset was in at its time, a stay by its room's Dwell Limit. Rooms not listed follow the default: Default Alert Above and Below, and the options.",
	displayOptions: {
		show: {
			events: [...RANGE_EVENTS, 'temperatureReading', 'dwellExceeded'],
			scope: ['workspace', 'assets'],
			...FROM_V6,
		},
	},
	options: [
		{
			displayName: 'Room',
			name: 'profile',
			values: [
				{ ...spacePicker.locator('The room this rule judges'), name: 'spaceId' },
				...roomRuleFields('this room'),
			],
		},
	],
};

/** Version 5's option: New Temperature Reading emits every reading unless it is on. */
const OUTSIDE_RANGE_ONLY: INodeProperties = {
	displayName: 'Only Readings Outside the Range',
	name: 'outsideRangeOnly',
	type: 'boolean',
	default: false,
	description:
		'Whether New Temperature Reading emits only the readings above Alert Above or below Alert Below (each item then says which bound it crossed), instead of every reading',
	displayOptions: { show: { '/events': ['temperatureReading'] } },
};

/**
 * From version 3: each family adds its own options. Versions 3 and 4 hold the thresholds and
 * Profiles by Space here (version 3 the transport settings too, as its saved workflows do);
 * version 5 holds them on the node.
 */
function eventOptions(families: readonly AnyFamily[], version: 3 | 4 | 5 | 6): INodeProperties {
	const thresholds: INodeProperties[] =
		version < RANGE_SINCE
			? [
					temperatureBound(
						'maxTemperature',
						'Upper bound: an excursion is a run of temperatures above it, and every reading above it uses a minute of the Stability Budget (Profiles by Space may set its own per space). When set, New Temperature Reading emits only readings above it (with Alert Below, readings outside the range).',
						{ '/events': TEMPERATURE_EVENTS },
					),
					temperatureBound(
						'minTemperature',
						'Lower bound: an excursion is a run of temperatures below it, and every reading below it uses a minute of the Stability Budget (Profiles by Space may set its own per space). When set, New Temperature Reading emits only readings below it (with Alert Above, readings outside the range).',
						{ '/events': TEMPERATURE_EVENTS },
					),
					spaceProfiles(false),
				]
			: [OUTSIDE_RANGE_ONLY];
	const options: INodeProperties[] = [
		...thresholds,
		...commonOptions,
		...(version === 3 ? retryOptions(WHEN_EXHAUSTED) : []),
		summaryLocations({ '/events': ['location'] }),
		...families.flatMap((family) => family.options ?? []),
	];
	return optionsCollection(
		version < RANGE_SINCE
			? options.sort((a, b) => a.displayName.localeCompare(b.displayName))
			: byMeaning(version >= ROOMS_SINCE ? options.map(asDefault) : options),
	);
}

/**
 * Version 6: Minimum Duration and Stability Budget are the default rule's, for rooms not listed:
 * with Assets in Spaces every room carries its own, and they do not show.
 */
function asDefault(option: INodeProperties): INodeProperties {
	if (!['excursionMinutes', 'budgetMinutes'].includes(option.name)) return option;
	return {
		...option,
		description: `${option.description} The default, for readings taken in no room of Rules by Space.`,
		displayOptions: { ...option.displayOptions, hide: { '/scope': ['spaces'] } },
	};
}

/**
 * Version 5's Options in the order a QA lead reads them, each rule's settings side by side
 * (issue 37: "Alert Above / Alert at (%) / Alert Below" read as one rule in versions 3 and 4).
 * n8n's lint rule n8n-nodes-base/node-param-collection-type-unsorted-items wants a collection's
 * literal list alphabetized; this list is built from the families, as Events is, so the rule
 * does not read it, and the order is ours to give. Versions 3 and 4 stay alphabetical, as saved.
 */
const OPTIONS_BY_MEANING = [
	// Excursions and their reminders.
	'excursionMinutes',
	'hysteresis',
	'remindEveryMinutes',
	'alarms',
	// The Stability Budget.
	'budgetMinutes',
	'budgetThresholds',
	// Silence, time limits, stock.
	'silentAfterMinutes',
	'dwellSpaceMinutes',
	'dwellFacilityMinutes',
	'deliverWithinHours',
	'minimumAssets',
	// Readings and how they are read.
	'outsideRangeOnly',
	'lateWindowMinutes',
	'lookBackMinutes',
	'summaryLocations',
	'concurrency',
];

function byMeaning(options: INodeProperties[]): INodeProperties[] {
	const rank = (option: INodeProperties) => {
		const at = OPTIONS_BY_MEANING.indexOf(option.name);
		if (at < 0) throw new Error(`Option ${option.name} has no place in OPTIONS_BY_MEANING`);
		return at;
	};
	return options.sort((a, b) => rank(a) - rank(b));
}
