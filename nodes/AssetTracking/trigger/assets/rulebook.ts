import type { IDataObject } from 'n8n-workflow';

import { profileAt, profileStays, type ProfileStay } from '../../coldChain/profiles';
import type { Direction } from '../../coldChain/excursion';
import type { ListRead } from './seen';
import type { ScopedAsset } from './types';

/**
 * The rulebook: every rule the trigger judges by, read once from the parameters
 * (parameters/rulebook.ts) and consulted by every family, Fetch Test Event and the items' words.
 * Each room (a space) with its own rule, the default rule for readings taken in no listed room,
 * the dwell limits, and the alarm levels. A family holds judging and words; it parses nothing.
 */
export interface Rule {
	/** Alert Above and Below (°C). */
	maxTemperature: number;
	minTemperature: number;
	/** Minimum Duration of an excursion (ms). */
	minimumMs: number;
	/** How far back inside a bound a temperature must come to end an excursion (°C). */
	hysteresis: number;
	/** Stability Budget (minutes). */
	budgetMinutes: number;
}

/** A room's rule: the default's fields it does not set are the default's. */
export interface RoomRule extends Rule {
	spaceId: string;
	/** Its dwell limit (ms; 0: none); absent: the default (Dwell Limit in a Space). */
	dwellMs?: number;
}

/** One alarm of the option Alarms, checked (parameters/alarms.ts). */
export interface Alarm {
	/** Its key in the memory: a hash of what it judges (a changed alarm starts afresh). */
	key: string;
	/** Its key in its events' ids from version 6: its name alone, not its spaces. */
	idKey: string;
	name: string;
	direction: Direction;
	threshold: number;
	delayMinutes: number;
	counting: 'consecutive' | 'cumulative';
	severity: 'info' | 'warning' | 'critical';
	/** The spaces it applies to; empty: every reading. */
	spaceIds: string[];
}

export interface Rulebook {
	/** The rooms with a rule of their own (Rules by Space, or the watched spaces), by space id. */
	rooms: ReadonlyMap<string, RoomRule>;
	/**
	 * The rule of readings taken in no listed room; undefined: such readings are not judged
	 * (version 6 watching Assets in Spaces: only the watched rooms' rules exist).
	 */
	fallback: Rule | undefined;
	/** Dwell Limit in a Space (ms; 0: off): the limit of a room without its own. */
	dwellSpaceMs: number;
	/** Dwell Limit in a Facility (ms; 0: off). */
	dwellFacilityMs: number;
	/** The option Alarms. */
	alarms: Alarm[];
	/** Hysteresis as the alarms use it: the option's (rooms' own apply to excursions). */
	alarmHysteresis: number;
	/** Remind Every (ms; 0: off). */
	remindEveryMs: number;
	/**
	 * Version 6: every temperature, alarm and dwell item of an asset names the room it was in at
	 * the event's moment; a lower alarm's reminder is skipped while a higher one is raised; an
	 * alarm's events are keyed by its name.
	 */
	roomsNamed: boolean;
}

/** What the families judging temperatures by room read: the list, and the memberships. */
export interface RoomReads {
	temperature: ListRead;
	memberships: IDataObject[];
}

/** An asset's stays in the rooms with a rule, the one entered last first. */
export type RoomStay = ProfileStay<RoomRule>;

/**
 * Whether an asset's memberships must be read for its rooms: the asset list embeds every listed
 * asset's, so only Specific Assets (no list) read each asset's record, shared with the space
 * events; from version 6 whenever rooms are named, else only when a room has a rule.
 */
export const roomsWithoutList = (asset: ScopedAsset, rules: Rulebook) =>
	(rules.rooms.size > 0 || rules.roomsNamed) && asset.inSpaces === undefined;

/** An asset's memberships, from the asset list or its own read. */
export const membershipsOf = (asset: ScopedAsset, own: IDataObject[] | undefined) =>
	asset.inSpaces ?? own;

/** An asset's stays in rooms with a rule of their own. */
export const roomStays = (rules: Rulebook, memberships: unknown): RoomStay[] =>
	profileStays(rules.rooms, memberships);

/** The rule that judges a reading at `ts`: its room's, else the default (undefined: none). */
export function ruleAt(
	rules: Rulebook,
	stays: readonly RoomStay[],
	ts: number,
): Rule | RoomRule | undefined {
	return (stays.length > 0 ? profileAt(stays, ts) : undefined) ?? rules.fallback;
}

/** The room that decided a rule, when a room did. */
export const roomOf = (rule: Rule | RoomRule | undefined) =>
	rule && 'spaceId' in rule ? rule.spaceId : undefined;

/** The dwell limit of a stay in a space (ms; 0: none). */
export const dwellLimitIn = (rules: Rulebook, spaceId: string) =>
	rules.rooms.get(spaceId)?.dwellMs ?? rules.dwellSpaceMs;

/** Whether any room has a dwell limit, its own or the default. */
export const anySpaceDwell = (rules: Rulebook) =>
	rules.dwellSpaceMs > 0 || [...rules.rooms.values()].some((room) => (room.dwellMs ?? 0) > 0);

const time = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : Number.NaN);

/** An asset's stays in any space, the one entered last first (a room needs no rule to be named). */
export interface SpaceStay {
	spaceId: string;
	spaceName?: string;
	from: number;
	until: number;
}

const SPACE_ID = /^[A-Za-z0-9_-]{1,20}$/;

/**
 * An asset's stays in spaces from its memberships, the one entered last first. A membership
 * marked exited without an exitedOn says nothing of when: it places no moment.
 */
export function spaceStays(records: unknown): SpaceStay[] {
	if (!Array.isArray(records)) return [];
	const stays: SpaceStay[] = [];
	for (const m of records as IDataObject[]) {
		const from = time(m?.enteredOn);
		if (typeof m?.spaceId !== 'string' || !SPACE_ID.test(m.spaceId) || Number.isNaN(from)) continue;
		const exitedOn = time(m.exitedOn);
		const exited = m.hasExited === true || !Number.isNaN(exitedOn);
		if (exited && Number.isNaN(exitedOn)) continue;
		stays.push({
			spaceId: m.spaceId,
			...(typeof m.spaceName === 'string' ? { spaceName: m.spaceName } : {}),
			from,
			until: exited ? exitedOn : Number.POSITIVE_INFINITY,
		});
	}
	return stays.sort((a, b) => b.from - a.from);
}

/** The space that held the asset at `ts` among `among` (all when absent), the one entered last. */
export function spaceAt(
	stays: readonly SpaceStay[],
	ts: number,
	among?: readonly string[],
): SpaceStay | undefined {
	return stays.find(
		(s) => (among === undefined || among.includes(s.spaceId)) && s.from <= ts && ts < s.until,
	);
}

/** The rule the defaults make (Alert Above 8, Below 2, 10 minutes, 0.5 °C, 120 minutes). */
export const DEFAULT_RULE: Rule = {
	maxTemperature: 8,
	minTemperature: 2,
	minimumMs: 10 * 60_000,
	hysteresis: 0.5,
	budgetMinutes: 120,
};
