import type { IDataObject } from 'n8n-workflow';

import {
	DIRECTIONS,
	stepExcursion,
	thresholdOf,
	type Direction,
	type ExcursionRule,
	type OpenExcursion,
} from '../../coldChain/excursion';
import { secondOf } from '../core/identity';
import {
	DEFAULT_RULE,
	roomOf,
	ruleAt,
	type Rule,
	type Rulebook,
	type SpaceStay,
} from '../assets/rulebook';
import type { Reading } from '../assets/types';
import { serviceTimestamp } from '../core/timestamp';
import { dueReminders } from './reminders';
import { namedRoom, roomFields } from './rooms';
import type { Made } from './lateEpisodes';

/** Judging one asset's excursions, reading by reading (excursions.ts folds with it). */

export interface Excursion extends OpenExcursion {
	/** The space whose profile opened it, and that profile's bound; absent: the node's bounds. */
	spaceId?: string;
	threshold?: number;
	/** With Remind Every: when it started (its excursionStarted's detectedAt) and reminders due. */
	detectedAt?: number;
	reminders?: number;
}

/** The open excursions of one asset, per direction; closed directions are absent. */
export type OpenExcursions = Partial<Record<Direction, Excursion>>;

export interface ExcursionSettings {
	/** Each room's rule and the default (rulebook.ts). */
	rules: Rulebook;
	/** Remind Every (ms); 0: off. */
	remindEveryMs: number;
}

/** Where an asset's excursions are judged: the rules, and (version 6) its spaces, to name them. */
export interface Where {
	settings: ExcursionSettings;
	/** The rooms' stays whose rules judge (rulebook.ts roomStays). */
	stays: Parameters<typeof ruleAt>[1];
	/** Its stays in any space (version 6; empty before). */
	spaces: SpaceStay[];
}

/** The excursion rule of a room's or the default rule. */
export const excursionRule = (rule: Rule): ExcursionRule => ({
	above: rule.maxTemperature,
	below: rule.minTemperature,
	minimumMs: rule.minimumMs,
	hysteresis: rule.hysteresis,
});

const MINUTE = 60_000;
export const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * One reading's effect on both directions of `open` (changed in place): the events it makes, each
 * with the time that decides whether it is news.
 */
export function judgeReading(where: Where, open: OpenExcursions, reading: Reading): Made[] {
	const value = reading.item.degreesCelsius;
	if (typeof value !== 'number') return [];
	const rule = ruleAt(where.settings.rules, where.stays, reading.ts);
	return DIRECTIONS.flatMap((direction) =>
		step(where, rule && excursionRule(rule), roomOf(rule), direction, open, reading.ts, value),
	);
}

/** The default rule's threshold, for an excursion no room opened. */
const defaultThreshold = (settings: ExcursionSettings, direction: Direction) =>
	thresholdOf(excursionRule(settings.rules.fallback ?? DEFAULT_RULE), direction);

/**
 * The room an item names: the room whose rule opened the excursion; version 6 also the room the
 * asset was in at the event's moment when no room's rule judged it. Version 5: only a room with a
 * rule, by its id (items.ts adds the name).
 */
function roomField(where: Where, excursion: Excursion, at: number): IDataObject {
	if (!where.settings.rules.roomsNamed)
		return excursion.spaceId === undefined ? {} : { spaceId: excursion.spaceId };
	return excursion.spaceId === undefined
		? roomFields(where.spaces, at)
		: namedRoom(excursion.spaceId, where.spaces);
}

/**
 * One reading's effect on one direction: the events it makes, each with the time that decides
 * whether it is news. A reading judged by another room's rule than the open excursion's ends it
 * first; one judged by no rule (version 6 under Assets in Spaces: taken in no watched room) ends it
 * and opens nothing.
 */
function step(
	where: Where,
	rule: ExcursionRule | undefined,
	spaceId: string | undefined,
	direction: Direction,
	open: OpenExcursions,
	ts: number,
	value: number,
): Made[] {
	const { settings } = where;
	const made: Made[] = [];
	let current = open[direction];
	if (current && (current.spaceId !== spaceId || rule === undefined)) {
		delete open[direction];
		if (current.started) made.push(ended(where, direction, current, ts));
		current = undefined;
	}
	if (rule === undefined) return made;
	const result = stepExcursion(rule, direction, current, ts, value);
	let next = result.open as Excursion | undefined;
	if (next && !current && spaceId !== undefined) {
		next = { ...next, spaceId, threshold: thresholdOf(rule, direction) };
	}
	if (next) open[direction] = next;
	else delete open[direction];
	if (result.ended) made.push(ended(where, direction, result.ended, ts));
	if (result.started && next && settings.remindEveryMs > 0) {
		next.detectedAt = ts;
		next.reminders = 0;
	}
	if (next?.detectedAt !== undefined) {
		// Reminders of an excursion that stays open (counted from its detection).
		for (const due of dueReminders(
			next as Excursion & { reminders: number },
			next.detectedAt,
			settings.remindEveryMs,
			ts,
			value,
		)) {
			made.push({
				news: ts,
				role: 'reminder',
				lane: direction,
				startedAt: next.startedAt,
				due: next.detectedAt + Number(due.reminder) * settings.remindEveryMs,
				event: {
					event: 'excursionOngoing',
					id: `${excursionId(direction, next)}#${String(due.reminder)}`,
					at: ts,
					fields: {
						direction,
						threshold: next.threshold ?? defaultThreshold(settings, direction),
						startedAt: serviceTimestamp(next.startedAt),
						detectedAt: serviceTimestamp(next.detectedAt),
						...due,
						...roomField(where, next, ts),
					},
				},
			});
		}
	}
	if (result.started && next) {
		made.push({
			news: next.startedAt,
			role: 'start',
			lane: direction,
			startedAt: next.startedAt,
			event: {
				event: 'excursionStarted',
				id: excursionId(direction, next),
				at: ts,
				fields: {
					direction,
					threshold: next.threshold ?? defaultThreshold(settings, direction),
					startedAt: serviceTimestamp(next.startedAt),
					detectedAt: serviceTimestamp(ts),
					peakCelsius: next.peak,
					...roomField(where, next, ts),
				},
			},
		});
	}
	return made;
}

/** The end of an excursion that had started, at the reading `ts`. */
function ended(where: Where, direction: Direction, excursion: Excursion, ts: number): Made {
	return {
		news: ts,
		role: 'end',
		lane: direction,
		startedAt: excursion.startedAt,
		event: {
			event: 'excursionEnded',
			id: excursionId(direction, excursion),
			at: ts,
			fields: {
				direction,
				threshold: excursion.threshold ?? defaultThreshold(where.settings, direction),
				startedAt: serviceTimestamp(excursion.startedAt),
				endedAt: serviceTimestamp(ts),
				durationMinutes: round1((ts - excursion.startedAt) / MINUTE),
				peakCelsius: excursion.peak,
				...roomField(where, excursion, ts),
			},
		},
	};
}

/** An excursion's own key: its direction and the second it started. */
const excursionId = (direction: Direction, excursion: OpenExcursion) =>
	`${direction}@${secondOf(excursion.startedAt)}`;
