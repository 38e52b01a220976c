import { secondOf } from '../core/identity';
import type { Alarm } from '../assets/rulebook';
import type { ListRead } from '../assets/seen';
import {
	escalated,
	judgeCount,
	judgeEpisode,
	type AlarmInput,
	type AlarmJudgment,
	type DueReminder,
	type Raised,
} from './alarmJudge';
import {
	decodeAlarms,
	encodeAlarms,
	isCount,
	type AlarmMemory,
	type Count,
	type Episode,
} from './alarmMemory';
import type { TriggerEvent } from './family';
import type { Lanes } from '../core/lanes';
import { ALARM_KEY_LENGTH } from './alarmOption';
import { decodeClaims, encodeClaims } from './claimText';
import {
	foldedMs,
	inOrder,
	keptClaims,
	lateFields,
	noteInOrder,
	reconcile,
	type Claim,
	type Made,
} from './lateEpisodes';

/**
 * Version 6's alarms, judged on the complete timeline as the excursions are (lateEpisodes.ts): a
 * consecutive alarm's episodes are reconciled with the claims (one lane per alarm); a cumulative
 * alarm counts, on the asset's sweep, from its count settled at the floor over every reading the
 * list holds above it, so each reading counts once whenever it arrives within the window, and is
 * raised at the moment the complete timeline reaches its delay (once per asset and alarm).
 */
export interface AlarmTimeline {
	/** Each alarm's state after the newest reading folded. */
	open: AlarmMemory;
	/** Each alarm's state at the list's floor; undefined: not known yet. */
	anchor?: AlarmMemory;
	claims: Claim[];
}

export type AlarmsMemory = AlarmMemory | AlarmTimeline;

export const isTimeline = (memory: AlarmsMemory | undefined): memory is AlarmTimeline =>
	memory !== undefined && !(memory instanceof Map);

/** What one alarm's judgment gives the family: its events, its reminders, its raised spans. */
export interface Judged {
	alarm: Alarm;
	events: TriggerEvent[];
	reminders: DueReminder[];
	raised: Raised[];
}

interface TimelineInput {
	alarms: Alarm[];
	memory: AlarmTimeline;
	list: ListRead;
	quietUntil: number;
	now: number;
	/** One alarm's input (alarmJudge.ts), for this list and quiet. */
	inputOf(alarm: Alarm, list: ListRead, quietUntil: number): AlarmInput;
}

const judge = (
	input: AlarmInput,
	state: Episode | Count | undefined,
): AlarmJudgment<Episode | Count> =>
	input.alarm.counting === 'cumulative'
		? judgeCount(input, state && isCount(state) ? state : undefined)
		: judgeEpisode(input, state && !isCount(state) ? state : undefined);

/** Version 6 between sweeps: readings newer than the newest folded, in order (`late: false`). */
export function alarmsInOrder(input: TimelineInput): { memory: AlarmTimeline; judged: Judged[] } {
	const { alarms, memory, list, quietUntil } = input;
	const folded = foldedMs(list);
	const fresh = { ...list, fresh: list.fresh.filter((reading) => reading.ts > folded) };
	const open: AlarmMemory = new Map();
	const claims = memory.claims.map((c) => ({ ...c }));
	const judged = alarms.map((alarm) => {
		const judgment = judge(input.inputOf(alarm, fresh, quietUntil), memory.open.get(alarm.key));
		if (judgment.state) open.set(alarm.key, judgment.state);
		if (alarm.counting === 'consecutive')
			for (const event of judgment.events) noteInOrder(claims, madeOf(alarm, event));
		return {
			alarm,
			events: judgment.events.map(inOrder),
			reminders: judgment.reminders.map((r) => ({ ...r, event: inOrder(r.event) })),
			raised: judgment.raised,
		};
	});
	return { memory: { open, anchor: memory.anchor, claims }, judged };
}

