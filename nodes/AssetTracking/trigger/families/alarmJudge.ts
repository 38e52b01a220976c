import type { IDataObject } from 'n8n-workflow';

import { stepExcursion, type ExcursionRule } from '../../coldChain/excursion';
import { secondOf } from '../core/identity';
import { serviceTimestamp } from '../core/timestamp';
import { spaceAt, type Alarm, type SpaceStay } from '../assets/rulebook';
import type { ListRead } from '../assets/seen';
import { countsFrom, firstCounted, settleFrom } from './counting';
import type { TriggerEvent } from './family';
import type { Count, Episode } from './alarmMemory';
import { dueReminders } from './reminders';
import { namedRoom, roomFields } from './rooms';

const MINUTE = 60_000;
export const round1 = (value: number) => Math.round(value * 10) / 10;

/** What judging one alarm of one asset in one poll needs. */
export interface AlarmInput {
	alarm: Alarm;
	list: ListRead;
	quietUntil: number;
	now: number;
	started: number | undefined;
	/** The alarms' Hysteresis (the option). */
	hysteresis: number;
	remindEveryMs: number;
	/** The asset's stays in spaces, the one entered last first (empty when none are needed). */
	stays: SpaceStay[];
	/** Version 6: items name the room, events are keyed by the alarm's name. */
	roomsNamed: boolean;
}

/** A reminder, with the moment it fell due (escalation judges by that moment). */
export interface DueReminder {
	event: TriggerEvent;
	due: number;
}

/** A span in which an alarm was raised: [from, until). */
export interface Raised {
	from: number;
	until: number;
}

export interface AlarmJudgment<State> {
	state: State | undefined;
	events: TriggerEvent[];
	reminders: DueReminder[];
	raised: Raised[];
}

export const beyond = (alarm: Alarm, value: number) =>
	alarm.direction === 'above' ? value > alarm.threshold : value < alarm.threshold;

export const peakOf = (alarm: Alarm, peak: number | undefined, value: number) =>
	peak === undefined
		? value
		: alarm.direction === 'above'
			? Math.max(peak, value)
			: Math.min(peak, value);

/** The alarm as its items name it. */
export const identity = (alarm: Alarm): IDataObject => ({
	alarm: alarm.name,
	severity: alarm.severity,
	direction: alarm.direction,
	threshold: alarm.threshold,
	delayMinutes: alarm.delayMinutes,
});

/** An alarm's key in its events' ids: version 6 keys them by its name alone, not its spaces. */
const idOf = (input: Pick<AlarmInput, 'alarm' | 'roomsNamed'>) =>
	input.roomsNamed ? input.alarm.idKey : input.alarm.key;

/**
 * The room an alarm item names: version 5 only an alarm with spaces (`spaceId`, null when
 * unknown); version 6 the room the asset was in at the event's moment (an alarm with spaces: the
 * one of its spaces it was judged in).
 */
export function alarmRoom(
	input: Pick<AlarmInput, 'alarm' | 'roomsNamed' | 'stays'>,
	spaceId: string | undefined,
	at: number,
): IDataObject {
	const { alarm, roomsNamed, stays } = input;
	if (!roomsNamed) return alarm.spaceIds.length === 0 ? {} : { spaceId: spaceId ?? null };
	return spaceId !== undefined ? namedRoom(spaceId, stays) : roomFields(stays, at);
}

/** The fields of a raised episode (an ongoing or cleared alarm's): which alarm, since when, where. */
export function raisedFields(
	input: Pick<AlarmInput, 'alarm' | 'roomsNamed' | 'stays'>,
	episode: Episode,
	at: number,
): IDataObject {
	return {
		...identity(input.alarm),
		startedAt: serviceTimestamp(episode.startedAt),
		raisedAt: serviceTimestamp(episode.raisedAt ?? episode.startedAt),
		...alarmRoom(input, episode.spaceId, at),
	};
}

/** The end of a raised episode at the reading `ts`. */
export function cleared(
	input: Pick<AlarmInput, 'alarm' | 'roomsNamed' | 'stays'>,
	episode: Episode,
	ts: number,
): TriggerEvent {
	return {
		event: 'alarmCleared',
		id: `${idOf(input)}@${secondOf(episode.startedAt)}`,
		at: ts,
		fields: {
			...raisedFields(input, episode, ts),
			clearedAt: serviceTimestamp(ts),
			durationMinutes: round1((ts - episode.startedAt) / MINUTE),
			peakCelsius: episode.peak,
		},
	};
}

/** The alarm's spaces' stay at `ts` (undefined: none; an alarm without spaces judges everywhere). */
const judged = (alarm: Alarm, stays: SpaceStay[], ts: number) =>
	alarm.spaceIds.length === 0
		? { spaceId: undefined }
		: (() => {
				const stay = spaceAt(stays, ts, alarm.spaceIds);
				return stay ? { spaceId: stay.spaceId } : undefined;
			})();

/**
 * A cumulative alarm: every reading beyond its threshold counts a minute from the activation,
 * never reset; alarmRaised once per asset when the count reaches the delay.
 */
