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
	membershipsOf,
	roomOf,
	roomStays,
	roomsWithoutList,
	ruleAt,
	spaceStays,
	type RoomReads,
	type Rule,
	type Rulebook,
	type SpaceStay,
} from '../assets/rulebook';
import type { ScopedAsset } from '../assets/types';
import { assets, memberships, READING_LISTS } from '../subjects/assets';
import { b36, back, fromBack, p36 } from '../core/numbers';
import { serviceTimestamp } from '../core/timestamp';
import { assetOf, celsius, inSpace, text } from './words';
import { dueReminders, REMINDERS_NEEDED } from './reminders';
import { namedRoom, roomFields } from './rooms';
import { sampleRoom } from './sampleRoom';
import type { EventFamily, TriggerEvent } from './family';

interface Excursion extends OpenExcursion {
	/** The space whose profile opened it, and that profile's bound; absent: the node's bounds. */
	spaceId?: string;
	threshold?: number;
	/** With Remind Every: when it started (its excursionStarted's detectedAt) and reminders due. */
	detectedAt?: number;
	reminders?: number;
}

/** The open excursions of one asset, per direction; closed directions are absent. */
type ExcursionMemory = Partial<Record<Direction, Excursion>>;

interface ExcursionSettings {
	/** Each room's rule and the default (rulebook.ts). */
	rules: Rulebook;
	/** Remind Every (ms); 0: off. */
	remindEveryMs: number;
}

/** The excursion rule of a room's or the default rule. */
const excursionRule = (rule: Rule): ExcursionRule => ({
	above: rule.maxTemperature,
	below: rule.minTemperature,
	minimumMs: rule.minimumMs,
	hysteresis: rule.hysteresis,
});

const MINUTE = 60_000;
/** The excursion events, and the alarm events (their Hysteresis is the option's). */
const EXCURSION_EVENTS = ['excursionStarted', 'excursionOngoing', 'excursionEnded'];
const ALARM_EVENTS = ['alarmRaised', 'alarmOngoing', 'alarmCleared'];
const round1 = (value: number) => Math.round(value * 10) / 10;
/** How much longer than the Minimum Duration a sample Excursion Ended lasted. */
const SAMPLE_MINUTES = 30;

/**
 * Temperature excursions by the rule of coldChain/excursion.ts, per asset and direction, readings
 * in timestamp order. Only readings newer than the newest one already folded move it (a late
 * reading cannot reopen the past). An excursion that opened before the trigger started emits its
 * end but not its start.
 *
 * With Profiles by Space, each reading is judged by the profile of the space the asset was in at
 * its timestamp (profiles.ts). When that changes under an open excursion (the asset moved from a
 * freezer to a chilled room), the excursion ends by its own profile's rule at the first reading
 * judged by the new one (excursionEnded if it had started, silently if it was pending), and the
 * new profile judges that reading afresh: it may open a new excursion. Items carry the `spaceId`
 * of the profile that decided.
 */
