import type { INodeProperties } from 'n8n-workflow';

import { BOUND_FIELDS, BUDGET_LABEL, DEFAULT_BUDGET_MINUTES } from '../../helpers/spaceProfiles';
import { HYSTERESIS_LABEL, MINIMUM_LABEL, RANGE_EVENTS, ROOM_DWELL_LABEL } from './rulebook';

const EXCURSION_EVENTS = ['excursionStarted', 'excursionOngoing', 'excursionEnded'];
/** The range judges the excursions, the budget and (Only Readings Outside the Range) readings. */
const RANGED = [...RANGE_EVENTS, 'temperatureReading'];
const shownWith = (events: string[]) => ({ displayOptions: { show: { '/events': events } } });

/**
 * Version 6's rule of one room, as both Spaces (Assets in Spaces) and Rules by Space give it, each
 * field shown with the events it judges, in the order a QA lead states a room's rule: its range,
 * how long and how far an excursion lasts, its Stability Budget, its Dwell Limit. The range starts
 * empty and is refused by name while empty (parameters/rulebook.ts): a new room never judges by
 * 2–8 °C unseen. A list built here, not a literal one, so n8n's rule sorting a fixedCollection's
 * literal fields alphabetically does not read it.
 */
export function roomRuleFields(where: string): INodeProperties[] {
	return [
		{
			...BOUND_FIELDS.maxTemperature,
			default: null,
			required: true,
			placeholder: 'e.g. -15',
			description: `Upper bound for readings taken in ${where}: its own, never a default`,
			...shownWith(RANGED),
		},
		{
			...BOUND_FIELDS.minTemperature,
			default: null,
			required: true,
			placeholder: 'e.g. -25',
			description: `Lower bound for readings taken in ${where}: its own, never a default`,
			...shownWith(RANGED),
		},
		{
			displayName: MINIMUM_LABEL,
			name: 'excursionMinutes',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 10,
			description: `How long a temperature in ${where} must stay beyond its range before Excursion Started is emitted`,
			...shownWith(EXCURSION_EVENTS),
		},
		{
			displayName: HYSTERESIS_LABEL,
			name: 'hysteresis',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 1 },
			default: 0.5,
			description: `How far back inside its range a temperature in ${where} must come to end an excursion`,
			...shownWith(EXCURSION_EVENTS),
		},
		{
			displayName: BUDGET_LABEL,
			name: 'budgetMinutes',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: DEFAULT_BUDGET_MINUTES,
			description: `The Stability Budget of readings taken in ${where}`,
			...shownWith(['budgetConsumed']),
		},
		{
			displayName: ROOM_DWELL_LABEL,
			name: 'dwellMinutes',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 0,
			description: `An asset that stays in ${where} longer than this emits Dwell Exceeded once per stay. 0 = the option Dwell Limit in a Space (the default for rooms without a limit of their own).`,
			...shownWith(['dwellExceeded']),
		},
	];
}
