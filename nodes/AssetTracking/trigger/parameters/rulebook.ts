import type { IDataObject, INode } from 'n8n-workflow';

import { refusal } from '../../transport';
import {
	check,
	numberOption as entryNumber,
	rules,
	type Rule as Check,
} from '../../helpers/validation';
import {
	ALERT_ABOVE,
	ALERT_BELOW,
	BUDGET_LABEL,
	MAX_BUDGET_MINUTES,
	readSpaceProfiles,
} from '../../helpers/spaceProfiles';
import { alertBounds, numberOption, TEMPERATURE_RANGE } from '../core/settings';
import { DEFAULT_RULE, type RoomRule, type Rule, type Rulebook } from '../assets/rulebook';
import { ALARM_EVENTS } from '../families/alarmOption';
import { FACILITY_LIMIT, SPACE_LIMIT } from '../families/dwell';
import { remindEveryMs } from '../families/reminders';
import { readAlarms } from './alarms';

/** The trigger version from which each room carries its whole rule (issue 45). */
export const ROOMS_SINCE = 6;

/** The events a room's range judges. */
export const RANGE_EVENTS = [
	'excursionStarted',
	'excursionOngoing',
	'excursionEnded',
	'budgetConsumed',
];
const EXCURSION_EVENTS = ['excursionStarted', 'excursionOngoing', 'excursionEnded'];

/** Version 6's labels of the node's own range: the default for readings in rooms not listed. */
export const DEFAULT_ABOVE = 'Default Alert Above (°C)';
export const DEFAULT_BELOW = 'Default Alert Below (°C)';
export const MINIMUM_LABEL = 'Minimum Duration (Minutes)';
export const HYSTERESIS_LABEL = 'Hysteresis (°C)';
export const ROOM_DWELL_LABEL = 'Dwell Limit (Minutes)';
/** Version 6's name for Profiles by Space: each entry a room with its rule. */
export const RULES_BY_SPACE = 'Rules by Space';

const MINUTE = 60_000;
const MINUTES = rules.number(0, 525_600);

/** Version 6: the rooms' entries as the parameters hold them, and what the errors call them. */
export interface RoomEntries {
	entries: IDataObject[];
	/** The collection's label and an entry's word: `"Alert Above (°C)" of space 1 in "Spaces"`. */
	collection: string;
	entry: string;
	/** The field holding the room's picker: `id` (Spaces), `spaceId` (Rules by Space). */
	idField: string;
	/** Assets in Spaces: the rooms are all there is; a reading in none of them is not judged. */
	watched: boolean;
}

export interface RulebookInput {
	node: INode;
	/**
	 * The Options collection; before version 6 with the node's range and Profiles by Space (or the
	 * watched spaces' ranges) under the names versions 3 and 4 gave them there (parameters.ts).
	 * Version 6: with the node's range as the default.
	 */
	options: IDataObject;
	version: number;
	selected: ReadonlySet<string>;
	/** Version 6: the rooms, each with its rule. */
	rooms?: RoomEntries;
}

/**
 * Reads every rule once: each room's, the default for readings in rooms not listed, the dwell
 * limits, the alarms and Remind Every. A rule is read (and refused when wrong) only when a chosen
 * event uses it, so a field the editor hides cannot stop the trigger.
 */
export function readRulebook({ node, options, version, selected, rooms }: RulebookInput): Rulebook {
	const chosen = (events: readonly string[]) => events.some((event) => selected.has(event));
	const roomsNamed = version >= ROOMS_SINCE;
	// Version 6: Only Readings Outside the Range judges each reading by its room's range too.
	const ranged =
		chosen(RANGE_EVENTS) ||
		(roomsNamed && selected.has('temperatureReading') && options.outsideRangeOnly === true);
	const temperatures = ranged || chosen(ALARM_EVENTS);
	const dwell = selected.has('dwellExceeded');
	const number = (name: string, label: string, fallback: number, min: number, max?: number) =>
		temperatures ? numberOption(node, options, name, label, fallback, min, max) : fallback;
	const minimumMs =
		number('excursionMinutes', MINIMUM_LABEL, DEFAULT_RULE.minimumMs / MINUTE, 0, 525_600) * MINUTE;
	const hysteresis = number('hysteresis', HYSTERESIS_LABEL, DEFAULT_RULE.hysteresis, 0, 100);
	const budgetMinutes = selected.has('budgetConsumed')
		? numberOption(node, options, 'budgetMinutes', BUDGET_LABEL, 120, 1, MAX_BUDGET_MINUTES)
		: DEFAULT_RULE.budgetMinutes;
	const limit = (name: string, label: string) =>
		dwell ? (entryNumber(node, `"${label}"`, options, name, MINUTES) ?? 0) * MINUTE : 0;
	const dwellSpaceMs = limit('dwellSpaceMinutes', SPACE_LIMIT);
	const common = {
		dwellSpaceMs,
		dwellFacilityMs: limit('dwellFacilityMinutes', FACILITY_LIMIT),
		alarms: chosen(ALARM_EVENTS) ? readAlarms(node, options) : [],
		alarmHysteresis: hysteresis,
		remindEveryMs: chosen([...ALARM_EVENTS, ...EXCURSION_EVENTS])
			? remindEveryMs(node, options, version)
			: 0,
		roomsNamed,
	};
	const base = { minimumMs, hysteresis, budgetMinutes };
	if (!roomsNamed) {
		const what = chosen(EXCURSION_EVENTS) ? 'excursions' : 'the stability budget';
		const range = ranged
			? alertBounds(node, options, what)
			: { maxTemperature: 8, minTemperature: 2 };
		const profiles = ranged ? readSpaceProfiles(node, options.spaceProfiles) : new Map();
		const byRoom = new Map<string, RoomRule>();
		for (const profile of profiles.values()) byRoom.set(profile.spaceId, { ...base, ...profile });
		return { ...common, rooms: byRoom, fallback: { ...base, ...range } };
	}
	const fallback: Rule | undefined = rooms?.watched
		? undefined
		: {
				...base,
				...(ranged
					? alertBounds(node, options, 'the default rule', DEFAULT_ABOVE, DEFAULT_BELOW)
					: { maxTemperature: 8, minTemperature: 2 }),
			};
	const needed = temperatures || dwell;
	const byRoom = needed && rooms ? readRooms(node, rooms, { ...base, ranged, dwell }) : new Map();
	return { ...common, rooms: byRoom, fallback };
}

