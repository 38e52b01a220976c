import type { IDataObject, INode, INodeProperties } from 'n8n-workflow';

import type { Profiles, SpaceProfile } from '../coldChain/profiles';
import { check, numberOption, rules } from './validation';

export const PROFILES_LABEL = 'Profiles by Space';
export const BUDGET_LABEL = 'Stability Budget (Minutes)';
export const ALERT_ABOVE = 'Alert Above (°C)';
export const ALERT_BELOW = 'Alert Below (°C)';
/** The Stability Budget when none is set: the trigger's option's default, and a profile's. */
export const DEFAULT_BUDGET_MINUTES = 120;
/** The longest Stability Budget: a year of minutes. */
export const MAX_BUDGET_MINUTES = 525_600;

const TEMPERATURE = rules.number(-100, 500);

/** Alert Above and Below as both nodes show them; each place gives its own description. */
export const BOUND_FIELDS = {
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

/** Where a field of a space's range shows: always, or with the events it judges (trigger v5). */
export type RangeShown = (field: 'bounds' | 'budget') => Pick<INodeProperties, 'displayOptions'>;

/**
 * A space's own range, as a Profiles by Space entry and the trigger's watched space have it:
 * Alert Above and Below and its Stability Budget, for the readings taken in `where`.
 */
export function rangeFields(
	where: string,
	budgetNote = '',
	shown: RangeShown = () => ({}),
): INodeProperties[] {
	return [
		{
			...BOUND_FIELDS.maxTemperature,
			description: `Upper bound for readings taken in ${where}`,
			...shown('bounds'),
		},
		{
			...BOUND_FIELDS.minTemperature,
			description: `Lower bound for readings taken in ${where}`,
			...shown('bounds'),
		},
		{
			displayName: BUDGET_LABEL,
			name: 'budgetMinutes',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: DEFAULT_BUDGET_MINUTES,
			description: `The Stability Budget of readings taken in ${where}${budgetNote}`,
			...shown('budget'),
		},
	];
}

/**
 * Profiles by Space as both nodes offer it (read back by readSpaceProfiles): entries of a space
 * picker with the space's range. A fixedCollection of pickers, as the trigger's Spaces scope has.
 */
export function profilesProperty(
	space: INodeProperties,
	description: string,
	range: INodeProperties[],
	displayOptions: INodeProperties['displayOptions'],
): INodeProperties {
	return {
		displayName: PROFILES_LABEL,
		name: 'spaceProfiles',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Profile',
		default: {},
		description,
		displayOptions,
		options: [{ displayName: 'Profile', name: 'profile', values: [space, ...range] }],
	};
}

/**
 * Where the entries came from, when not from Profiles by Space: the trigger's version 5 gives each
 * space watched under Assets in Spaces its range, and puts them here under this key.
 */
export const PROFILES_WHERE = 'where';

/**
 * Profiles by Space (the trigger's option, and the summary's `summaryOptions.spaceProfiles`): the
 * option's entries checked alike for both nodes, errors naming the entry and its field as the
 * user sees them (`"Alert Below (°C)" of profile 2 in "Profiles by Space"`). A field not given
 * takes its default: 8 and 2 °C, 120 minutes; one whose expression yields nothing is an error.
 */
export function readSpaceProfiles(node: INode, option: unknown, itemIndex?: number): Profiles {
	const collection = (option ?? {}) as IDataObject;
	const entries = Array.isArray(collection.profile) ? (collection.profile as IDataObject[]) : [];
	const where = (collection[PROFILES_WHERE] as
		| { collection: string; entry: string }
		| undefined) ?? {
		collection: PROFILES_LABEL,
		entry: 'profile',
	};
	const profiles = new Map<string, SpaceProfile>();
	entries.forEach((entry, i) => {
		const label = (field: string) =>
			`"${field}" of ${where.entry} ${i + 1} in "${where.collection}"`;
		const checked = <T>(field: string, value: T, rule: Parameters<typeof check>[3]) =>
			check(node, label(field), value, rule, itemIndex);
		const picked = entry?.spaceId;
		const raw =
			picked && typeof picked === 'object' && !Array.isArray(picked)
				? (picked as IDataObject).value
				: picked;
		const spaceId = checked('Space', String(raw ?? '').trim(), rules.id(20));
		checked('Space', spaceId, {
			describe: `a space not listed in an earlier ${where.entry} (${spaceId} is)`,
			test: () => !profiles.has(spaceId),
		});
		// A field whose expression yields nothing is an error naming it, never its default.
		const number = (name: string, field: string, rule: typeof TEMPERATURE, fallback: number) =>
			numberOption(node, label(field), entry ?? {}, name, rule, itemIndex) ?? fallback;
		const maxTemperature = number('maxTemperature', ALERT_ABOVE, TEMPERATURE, 8);
		const minTemperature = number('minTemperature', ALERT_BELOW, TEMPERATURE, 2);
		checked(ALERT_BELOW, minTemperature, {
			describe: `below its "${ALERT_ABOVE}" (${maxTemperature})`,
			test: () => minTemperature < maxTemperature,
		});
		const budgetMinutes = number(
			'budgetMinutes',
			BUDGET_LABEL,
			rules.number(1, MAX_BUDGET_MINUTES),
			DEFAULT_BUDGET_MINUTES,
		);
		profiles.set(spaceId, { spaceId, maxTemperature, minTemperature, budgetMinutes });
	});
	return profiles;
}
