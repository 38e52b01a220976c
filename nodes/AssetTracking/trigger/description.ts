import type { INodeProperties } from 'n8n-workflow';

import {
	assetLocator,
	optionsCollection,
	spaceLocator,
	workspaceLocator,
} from '../descriptions/locators';
import { retryOptions } from '../helpers/retryOptions';

/** Defaults of the options; the parameter list repeats them as literals, as n8n's lint wants. */
export const TRIGGER_DEFAULTS = {
	concurrency: 10,
	lookBackMinutes: 0,
	lateWindowMinutes: 180,
} as const;

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
		displayOptions: { show: { scope: [name], '@version': [2] } },
		options: [{ displayName: what, name: what.toLowerCase(), values: [{ ...field, name: 'id' }] }],
	};
}

/** The trigger's parameters: what to watch (event, scope) and how (options). */
export const triggerProperties: INodeProperties[] = [
	{
		displayName: 'Event',
		name: 'event',
		type: 'options',
		noDataExpression: true,
		default: 'temperature',
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
		...workspaceLocator('The workspace whose assets are watched.'),
		displayOptions: { show: { scope: ['workspace', 'spaces'] } },
	},
	{
		...workspaceLocator(
			'Workspace to pick the assets from. Only the From List mode uses it; it is not sent to the service.',
		),
		required: false,
		displayOptions: { show: { scope: ['assets'], '@version': [2] } },
	},
	pickedList(
		'Space',
		'spaces',
		spaceLocator(),
		'The spaces whose assets are watched: the assets currently in any of them',
	),
	pickedList('Asset', 'assets', assetLocator(), 'The assets to watch'),
	{
		displayName: 'Space IDs',
		name: 'spaceIds',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. SPC-0001,SPC-0002',
		description: 'Comma-separated IDs of the spaces. Assets currently in any of them are watched.',
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
	optionsCollection([
		{
			displayName: 'Alert Above (°C)',
			name: 'maxTemperature',
			type: 'number',
			typeOptions: { numberPrecision: 1 },
			default: 8,
			description:
				'Emit only temperature readings above this threshold. With Alert Below as well, readings outside the range are emitted. Each item says which threshold it crossed (crossed) and the thresholds in force (alertAbove, alertBelow).',
			displayOptions: { show: { '/event': ['temperature', 'both'] } },
		},
		{
			displayName: 'Alert Below (°C)',
			name: 'minTemperature',
			type: 'number',
			typeOptions: { numberPrecision: 1 },
			default: 2,
			description:
				'Emit only temperature readings below this threshold. With Alert Above as well, readings outside the range are emitted. Each item says which threshold it crossed (crossed) and the thresholds in force (alertAbove, alertBelow).',
			displayOptions: { show: { '/event': ['temperature', 'both'] } },
		},
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
				'How far behind the newest reading of an asset a reading may arrive and still be emitted once (labels upload in batches, and a batch can arrive late). Older readings are never emitted. The default covers 3 hours: nine uploads of a label reporting every 20 minutes, three of an hourly one.',
		},
		{
			displayName: 'Look Back on First Poll (Minutes)',
			name: 'lookBackMinutes',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 0,
			description:
				'How far back the first poll after activation looks. 0 emits nothing on the first poll: it only notes where each asset stands, and later polls emit what is new. Assets or events added to a running trigger start from the moment of the change.',
		},
		...retryOptions(
			'A poll that still fails emits nothing, and the next poll picks its readings up.',
		),
		{
			displayName: 'Summary Locations',
			name: 'summaryLocations',
			type: 'boolean',
			default: false,
			description:
				'Whether to ask the service for summary (merged) locations instead of raw ones. Changing it starts the trigger afresh.',
			displayOptions: { show: { '/event': ['location', 'both'] } },
		},
	]),
];