export const excursions: EventFamily<ExcursionMemory, ExcursionSettings, RoomReads, ScopedAsset> = {
	name: 'excursions',
	events: [
		{
			value: 'excursionStarted',
			judgesRange: true,
			judgesRooms: true,
			name: 'Excursion Started',
			description:
				'A temperature beyond Alert Above or Below for at least the Minimum Duration (once per excursion)',
		},
		{
			value: 'excursionOngoing',
			name: 'Excursion Ongoing',
			since: 5,
			description: 'A started excursion is still open, every Remind Every minutes (version 5)',
		},
		{
			value: 'excursionEnded',
			judgesRange: true,
			judgesRooms: true,
			name: 'Excursion Ended',
			description:
				'A started excursion is over: the temperature is back inside the bound by the Hysteresis, with its duration and peak',
		},
	],
	options: [
		{
			displayName: 'Minimum Duration (Minutes)',
			name: 'excursionMinutes',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 10,
			description:
				'How long a temperature must stay beyond Alert Above or Below before Excursion Started is emitted. 0 starts an excursion with its first reading. A room with a rule of its own has its own.',
			displayOptions: { show: { '/events': EXCURSION_EVENTS } },
		},
		{
			displayName: 'Hysteresis (°C)',
			name: 'hysteresis',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 1 },
			default: 0.5,
			description:
				'How far back inside the bound a temperature must come to end an excursion or clear an alarm (below Alert Above by this much, above Alert Below by this much), so readings hovering around the bound do not end and restart it. A room with a rule of its own has its own for excursions.',
			displayOptions: { show: { '/events': [...EXCURSION_EVENTS, ...ALARM_EVENTS] } },
		},
	],
	settings: ({ rules }) => ({ rules, remindEveryMs: rules.remindEveryMs }),
	needs: (event, settings) =>
		event === 'excursionOngoing' && settings.remindEveryMs === 0 ? REMINDERS_NEEDED : undefined,
	kind: assets,
	reads: [
		{ of: READING_LISTS.temperature },
		{
			of: memberships,
			wanted: ({ subject }, settings) => roomsWithoutList(subject, settings.rules),
		},
	],
	fold: ({ settings, memory, read, quietUntil, subject }) => {
		const list = read.temperature;
		const open: ExcursionMemory = { ...memory };
		const events: TriggerEvent[] = [];
		if (!list) return { memory, events };
		const folded = list.before?.newest ?? Number.NEGATIVE_INFINITY;
		const records = membershipsOf(subject, read.memberships);
		const stays = roomStays(settings.rules, records);
		const where: Where = { settings, spaces: settings.rules.roomsNamed ? spaceStays(records) : [] };
		for (const reading of list.fresh) {
			const value = reading.item.degreesCelsius;
			if (typeof value !== 'number' || secondOf(reading.ts) <= folded) continue;
			const rule = ruleAt(settings.rules, stays, reading.ts);
			for (const direction of DIRECTIONS) {
				for (const made of step(
					where,
					rule && excursionRule(rule),
					roomOf(rule),
					direction,
					open,
					reading.ts,
					value,
				)) {
					// A start counts from the reading that opened the excursion, an end from its own.
					if (made.news > quietUntil) events.push(made.event);
				}
			}
		}
		return { memory: open.above || open.below ? open : undefined, events };
	},
	encode: (memory, base) =>
		DIRECTIONS.filter((d) => memory[d])
			.map((d) => {
				const { startedAt, peak, started, spaceId, threshold, detectedAt, reminders } = memory[d]!;
				const profile = spaceId === undefined ? '' : `@${spaceId}~${threshold}`;
				// Version 5's reminders: detectedAt in seconds after startedAt, and the reminders due.
				const reminded =
					detectedAt === undefined
						? ''
						: `^${b36(secondOf(detectedAt) - secondOf(startedAt))}~${b36(reminders ?? 0)}`;
				// Version 6: the start in seconds back from the watermark (`.<ms>` when not a whole
				// second), its state in capitals; versions 3 to 5 wrote epoch ms, in small letters.
				const ms = startedAt % 1000;
				const start = `${back(secondOf(startedAt), base)}${ms === 0 ? '' : `.${b36(ms)}`}`;
				return `${d[0]}${started ? 'S' : 'P'}${start}~${peak}${reminded}${profile}`;
			})
			.join(','),
	decode: (text, base) => {
		const memory: ExcursionMemory = {};
		for (const part of text.split(',')) {
			const match =
				/^([ab])([psPS])(-?[0-9a-z]+(?:\.[0-9a-z]+)?)~(-?[0-9.]+)(?:([!^])([0-9a-z]+)~([0-9a-z]+))?(?:@([A-Za-z0-9_-]{1,20})~(-?[0-9.]+))?$/.exec(
					part,
				);
			if (!match) continue;
			const startedAt = savedStart(match[2], match[3], base);
			const peak = Number(match[4]);
			if (startedAt === undefined || !Number.isFinite(peak)) continue;
			const excursion: Excursion = { startedAt, peak, started: /[sS]/.test(match[2]) };
			if (match[5] !== undefined) {
				// '^': seconds after startedAt; '!' (the first saves): seconds since the epoch.
				const second = p36(match[6]) + (match[5] === '^' ? secondOf(startedAt) : 0);
				excursion.detectedAt = second * 1000;
				excursion.reminders = p36(match[7]);
			}
			if (match[8] !== undefined) {
				excursion.spaceId = match[8];
				excursion.threshold = Number(match[9]);
			}
			memory[match[1] === 'a' ? 'above' : 'below'] = excursion;
		}
		return memory.above || memory.below ? memory : undefined;
	},
	// An excursion above Alert Above that reached the asset's newest temperature: started the
	// Minimum Duration before it, or (ended) SAMPLE_MINUTES longer ago; its peak is the highest
	// reading read, or one degree above the bound. Version 6 judges it by the rule of the room the
	// asset is in (one of the watched rooms under Assets in Spaces) and names that room.
	sample: (event, { settings, read, now, subject }) => {
		const list = read.temperature?.fresh ?? [];
		const newest = list.at(-1)?.ts ?? now;
		const values = list
			.map((r) => r.item.degreesCelsius)
			.filter((v): v is number => typeof v === 'number');
		const { rule, room } = sampleRoom(settings.rules, subject, read.memberships);
		const minimumMs = rule.minimumMs;
		const threshold = rule.maxTemperature;
		const peakCelsius = round1(Math.max(threshold + 1, ...values));
		// Version 6: a sample built on readings that never went beyond says what it assumed.
		const assumed =
			settings.rules.roomsNamed && !values.some((v) => v > threshold)
				? { assumed: `no reading above ${threshold} °C was read: a peak of ${peakCelsius} °C` }
				: {};
		// Version 6: the latest reading only when it is still beyond (else the peak stands for it).
		const latest = values.at(-1);
		const latestCelsius =
			latest === undefined || (settings.rules.roomsNamed && !(latest > threshold))
				? peakCelsius
				: latest;
		if (event === 'excursionOngoing') {
			const startedAt = newest - minimumMs - SAMPLE_MINUTES * MINUTE;
			return {
				direction: 'above',
				threshold,
				startedAt: serviceTimestamp(startedAt),
				detectedAt: serviceTimestamp(startedAt + minimumMs),
				reminder: 1,
				openMinutes: round1((newest - startedAt) / MINUTE),
				latestCelsius,
				peakCelsius,
				...room,
				...assumed,
			};
		}
		if (event === 'excursionStarted') {
			return {
				direction: 'above',
				threshold,
				startedAt: serviceTimestamp(newest - minimumMs),
				detectedAt: serviceTimestamp(newest),
				peakCelsius,
				...room,
				...assumed,
			};
		}
		const startedAt = newest - minimumMs - SAMPLE_MINUTES * MINUTE;
		return {
			direction: 'above',
			threshold,
			startedAt: serviceTimestamp(startedAt),
			endedAt: serviceTimestamp(newest),
			durationMinutes: round1((newest - startedAt) / MINUTE),
			peakCelsius,
			...room,
			...assumed,
		};
	},
	summary: (item, words) => {
		const beyond = `${text(item.direction, 'beyond')} ${celsius(item.threshold)}${inSpace(item)}`;
		const peak = `peak ${celsius(item.peakCelsius)}`;
		if (item.event === 'excursionOngoing') {
			return `${assetOf(item)} is still ${beyond} after ${text(item.openMinutes, '?')} min, reminder ${text(item.reminder, '?')} (now ${celsius(item.latestCelsius)}, ${peak})`;
		}
		if (item.event === 'excursionEnded') {
			return `${assetOf(item)} was ${beyond} for ${text(item.durationMinutes, '?')} min until ${words.time(item.endedAt)} (${peak})`;
		}
		return `${assetOf(item)} has been ${beyond} since ${words.time(item.startedAt)} (${peak} so far)`;
	},
};

