import type { INodeProperties } from 'n8n-workflow';

import { optionsCollection, workspaceLocator } from '../actions/fields';
import { retryOptions } from '../helpers/retryOptions';

/** Defaults of the options; the parameter list repeats them as literals, as n8n's lint wants. */
export const TRIGGER_DEFAULTS = {
	concurrency: 10,
	lookBackMinutes: 0,
} as const;

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
		displayName: 'Space IDs',
		name: 'spaceIds',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. SPC-0001,SPC-0002',
		description: 'Comma-separated IDs of the spaces. Assets currently in any of them are watched.',
		displayOptions: { show: { scope: ['spaces'] } },
	},
	{
		displayName: 'Asset IDs',
		name: 'assetIds',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. AST-0001,AST-0002',
		description: 'Comma-separated IDs of the assets to watch',
		displayOptions: { show: { scope: ['assets'] } },
	},
	optionsCollection([
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
			displayName: 'Look Back on First Poll (Minutes)',
			name: 'lookBackMinutes',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 0,
			description:
				'How far back the first poll after activation (or after the event or the watched assets change) looks. 0 emits nothing on the first poll: it only notes where each asset stands, and later polls emit what is new.',
		},
		{
			displayName: 'Maximum Temperature',
			name: 'maxTemperature',
			type: 'number',
			typeOptions: { numberPrecision: 1 },
			default: 8,
			description:
				'Emit only temperature readings above this value, in degrees Celsius (an alert). With a minimum as well, readings outside the range are emitted.',
			displayOptions: { show: { '/event': ['temperature', 'both'] } },
		},
		{
			displayName: 'Minimum Temperature',
			name: 'minTemperature',
			type: 'number',
			typeOptions: { numberPrecision: 1 },
			default: 2,
			description:
				'Emit only temperature readings below this value, in degrees Celsius (an alert). With a maximum as well, readings outside the range are emitted.',
			displayOptions: { show: { '/event': ['temperature', 'both'] } },
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