export function judgeCount(input: AlarmInput, known: Count | undefined): AlarmJudgment<Count> {
	const { alarm, list, quietUntil, now, started } = input;
	const events: TriggerEvent[] = [];
	const count: Count = known
		? { ...known }
		: { count: 0, raised: false, from: firstCounted(quietUntil, now) };
	const from = countsFrom(count, started);
	for (const reading of list.fresh) {
		const value = reading.item.degreesCelsius;
		if (typeof value !== 'number' || count.raised) continue;
		if (from !== undefined && secondOf(reading.ts) < from) continue;
		const place = judged(alarm, input.stays, reading.ts);
		if (!place || !beyond(alarm, value)) continue;
		count.count++;
		count.firstAt ??= reading.ts;
		count.peak = peakOf(alarm, count.peak, value);
		if (count.count < alarm.delayMinutes) continue;
		count.raised = true;
		if (reading.ts <= quietUntil) continue;
		events.push({
			event: 'alarmRaised',
			// Once per asset and alarm.
			id: idOf(input),
			at: reading.ts,
			fields: {
				...identity(alarm),
				startedAt: serviceTimestamp(count.firstAt),
				raisedAt: serviceTimestamp(reading.ts),
				totalMinutes: count.count,
				peakCelsius: count.peak,
				...alarmRoom(input, place.spaceId, reading.ts),
			},
		});
	}
	settleFrom(count, list.after.floor, started);
	const kept = count.raised || count.count > 0 || count.from !== undefined;
	return { state: kept ? count : undefined, events, reminders: [], raised: [] };
}

/**
 * A consecutive alarm: an excursion of its own (coldChain/excursion.ts) with its delay as the
 * Minimum Duration and the alarms' Hysteresis. alarmRaised once per episode, alarmCleared once per
 * raised episode, and with Remind Every its reminders while it stays open (returned apart, with
 * the moment each fell due). A reading outside the alarm's spaces, or in another of them, ends an
 * open episode as a room change ends an excursion.
 */
export function judgeEpisode(
	input: AlarmInput,
	known: Episode | undefined,
): AlarmJudgment<Episode> {
	const { alarm, list, quietUntil } = input;
	const events: TriggerEvent[] = [];
	const reminders: DueReminder[] = [];
	const raised: Raised[] = [];
	const folded = list.before?.newest ?? Number.NEGATIVE_INFINITY;
	let open = known ? { ...known } : undefined;
	if (open?.spaceIndex !== undefined) open.spaceId ??= alarm.spaceIds[open.spaceIndex];
	if (open?.raisedAt !== undefined)
		raised.push({ from: open.raisedAt, until: Number.POSITIVE_INFINITY });
	const close = (ts: number) => {
		const last = raised.at(-1);
		if (last && last.until === Number.POSITIVE_INFINITY) last.until = ts;
	};
	const rule: ExcursionRule = {
		above: alarm.threshold,
		below: alarm.threshold,
		hysteresis: input.hysteresis,
		minimumMs: alarm.delayMinutes * MINUTE,
	};
	for (const reading of list.fresh) {
		const value = reading.item.degreesCelsius;
		if (typeof value !== 'number' || secondOf(reading.ts) <= folded) continue;
		const place = judged(alarm, input.stays, reading.ts);
		if (open && open.spaceId !== place?.spaceId) {
			if (open.raisedAt !== undefined) {
				close(reading.ts);
				if (reading.ts > quietUntil) events.push(cleared(input, open, reading.ts));
			}
			open = undefined;
		}
		if (!place) continue;
		const step = stepExcursion(rule, alarm.direction, open, reading.ts, value);
		if (step.ended) {
			close(reading.ts);
			if (reading.ts > quietUntil) events.push(cleared(input, open!, reading.ts));
		}
		if (!step.open) {
			open = undefined;
			continue;
		}
		open = { reminders: 0, ...open, ...step.open } as Episode;
		if (!open.spaceId && place.spaceId !== undefined) open.spaceId = place.spaceId;
		if (step.started) {
			open.raisedAt = reading.ts;
			raised.push({ from: reading.ts, until: Number.POSITIVE_INFINITY });
			if (open.startedAt > quietUntil)
				events.push({
					event: 'alarmRaised',
					id: `${idOf(input)}@${secondOf(open.startedAt)}`,
					at: reading.ts,
					fields: {
						...identity(alarm),
						startedAt: serviceTimestamp(open.startedAt),
						raisedAt: serviceTimestamp(reading.ts),
						peakCelsius: open.peak,
						...alarmRoom(input, open.spaceId, reading.ts),
					},
				});
		}
		if (open.raisedAt === undefined) continue;
		for (const due of dueReminders(open, open.raisedAt, input.remindEveryMs, reading.ts, value)) {
			if (reading.ts <= quietUntil) continue;
			reminders.push({
				due: open.raisedAt + Number(due.reminder) * input.remindEveryMs,
				event: {
					event: 'alarmOngoing',
					id: `${idOf(input)}@${secondOf(open.startedAt)}#${String(due.reminder)}`,
					at: reading.ts,
					fields: { ...raisedFields(input, open, reading.ts), ...due },
				},
			});
		}
	}
	if (!open) return { state: undefined, events, reminders, raised };
	const index = open.spaceId === undefined ? -1 : alarm.spaceIds.indexOf(open.spaceId);
	return {
		state: { ...open, spaceIndex: index === -1 ? undefined : index },
		events,
		reminders,
		raised,
	};
}

const RANK = { info: 0, warning: 1, critical: 2 } as const;

/**
 * Escalation (version 6): a reminder of an alarm that falls due while an alarm of higher severity
 * and the same direction is raised for the same asset is skipped, not sent later; its number is
 * used all the same (reminder k is the one due at raisedAt + k × Remind Every).
 */
export function escalated(
	reminders: Array<DueReminder & { alarm: Alarm }>,
	raised: Array<{ alarm: Alarm; spans: Raised[] }>,
): TriggerEvent[] {
	return reminders
		.filter(
			({ alarm, due }) =>
				!raised.some(
					(higher) =>
						higher.alarm.direction === alarm.direction &&
						RANK[higher.alarm.severity] > RANK[alarm.severity] &&
						higher.spans.some((span) => span.from <= due && due < span.until),
				),
		)
		.map(({ event }) => event);
}
