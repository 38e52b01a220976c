import type { INodeProperties } from 'n8n-workflow';

import { optionsCollection } from '../helpers/optionsCollection';
import { retryOptions } from '../helpers/retryOptions';
import { assetPicker, pickerWorkspaceLocator, spacePicker, workspacePicker } from '../pickers';
import { FAMILIES } from './families/registry';
import { ALERT_ABOVE, ALERT_BELOW } from './settings';
import { isSubjectFamily, type Family, type SubjectKind } from './subjects/subject';

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
		displayOptions: { show: { scope: [name], '@version': [{ _cnd: { gte: 2 } }] } },
		options: [{ displayName: what, name: what.toLowerCase(), values: [{ ...field, name: 'id' }] }],
	};
}

/** The pickers among the trigger's parameters: the node serves their search methods. */
export const TRIGGER_PICKERS = [
	workspacePicker,
	spacePicker,
	assetPicker,
	...watchedKinds(FAMILIES).flatMap(({ kind }) => kind.pickers ?? []),
];

/** The kinds of subject other than assets the families watch, each once, with their events. */
function watchedKinds(families: readonly Family[]) {
	const kinds = new Map<string, { kind: SubjectKind; events: string[] }>();
	for (const family of families) {
		if (!isSubjectFamily(family)) continue;
		const watched = kinds.get(family.subject.name) ?? { kind: family.subject, events: [] };
		watched.events.push(...family.events.map((choice) => choice.value));
		kinds.set(family.subject.name, watched);
	}
	return [...kinds.values()];
}

/**
 * The parameters of the events that watch consignments, facilities and printers: the Workspace
 * they list within (shown whatever Watch says: with Specific Assets it is the one Workspace field,
 * then required), and each kind's pickers, shown with its events.
 */
function subjectProperties(families: readonly Family[]): INodeProperties[] {
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

/** Events of families that watch other subjects than assets: they hide the picker-only Workspace. */
const subjectEvents = (families: readonly Family[]) =>
	watchedKinds(families).flatMap((watched) => watched.events);

const TEMPERATURE_EVENTS = ['temperatureReading', 'excursionStarted', 'excursionEnded'];

/** Version 3's Events: every family's events, and the options only some families use. */
function eventProperties(families: readonly Family[]): INodeProperties {
	const choices = families.flatMap((family) => family.events);
	return {
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		noDataExpression: true,
		required: true,
		default: ['excursionStarted', 'excursionEnded'],
		description:
			'What starts the workflow. Readings emit every reading; the other events emit once per excursion, space or facility stay, silence, consignment or piece movement, or change of an asset group or printer. Asset events watch the assets chosen in Watch; the others, the consignments, facilities and printers of the Workspace.',
		options: [...choices].sort((a, b) => a.name.localeCompare(b.name)),
		displayOptions: { show: { '@version': [{ _cnd: { gte: 3 } }] } },
	};
}

/** The trigger's parameters: what to watch (events, scope) and how (options). */
export function triggerProperties(families: readonly Family[] = FAMILIES): INodeProperties[] {
	const hiddenBySubjects = subjectEvents(families);
	return [
		eventProperties(families),
		{
			displayName: 'Event',
			name: 'event',
			type: 'options',
			noDataExpression: true,
			default: 'temperature',
			displayOptions: { show: { '@version': [1, 2] } },
			options: [
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
			],
		},
		{
			displayName: 'Watch',
			name: 'scope',
			type: 'options',
			noDataExpression: true,
			default: 'workspace',
			description:
				'The assets the asset events watch (readings, excursions, spaces, facilities, silence)',
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
		},
		{
			...workspacePicker.locator(
				'The workspace whose assets are watched (and its consignments, facilities or printers, for their events)',
			),
			displayOptions: { show: { scope: ['workspace', 'spaces'] } },
		},
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
		),
		pickedList('Asset', 'assets', assetPicker.locator(), 'The assets to watch'),
		{
			displayName: 'Space IDs',
			name: 'spaceIds',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. SPC-0001,SPC-0002',
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
			placeholder: 'e.g. AST-0001,AST-0002',
			description: 'Comma-separated IDs of the assets to watch',
			displayOptions: { show: { scope: ['assets'], '@version': [1] } },
		},
		{ ...legacyOptions, displayOptions: { show: { '@version': [1, 2] } } },
		{ ...eventOptions(families), displayOptions: { show: { '@version': [{ _cnd: { gte: 3 } }] } } },
	];
}

/** Options every version has. */
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
	...retryOptions('A poll that still fails emits nothing, and the next poll picks its events up.'),
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

/** Alert Above and Below: the temperature bounds, each described and shown per version. */
const BOUNDS = {
	maxTemperature: {
		displayName: ALERT_ABOVE,
		name: 'maxTemperature',
		type: 'number',
		typeOptions: { numberPrecision: 1 },
		default: 8,
	},
	minTemperature: {
		displayName: ALERT_BELOW,
		name: 'minTemperature',
		type: 'number',
		typeOptions: { numberPrecision: 1 },
		default: 2,
	},
} satisfies Record<string, INodeProperties>;

const temperatureBound = (
	name: keyof typeof BOUNDS,
	description: string,
	show: Record<string, string[]>,
): INodeProperties => ({ ...BOUNDS[name], description, displayOptions: { show } });

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
	summaryLocations({ '/event': ['location', 'both'] }),
]);

/** Version 3: the thresholds serve readings and excursions; each family adds its own options. */
function eventOptions(families: readonly Family[]): INodeProperties {
	const options: INodeProperties[] = [
		temperatureBound(
			'maxTemperature',
			'Upper bound: an excursion is a run of temperatures above it. When set, New Temperature Reading emits only readings above it (with Alert Below, readings outside the range).',
			{ '/events': TEMPERATURE_EVENTS },
		),
		temperatureBound(
			'minTemperature',
			'Lower bound: an excursion is a run of temperatures below it. When set, New Temperature Reading emits only readings below it (with Alert Above, readings outside the range).',
			{ '/events': TEMPERATURE_EVENTS },
		),
		...commonOptions,
		summaryLocations({ '/events': ['location'] }),
		...families.flatMap((family) => family.options ?? []),
	];
	return optionsCollection(options.sort((a, b) => a.displayName.localeCompare(b.displayName)));
}