/** Version 6 on a sweep: the window judged again from the anchor, reconciled with the claims. */
export function alarmsTimeline(
	input: TimelineInput,
	held: NonNullable<ListRead['held']>,
): { memory: AlarmTimeline; judged: Judged[] } {
	const { alarms, memory, list, quietUntil, now } = input;
	const folded = foldedMs(list);
	const known = memory.anchor !== undefined;
	const claims = memory.claims.map((c) => ({ ...c }));
	const floor = list.after.floor;
	const below = held.readings.filter((r) => secondOf(r.ts) <= floor);
	const above = held.readings.filter((r) => secondOf(r.ts) > floor);
	const replay = (readings: ListRead['fresh']): ListRead => ({
		...list,
		fresh: readings,
		before: undefined,
	});
	const open: AlarmMemory = new Map();
	const anchor: AlarmMemory = new Map();
	const made: Made[] = [];
	const reminders = new Map<TriggerEvent, DueReminder & { alarm: Alarm }>();
	const raised: Array<{ alarm: Alarm; spans: Raised[] }> = [];
	const counted: Judged[] = [];
	for (const alarm of alarms) {
		const before = memory.open.get(alarm.key);
		let start = memory.anchor?.get(alarm.key);
		if (
			!known &&
			before &&
			!isCount(before) &&
			before.raisedAt !== undefined &&
			Number.isFinite(folded)
		)
			// The anchor not known yet: what is raised now goes on through the newest reading.
			claims.push({ lane: alarm.key, at: folded, ended: false });
		// A count from its own start (an asset that joined later) keeps it.
		if (!start && before && isCount(before) && before.from !== undefined)
			start = { count: 0, raised: false, from: before.from };
		const first = judge(input.inputOf(alarm, replay(below), Number.NEGATIVE_INFINITY), start);
		// A count at the floor only when something was counted there and it is not raised yet:
		// nothing counted starts from the count's own start, a raised one stays raised.
		if (first.state && !(isCount(first.state) && (first.state.count === 0 || first.state.raised)))
			anchor.set(alarm.key, first.state);
		const second = judge(
			input.inputOf(alarm, replay(above), Number.NEGATIVE_INFINITY),
			first.state,
		);
		if (second.state) open.set(alarm.key, second.state);
		raised.push({ alarm, spans: [...first.raised, ...second.raised] });
		if (alarm.counting === 'cumulative') {
			// Raised once per asset: emitted when this replay raised it and no earlier poll had.
			const wasRaised = before !== undefined && isCount(before) && before.raised;
			const events = wasRaised ? [] : [...first.events, ...second.events];
			counted.push({
				alarm,
				events: foundLate(events, folded, quietUntil, now),
				reminders: [],
				raised: [],
			});
			if (wasRaised) open.set(alarm.key, { count: 0, raised: true });
			continue;
		}
		for (const event of [...first.events, ...second.events]) made.push(madeOf(alarm, event));
		for (const reminder of [...first.reminders, ...second.reminders]) {
			const m = madeOf(alarm, reminder.event, reminder.due);
			made.push(m);
			reminders.set(m.event, { ...reminder, alarm });
		}
	}
	made.sort((a, b) => a.event.at - b.event.at);
	const result = reconcile({ made, claims, folded, quietUntil, now, lateAllowed: known });
	// Reminders as reconciled (in order only), then escalation by the complete timeline's spans.
	const kept = result.events.filter((e) => e.event === 'alarmOngoing');
	const remindersOf = (alarm: Alarm) =>
		kept
			.map((event) => ({
				event,
				source: [...reminders].find(([m]) => m.id === event.id && m.at === event.at),
			}))
			.filter(({ source }) => source?.[1].alarm === alarm)
			.map(({ event, source }) => ({ ...source![1], event }));
	const judged: Judged[] = [
		...counted,
		...alarms
			.filter((alarm) => alarm.counting === 'consecutive')
			.map((alarm) => ({
				alarm,
				events: result.events.filter(
					(e) =>
						e.event !== 'alarmOngoing' &&
						made.some((m) => m.lane === alarm.key && m.event.id === e.id),
				),
				reminders: remindersOf(alarm),
				raised: raised.find((r) => r.alarm === alarm)!.spans,
			})),
	];
	// An episode found late sends no reminder that fell due before it was found.
	for (const alarm of alarms) {
		const state = open.get(alarm.key);
		if (
			!state ||
			isCount(state) ||
			state.raisedAt === undefined ||
			input.inputOf(alarm, list, quietUntil).remindEveryMs <= 0
		)
			continue;
		if (!result.foundLate.has(`${alarm.key}@${state.startedAt}`)) continue;
		const every = input.inputOf(alarm, list, quietUntil).remindEveryMs;
		state.reminders = Math.max(state.reminders, Math.floor((now - state.raisedAt) / every));
	}
	const openAtFloor: Array<{ lane: string; startedAt: number }> = [];
	for (const [lane, state] of anchor)
		if (!isCount(state)) openAtFloor.push({ lane, startedAt: state.startedAt });
	return {
		memory: { open, anchor, claims: keptClaims(result.claims, floor * 1000 + 999, openAtFloor) },
		judged,
	};
}