const TEMPERATURE = rules.number(...TEMPERATURE_RANGE);
/** A room's bound: its own, never a default (a new room does not silently judge by 2–8 °C). */
const OWN_BOUND: Check = {
	describe: `the room's own bound, a number from ${TEMPERATURE_RANGE[0]} to ${TEMPERATURE_RANGE[1]}`,
	test: TEMPERATURE.test,
};

/**
 * Version 6's rooms, each with its rule. Its range is its own: refused by name while empty (when a
 * chosen event judges by it). Its Minimum Duration, Hysteresis and Stability Budget are given in
 * the entry (the editor fills in the options' defaults); its Dwell Limit, 0 or empty, is Dwell
 * Limit in a Space's. Errors name the entry: `"Alert Above (°C)" of space 1 in "Spaces"`.
 */
function readRooms(
	node: INode,
	where: RoomEntries,
	defaults: Omit<Rule, 'maxTemperature' | 'minTemperature'> & { ranged: boolean; dwell: boolean },
): Map<string, RoomRule> {
	const byRoom = new Map<string, RoomRule>();
	where.entries.forEach((entry, i) => {
		const label = (field: string) =>
			`"${field}" of ${where.entry} ${i + 1} in "${where.collection}"`;
		const picked = entry?.[where.idField];
		const raw =
			picked && typeof picked === 'object' && !Array.isArray(picked)
				? (picked as IDataObject).value
				: picked;
		const spaceId = check(node, label('Space'), String(raw ?? '').trim(), rules.id(20));
		check(node, label('Space'), spaceId, {
			describe: `a space not listed in an earlier ${where.entry} (${spaceId} is)`,
			test: () => !byRoom.has(spaceId),
		});
		const given = entry ?? {};
		const bound = (name: string, field: string, fallback: number) => {
			if (!defaults.ranged) return fallback;
			const value = given[name];
			if (value === undefined || value === null || value === '')
				throw refusal(
					node,
					`Invalid ${label(field)}: must be ${OWN_BOUND.describe} (got ${value === '' ? 'empty text' : String(value)})`,
					{
						description: `Each room judges the readings taken in it by its own range: give ${label(field)} a value. Nothing was sent to the service.`,
					},
				);
			return check(node, label(field), Number(value), OWN_BOUND);
		};
		const maxTemperature = bound('maxTemperature', ALERT_ABOVE, 8);
		const minTemperature = bound('minTemperature', ALERT_BELOW, 2);
		check(node, label(ALERT_BELOW), minTemperature, {
			describe: `below its "${ALERT_ABOVE}" (${maxTemperature})`,
			test: () => minTemperature < maxTemperature,
		});
		const own = (name: string, field: string, rule: Check) =>
			entryNumber(node, label(field), given, name, rule);
		const minutes = defaults.ranged ? own('excursionMinutes', MINIMUM_LABEL, MINUTES) : undefined;
		const hysteresis = defaults.ranged
			? own('hysteresis', HYSTERESIS_LABEL, rules.number(0, 100))
			: undefined;
		const budgetMinutes = defaults.ranged
			? own('budgetMinutes', BUDGET_LABEL, rules.number(1, MAX_BUDGET_MINUTES))
			: undefined;
		const dwellMinutes = defaults.dwell
			? own('dwellMinutes', ROOM_DWELL_LABEL, MINUTES)
			: undefined;
		byRoom.set(spaceId, {
			spaceId,
			maxTemperature,
			minTemperature,
			minimumMs: minutes === undefined ? defaults.minimumMs : minutes * MINUTE,
			hysteresis: hysteresis ?? defaults.hysteresis,
			budgetMinutes: budgetMinutes ?? defaults.budgetMinutes,
			...(dwellMinutes ? { dwellMs: dwellMinutes * MINUTE } : {}),
		});
	});
	return byRoom;
}
