import type { INodeProperties } from 'n8n-workflow';

import { spacePicker } from '../../pickers';

/** The option Alarms as the editor shows it; parameters/alarms.ts reads it back. */
export const ALARMS_LABEL = 'Alarms';
export const MAX_ALARMS = 6;
/** Characters of an alarm's key: a hash of what it judges (a changed alarm starts afresh). */
export const ALARM_KEY_LENGTH = 3;

/**
 * An alarm's fields in the order a person states an alarm: "Warning: above 8 °C for 30 minutes
 * in a row, in the chilled rooms" (issue 45). n8n's lint rule
 * n8n-nodes-base/node-param-fixed-collection-type-unsorted-items wants a fixedCollection's literal
 * `values` alphabetized; this list is named, not literal, so the rule does not read it and the
 * order is ours to give (as the Events and Options lists are built from the families).
 */
const ALARM_FIELDS: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		placeholder: 'e.g. Warning',
		description: 'How items and sentences name the alarm',
	},
	{
		displayName: 'Severity',
		name: 'severity',
		type: 'options',
		options: [
			{ name: 'Info', value: 'info' },
			{ name: 'Warning', value: 'warning' },
			{ name: 'Critical', value: 'critical' },
		],
		default: 'warning',
		description:
			'From trigger version 6, while an alarm is raised, the alarms of lower severity and the same direction send no reminders',
	},
	{
		displayName: 'Direction',
		name: 'direction',
		type: 'options',
		options: [
			{ name: 'Above', value: 'above', description: 'Readings above the threshold' },
			{ name: 'Below', value: 'below', description: 'Readings below the threshold' },
		],
		default: 'above',
	},
	{
		displayName: 'Threshold (°C)',
		name: 'threshold',
		type: 'number',
		typeOptions: { numberPrecision: 1 },
		default: 8,
	},
	{
		displayName: 'Delay (Minutes)',
		name: 'delayMinutes',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 30,
		description:
			'Consecutive: how long beyond the threshold before it is raised. Cumulative: the minutes beyond it in total (one per reading) since the activation.',
	},
	{
		displayName: 'Counting',
		name: 'counting',
		type: 'options',
		options: [
			{
				name: 'Consecutive',
				value: 'consecutive',
				description: 'An episode beyond the threshold lasting the delay (the excursion rule)',
			},
			{
				name: 'Cumulative',
				value: 'cumulative',
				description: 'Minutes beyond the threshold in total since the activation, never reset',
			},
		],
		default: 'consecutive',
	},
	spacePicker.multi(
		'spaceIds',
		'Space Names or IDs',
		'The spaces the alarm applies to (a reading counts when the asset was in one of them at its time); none: every reading',
	),
];

export const ALARM_EVENTS = ['alarmRaised', 'alarmCleared', 'alarmOngoing'];

export const alarmsOption: INodeProperties = {
	displayName: ALARMS_LABEL,
	name: 'alarms',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true, maxAllowedFields: MAX_ALARMS },
	placeholder: 'Add Alarm',
	default: {},
	description:
		'Up to six alarm levels, each with its severity: "Warning above 8 °C for 30 minutes", "Critical above 15 °C for 5 minutes", "30 °C for 10 hours in total"',
	displayOptions: {
		show: {
			'/events': ALARM_EVENTS,
			'@version': [{ _cnd: { gte: 5 } }],
		},
	},
	options: [{ displayName: 'Alarm', name: 'alarm', values: ALARM_FIELDS }],
};