/** A cumulative alarm's raise as the replay made it: late when its moment was already folded. */
function foundLate(
	events: TriggerEvent[],
	folded: number,
	quietUntil: number,
	now: number,
): TriggerEvent[] {
	return events
		.filter((e) => e.at > quietUntil)
		.map((e) => ({ ...e, fields: { ...e.fields, ...lateFields(e.at <= folded, now) } }));
}

/** A consecutive alarm's event as lateEpisodes.ts reconciles it (its lane: the alarm's key). */
function madeOf(alarm: Alarm, event: TriggerEvent, due?: number): Made {
	const startedAt = Date.parse(String(event.fields.startedAt));
	const role =
		event.event === 'alarmRaised' ? 'start' : event.event === 'alarmCleared' ? 'end' : 'reminder';
	return {
		event,
		news: role === 'start' ? startedAt : event.at,
		role,
		lane: alarm.key,
		startedAt,
		...(due === undefined ? {} : { due }),
	};
}

/** The reminders and events of each alarm, in the family's order (version 6: escalated). */
export function eventsOf(judged: Judged[]): TriggerEvent[] {
	const raised = judged.map(({ alarm, raised: spans }) => ({ alarm, spans }));
	return judged.flatMap(({ alarm, events, reminders }) => [
		...events,
		...escalated(
			reminders.map((reminder) => ({ ...reminder, alarm })),
			raised,
		),
	]);
}

/** Whether a version 6 memory holds nothing worth keeping (an empty known anchor is implied). */
export const isEmptyTimeline = (memory: AlarmTimeline) =>
	memory.open.size === 0 && memory.anchor?.size === 0 && memory.claims.length === 0;

/**
 * The saved form: the open alarms' parts (alarmMemory.ts; trailing empty fields left out, and
 * `=` for an episode's start and peak when they are the episode's before: alarms raised by the same
 * readings), then `^` + a part for each alarm's state at the floor (none: nothing there), `?` no
 * state at the floor known yet, all `,`-separated, then `*` + the reported episodes together
 * (claimText.ts). Nothing beyond the open alarms' parts reads as version 5's form. With the state's
 * table of keys (`lanes`, core/lanes.ts) each part begins with its alarm's letter, not its key:
 * `Aeu0~9.8~lo~2*B3m0C` the first alarm open since 1,080 seconds back, the second and third's
 * episodes from 4,716 seconds back over. An episode raised and open now is reported: its own claim
 * is left out (asTimeline puts it back).
 */
export function encodeTimeline(memory: AlarmsMemory, base: number, lanes?: Lanes): string {
	const lettered = (parts: string) =>
		lanes ? parts.replace(KEYED, (_, key: string) => lanes.text(key)) : parts;
	if (!isTimeline(memory))
		return lanes ? lettered(encodeAlarms(memory, base)) : encodeAlarms(memory, base);
	const implied = (c: Claim) => {
		const open = memory.open.get(c.lane);
		return (
			!c.ended &&
			open !== undefined &&
			!isCount(open) &&
			open.raisedAt !== undefined &&
			open.startedAt === c.at
		);
	};
	const anchor =
		memory.anchor === undefined
			? ['?']
			: lettered(encodeAlarms(memory.anchor, base))
					.split(',')
					.filter((part) => part !== '')
					.map((part) => `^${part}`);
	const claims = memory.claims.filter((c) => !implied(c));
	const laneText = (lane: string) => (lanes ? lanes.text(lane) : `_${lane}`);
	return [
		...(memory.open.size > 0 ? [lettered(shortEpisodes(encodeAlarms(memory.open, base)))] : []),
		...anchor,
	]
		.join(',')
		.concat(claims.length > 0 ? `*${encodeClaims(claims, base, laneText)}` : '');
}

/** An alarm's part's key (at the start of the text or after a `,`). */
const KEYED = new RegExp(`(?<=^|,)(.{${ALARM_KEY_LENGTH}})`, 'g');