/** Where an asset's excursions are judged: the rules, and (version 6) its spaces, to name them. */
interface Where {
	settings: ExcursionSettings;
	/** Its stays in any space (version 6; empty before). */
	spaces: SpaceStay[];
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
	open: ExcursionMemory,
	ts: number,
	value: number,
): Array<{ event: TriggerEvent; news: number }> {
	const { settings } = where;
	const made: Array<{ event: TriggerEvent; news: number }> = [];
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
function ended(
	where: Where,
	direction: Direction,
	excursion: Excursion,
	ts: number,
): { event: TriggerEvent; news: number } {
	return {
		news: ts,
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

/** A saved start (epoch ms): `P`/`S`, back from `base` with `.<ms>` (version 6); `p`/`s`, epoch ms. */
function savedStart(state: string, text: string, base: number): number | undefined {
	if (state === 'p' || state === 's') {
		const ms = p36(text);
		return /^[0-9a-z]+$/.test(text) && Number.isFinite(ms) ? ms : undefined;
	}
	const [secondText, msText] = text.split('.');
	const second = fromBack(secondText, base);
	const ms = msText === undefined ? 0 : p36(msText);
	return second === undefined || !(ms >= 0 && ms < 1000) ? undefined : second * 1000 + ms;
}

/** An excursion's own key: its direction and the second it started. */
const excursionId = (direction: Direction, excursion: OpenExcursion) =>
	`${direction}@${secondOf(excursion.startedAt)}`;