/** The key of an alarm's part as written: its letter, or `_` + the key (lanes.ts). */
function keyed(part: string, lanes: Lanes): string {
	if (part.startsWith('_')) return part.slice(1);
	const key = lanes.key(part[0]);
	return key === undefined ? '' : `${key}${part.slice(1)}`;
}

/** An episode's part: key, `e`, start~peak, then what follows (raised~reminders, its space). */
const EPISODE = new RegExp(`^(.{${ALARM_KEY_LENGTH}})e([^~]*~[^~#@]*)(.*)$`);

/** The open alarms' parts with trailing empty fields left out and an episode's repeated start as `=`. */
function shortEpisodes(parts: string): string {
	let previous: string | undefined;
	return parts
		.split(',')
		.map((part) => {
			// A count's empty start (`from`) left out: its part then has three fields.
			if (part[ALARM_KEY_LENGTH] === 'c' && part.split('~').length === 4)
				return part.replace(/~$/, '');
			const episode = EPISODE.exec(part);
			if (!episode) return part;
			const [, key, startPeak, rest] = episode;
			const short = `${key}e${startPeak === previous ? '=' : startPeak}${rest.replace(/^~(?=[#@]|$)/, '')}`;
			previous = startPeak;
			return short;
		})
		.join(',');
}

/** The open alarms' parts as alarmMemory.ts reads them (shortEpisodes undone). */
function fullEpisodes(parts: string[]): string[] {
	let previous: string | undefined;
	return parts.map((part) => {
		const key = part.slice(0, ALARM_KEY_LENGTH);
		if (part[ALARM_KEY_LENGTH] === 'c' && part.split('~').length === 3) return `${part}~`;
		if (part[ALARM_KEY_LENGTH] !== 'e') return part;
		const body = part.slice(ALARM_KEY_LENGTH + 1);
		const full = body.startsWith('=') && previous ? `${previous}${body.slice(1)}` : body;
		previous = /^[^~]*~[^~#@]*/.exec(full)?.[0];
		return `${key}e${full}`;
	});
}

/** A saved memory; with the state's table of keys (`lanes`), its parts begin with letters. */
export function decodeTimeline(
	text: string,
	base: number,
	lanes?: Lanes,
): AlarmsMemory | undefined {
	// The reported episodes follow a `*` (no `,` before it; version 5's form has none).
	const star = text.indexOf('*');
	const parts = (star === -1 ? text : text.slice(0, star)).split(',');
	const own = parts.filter((part) => !/^[?^]/.test(part));
	const open = fullEpisodes(lanes ? own.map((part) => keyed(part, lanes)) : own).join(',');
	if (star === -1 && own.length === parts.length) return decodeAlarms(open, base);
	const memory: AlarmTimeline = {
		open: decodeAlarms(open, base) ?? new Map(),
		anchor: parts.includes('?') ? undefined : new Map(),
		claims: [],
	};
	const laneOf = (lane: string) => (lane.startsWith('_') ? lane.slice(1) : lanes?.key(lane));
	for (const part of parts) {
		if (part.startsWith('^')) {
			const anchor = lanes ? keyed(part.slice(1), lanes) : part.slice(1);
			for (const [key, value] of decodeAlarms(anchor, base) ?? []) memory.anchor?.set(key, value);
		}
	}
	if (star !== -1) memory.claims.push(...decodeClaims(text.slice(star + 1), base, laneOf));
	return memory;
}

/**
 * A memory as version 6 folds it: version 5's form (nothing beyond the open alarms) has nothing open
 * at the floor; undefined, nothing there either when the asset is followed (`known`), else not
 * known yet. The claims with those of the episodes raised and open now.
 */
export function asTimeline(memory: AlarmsMemory | undefined, known: boolean): AlarmTimeline {
	const timeline: AlarmTimeline = isTimeline(memory)
		? { ...memory, claims: [...memory.claims] }
		: { open: memory ?? new Map(), anchor: memory || known ? new Map() : undefined, claims: [] };
	for (const [lane, state] of timeline.open) {
		if (isCount(state) || state.raisedAt === undefined) continue;
		if (!timeline.claims.some((c) => c.lane === lane && state.startedAt <= c.at))
			timeline.claims.push({ lane, at: state.startedAt, ended: false });
	}
	return timeline;
}
