import type { IDataObject, INode } from 'n8n-workflow';

import { check, numberOption as entryNumber, rules } from '../../helpers/validation';
import { spacePicker } from '../../pickers';
import {
	stepExcursion,
	type Direction,
	type ExcursionRule,
	type OpenExcursion,
} from '../../coldChain/excursion';
import { hash, secondOf } from '../core/identity';
import { b36, back, fromBack, p36 } from '../core/numbers';
import { numberOption, TEMPERATURE_RANGE } from '../core/settings';
import { serviceTimestamp } from '../core/timestamp';
import type { ScopedAsset } from '../assets/types';
import type { ProfiledReads } from '../assets/profiles';
import { assets, memberships, READING_LISTS } from '../subjects/assets';
import { countsFrom, firstCounted, settleFrom, type CountedFrom } from './counting';
import type { EventFamily, TriggerEvent } from './family';
import { dueReminders, remindEveryMs, REMINDERS_NEEDED, remindOption } from './reminders';
import { celsius, text } from './words';

/** One alarm of the option Alarms, checked. */
export interface Alarm {
	/** Its key in the memory and in its events' keys: a hash of what it judges. */
	key: string;
	name: string;
	direction: Direction;
	threshold: number;
	delayMinutes: number;
	counting: 'consecutive' | 'cumulative';
	severity: 'info' | 'warning' | 'critical';
	/** The spaces it applies to; empty: every reading. */
	spaceIds: string[];
}

interface AlarmSettings {
	alarms: Alarm[];
	hysteresis: number;
	remindEveryMs: number;
	/** Whether an asset's memberships are needed (an alarm with spaces). */
	bySpace: boolean;
}

/** A consecutive alarm's open episode, as an excursion, with when it was raised. */
interface Episode extends OpenExcursion {
	spaceId?: string;
	/** In the saved state: the space's place among the alarm's spaces (its key holds them). */
	spaceIndex?: number;
	raisedAt?: number;
	reminders: number;
}

/** A cumulative alarm's count: one minute per reading beyond, from the activation, never reset. */
interface Count extends CountedFrom {
	count: number;
	/** The first counted reading (epoch ms). */
	firstAt?: number;
	peak?: number;
	raised: boolean;
}

type AlarmMemory = Map<string, Episode | Count>;

const MINUTE = 60_000;
const MAX_ALARMS = 6;
const LABEL = 'Alarms';
const round1 = (value: number) => Math.round(value * 10) / 10;
const isCount = (state: Episode | Count): state is Count => 'count' in state;

const SPACE_ID = /^[A-Za-z0-9_-]{1,20}$/;

/**
 * Alarm levels (version 5): up to six alarms, each a direction, a threshold, a delay and a
 * severity, optionally for some spaces only. A consecutive alarm follows the excursion rule
 * (coldChain/excursion.ts) with its delay as the Minimum Duration and the trigger's Hysteresis,
 * each alarm on its own: alarmRaised once per episode, alarmCleared once per raised episode, and
 * with Remind Every, alarmOngoing while it stays open (reminders.ts). A cumulative alarm counts
 * every reading beyond its threshold as a minute from the activation and never resets, as the
 * stability budget does: alarmRaised once per asset when the count reaches the delay.
 *
 * An alarm with spaces judges a reading only when the asset was in one of them at its timestamp
 * (as Profiles by Space judges); a reading outside them, or in another of them, ends an open
 * episode as a profile change ends an excursion.
 */
export const alarms: EventFamily<AlarmMemory, AlarmSettings, ProfiledReads, ScopedAsset> = {
	name: 'alarms',
	events: [
		{
			value: 'alarmRaised',
			name: 'Alarm Raised',
			since: 5,
			description:
				'An alarm of the option Alarms reached its delay beyond its threshold (once per episode; a cumulative alarm once per asset)',
		},
		{
			value: 'alarmOngoing',
			name: 'Alarm Ongoing',
			since: 5,
			description: 'A raised consecutive alarm is still open, every Remind Every minutes',
		},
		{
			value: 'alarmCleared',
			name: 'Alarm Cleared',
			since: 5,
			description:
				'A raised consecutive alarm is over: back inside its threshold by the Hysteresis, with its duration and peak',
		},
	],
	options: [
		{
			displayName: LABEL,
			name: 'alarms',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true, maxAllowedFields: MAX_ALARMS },
			placeholder: 'Add Alarm',
			default: {},
			description:
				'Up to six alarm levels, each with its severity: "Warning above 8 °C for 30 minutes", "Critical above 15 °C for 5 minutes", "30 °C for 10 hours in total"',
			displayOptions: {
				show: {
					'/events': ['alarmRaised', 'alarmCleared', 'alarmOngoing'],
					'@version': [{ _cnd: { gte: 5 } }],
				},
			},
			options: [
				{
					displayName: 'Alarm',
					name: 'alarm',
					values: [
						{
							displayName: 'Counting',
							name: 'counting',
							type: 'options',
							options: [
								{
									name: 'Consecutive',
									value: 'consecutive',
									description:
										'An episode beyond the threshold lasting the delay (the excursion rule)',
								},
								{
									name: 'Cumulative',
									value: 'cumulative',
									description:
										'Minutes beyond the threshold in total since the activation, never reset',
								},
							],
							default: 'consecutive',
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
							displayName: 'Direction',
							name: 'direction',
							type: 'options',
							options: [
								{
									name: 'Above',
									value: 'above',
									description: 'Readings above the threshold',
								},
								{
									name: 'Below',
									value: 'below',
									description: 'Readings below the threshold',
								},
							],
							default: 'above',
						},
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
								{
									name: 'Info',
									value: 'info',
								},
								{
									name: 'Warning',
									value: 'warning',
								},
								{
									name: 'Critical',
									value: 'critical',
								},
							],
							default: 'warning',
						},
						spacePicker.multi(
							'spaceIds',
							'Space Names or IDs',
							'The spaces the alarm applies to (a reading counts when the asset was in one of them at its time); none: every reading',
						),
						{
							displayName: 'Threshold (°C)',
							name: 'threshold',
							type: 'number',
							typeOptions: { numberPrecision: 1 },
							default: 8,
						},
					],
				},
			],
		},
		remindOption,
	],
	settings: ({ node, options, version }) => {
		const list = readAlarms(node, options);
		return {
			alarms: list,
			hysteresis: numberOption(node, options, 'hysteresis', 'Hysteresis (°C)', 0.5, 0, 100),
			remindEveryMs: remindEveryMs(node, options, version),
			bySpace: list.some((alarm) => alarm.spaceIds.length > 0),
		};
	},
	needs: (event, settings) =>
		settings.alarms.length === 0
			? `at least one alarm in "${LABEL}" (Options)`
			: event === 'alarmOngoing' && settings.remindEveryMs === 0
				? REMINDERS_NEEDED
				: undefined,
	kind: assets,
	reads: [
		{ of: READING_LISTS.temperature },
		{
			of: memberships,
			wanted: ({ subject }, settings) => settings.bySpace && subject.inSpaces === undefined,
		},
	],
	fold: ({ settings, memory, read, quietUntil, now, subject, started }) => {
		const list = read.temperature;
		if (!list) return { memory, events: [] };
		const events: TriggerEvent[] = [];
		const next: AlarmMemory = new Map();
		const folded = list.before?.newest ?? Number.NEGATIVE_INFINITY;
		const stays = settings.bySpace ? spaceStays(subject.inSpaces ?? read.memberships) : [];
		for (const alarm of settings.alarms) {
			const known = memory?.get(alarm.key);
			const judged = (ts: number) =>
				alarm.spaceIds.length === 0 ? { spaceId: undefined } : spaceAt(stays, alarm.spaceIds, ts);
			if (alarm.counting === 'cumulative') {
				const count: Count =
					known && isCount(known)
						? { ...known }
						: { count: 0, raised: false, from: firstCounted(quietUntil, now) };
				const from = countsFrom(count, started);
				for (const reading of list.fresh) {
					const value = reading.item.degreesCelsius;
					if (typeof value !== 'number' || count.raised) continue;
					if (from !== undefined && secondOf(reading.ts) < from) continue;
					const place = judged(reading.ts);
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
						id: alarm.key,
						at: reading.ts,
						fields: {
							...identity(alarm),
							startedAt: serviceTimestamp(count.firstAt),
							raisedAt: serviceTimestamp(reading.ts),
							totalMinutes: count.count,
							peakCelsius: count.peak,
							...spaceField(alarm, place.spaceId),
						},
					});
				}
				settleFrom(count, list.after.floor, started);
				if (count.raised || count.count > 0 || count.from !== undefined) next.set(alarm.key, count);
				continue;
			}
			let open = known && !isCount(known) ? { ...known } : undefined;
			if (open?.spaceIndex !== undefined) open.spaceId ??= alarm.spaceIds[open.spaceIndex];
			const rule: ExcursionRule = {
				above: alarm.threshold,
				below: alarm.threshold,
				hysteresis: settings.hysteresis,
				minimumMs: alarm.delayMinutes * MINUTE,
			};
			for (const reading of list.fresh) {
				const value = reading.item.degreesCelsius;
				if (typeof value !== 'number' || secondOf(reading.ts) <= folded) continue;
				const place = judged(reading.ts);
				if (open && open.spaceId !== place?.spaceId) {
					if (open.raisedAt !== undefined && reading.ts > quietUntil)
						events.push(cleared(alarm, open, reading.ts));
					open = undefined;
				}
				if (!place) continue;
				const step = stepExcursion(rule, alarm.direction, open, reading.ts, value);
				if (step.ended && reading.ts > quietUntil) events.push(cleared(alarm, open!, reading.ts));
				if (!step.open) {
					open = undefined;
					continue;
				}
				open = { reminders: 0, ...open, ...step.open } as Episode;
				if (!open.spaceId && place.spaceId !== undefined) open.spaceId = place.spaceId;
				if (step.started) {
					open.raisedAt = reading.ts;
					if (open.startedAt > quietUntil)
						events.push({
							event: 'alarmRaised',
							id: `${alarm.key}@${secondOf(open.startedAt)}`,
							at: reading.ts,
							fields: {
								...identity(alarm),
								startedAt: serviceTimestamp(open.startedAt),
								raisedAt: serviceTimestamp(reading.ts),
								peakCelsius: open.peak,
								...spaceField(alarm, open.spaceId),
							},
						});
				}
				if (open.raisedAt === undefined) continue;
				for (const due of dueReminders(
					open,
					open.raisedAt,
					settings.remindEveryMs,
					reading.ts,
					value,
				)) {
					if (reading.ts <= quietUntil) continue;
					events.push({
						event: 'alarmOngoing',
						id: `${alarm.key}@${secondOf(open.startedAt)}#${String(due.reminder)}`,
						at: reading.ts,
						fields: {
							...raisedFields(alarm, open),
							...due,
						},
					});
				}
			}
			if (open) {
				const index = open.spaceId === undefined ? -1 : alarm.spaceIds.indexOf(open.spaceId);
				next.set(alarm.key, { ...open, spaceIndex: index === -1 ? undefined : index });
			}
		}
		return { memory: next.size > 0 ? next : undefined, events };
	},
	encode: (memory, base) =>
		[...memory]
			.map(([key, state]) => {
				if (isCount(state)) {
					// Raised: nothing more to count.
					if (state.raised) return `${key}c!`;
					const from = state.from === undefined ? '' : back(state.from, base);
					// Nothing counted yet: where counting starts (every asset has it for a while).
					if (state.count === 0) return `${key}z${from}`;
					const first = state.firstAt === undefined ? '' : back(secondOf(state.firstAt), base);
					return `${key}c${b36(state.count)}~${first}~${state.peak ?? ''}~${from}`;
				}
				const raised =
					state.raisedAt === undefined
						? ''
						: `${back(secondOf(state.raisedAt), base)}~${b36(state.reminders)}`;
				// A space by its place among the alarm's (1 character, not its 20-character id).
				const space =
					state.spaceIndex !== undefined
						? `#${b36(state.spaceIndex)}`
						: state.spaceId === undefined
							? ''
							: `@${state.spaceId}`;
				return `${key}e${back(secondOf(state.startedAt), base)}~${state.peak}~${raised}${space}`;
			})
			.join(','),
	decode: (encoded, base) => {
		const memory: AlarmMemory = new Map();
		for (const part of encoded.split(',')) {
			const key = part.slice(0, KEY_LENGTH);
			const kind = part[KEY_LENGTH];
			const [rest, spaceId] = part.slice(KEY_LENGTH + 1).split('@');
			const [body, spaceIndex] = rest.split('#');
			const fields = body.split('~');
			if (kind === 'c' && body === '!') {
				memory.set(key, { count: 0, raised: true });
			} else if (kind === 'z') {
				memory.set(key, {
					count: 0,
					raised: false,
					...(body ? { from: fromBack(body, base) } : {}),
				});
			} else if (kind === 'c') {
				// count~first~peak~from (the first saves had a raised field before from).
				const [count, first, peak] = fields;
				const from = fields.at(-1);
				const state: Count = {
					count: p36(count),
					raised: fields.length === 5 && fields[3] === '1',
				};
				if (!Number.isFinite(state.count)) continue;
				const firstSecond = first ? fromBack(first, base) : undefined;
				if (firstSecond !== undefined) state.firstAt = firstSecond * 1000;
				if (peak !== undefined && peak !== '') state.peak = Number(peak);
				if (from) state.from = fromBack(from, base);
				memory.set(key, state);
			} else if (kind === 'e') {
				const [started, peak, raised, reminders] = fields;
				const startedSecond = fromBack(started ?? '', base);
				if (startedSecond === undefined || !Number.isFinite(Number(peak))) continue;
				const raisedSecond = raised ? fromBack(raised, base) : undefined;
				const state: Episode = {
					startedAt: startedSecond * 1000,
					peak: Number(peak),
					started: raisedSecond !== undefined,
					reminders: reminders ? p36(reminders) : 0,
				};
				if (raisedSecond !== undefined) state.raisedAt = raisedSecond * 1000;
				if (spaceId) state.spaceId = spaceId;
				if (spaceIndex) state.spaceIndex = p36(spaceIndex);
				memory.set(key, state);
			}
		}
		return memory.size > 0 ? memory : undefined;
	},
	// The first alarm of the list, raised by the asset's newest temperature: started its delay
	// before (cleared: half an hour later still), its peak the most extreme reading read.
	sample: (event, { settings, read, now }) => {
		const alarm = settings.alarms[0] ?? SAMPLE_ALARM;
		const list = read.temperature?.fresh ?? [];
		const newest = list.at(-1)?.ts ?? now;
		const values = list
			.map((r) => r.item.degreesCelsius)
			.filter((v): v is number => typeof v === 'number');
		const beyondBy = alarm.direction === 'above' ? 1 : -1;
		const peakCelsius = round1(
			values.reduce((peak, v) => peakOf(alarm, peak, v), alarm.threshold + beyondBy),
		);
		const delayMs = alarm.delayMinutes * MINUTE;
		const raisedAt = event === 'alarmRaised' ? newest : newest - SAMPLE_MINUTES * MINUTE;
		const open: Episode = {
			startedAt: raisedAt - delayMs,
			raisedAt,
			peak: peakCelsius,
			started: true,
			reminders: 0,
		};
		const spaceId = alarm.spaceIds[0];
		if (event === 'alarmRaised') {
			return {
				...identity(alarm),
				startedAt: serviceTimestamp(open.startedAt),
				raisedAt: serviceTimestamp(raisedAt),
				...(alarm.counting === 'cumulative' ? { totalMinutes: alarm.delayMinutes } : {}),
				peakCelsius,
				...spaceField(alarm, spaceId),
			};
		}
		if (event === 'alarmOngoing') {
			return {
				...raisedFields(alarm, { ...open, spaceId }),
				reminder: 1,
				openMinutes: round1((newest - open.startedAt) / MINUTE),
				latestCelsius: values.at(-1) ?? peakCelsius,
				peakCelsius,
			};
		}
		return cleared(alarm, { ...open, spaceId }, newest).fields;
	},
	summary: (item, words) => {
		const severity = text(item.severity, 'alarm');
		// "Critical: Pallet 7 above 15 °C since 14:02 (raised 14:07, peak 16.4 °C)".
		const head = `${severity.charAt(0).toUpperCase()}${severity.slice(1)}: ${text(item.assetName ?? item.assetId, 'unknown asset')}`;
		const beyond = `${text(item.direction, 'beyond')} ${celsius(item.threshold)}`;
		const room = item.spaceId ? ` in ${text(item.spaceName ?? item.spaceId, '?')}` : '';
		const peak = `peak ${celsius(item.peakCelsius)}`;
		if (item.event === 'alarmCleared') {
			return `${head} back from ${beyond}${room} ${words.at(item.clearedAt)} after ${text(item.durationMinutes, '?')} min (raised ${words.time(item.raisedAt)}, ${peak})`;
		}
		if (item.event === 'alarmOngoing') {
			return `${head} still ${beyond}${room} after ${text(item.openMinutes, '?')} min, reminder ${text(item.reminder, '?')} (now ${celsius(item.latestCelsius)}, ${peak})`;
		}
		if (item.totalMinutes !== undefined) {
			return `${head} ${text(item.totalMinutes, '?')} min ${beyond}${room} in total since ${words.time(item.startedAt)} (raised ${words.time(item.raisedAt)}, ${peak})`;
		}
		return `${head} ${beyond}${room} since ${words.time(item.startedAt)} (raised ${words.time(item.raisedAt)}, ${peak})`;
	},
};

/** Characters of an alarm's key: a hash of what it judges (a changed alarm starts afresh). */
const KEY_LENGTH = 3;
/** How much longer than its delay a sample's cleared or ongoing alarm lasted. */
const SAMPLE_MINUTES = 30;
const SAMPLE_ALARM: Alarm = {
	key: 'sam',
	name: 'Warning',
	direction: 'above',
	threshold: 8,
	delayMinutes: 30,
	counting: 'consecutive',
	severity: 'warning',
	spaceIds: [],
};

const DIRECTIONS = ['above', 'below'] as const;
const COUNTINGS = ['consecutive', 'cumulative'] as const;
const SEVERITIES = ['info', 'warning', 'critical'] as const;

/** The option's entries, checked: errors name the alarm and its field as the user sees them. */
function readAlarms(node: INode, options: IDataObject): Alarm[] {
	const collection = (options.alarms ?? {}) as IDataObject;
	const entries = Array.isArray(collection.alarm) ? (collection.alarm as IDataObject[]) : [];
	check(node, `"${LABEL}"`, entries, rules.maxItems(MAX_ALARMS, 'alarms'));
	const alarms = entries.map((entry, i): Alarm => {
		const label = (field: string) => `"${field}" of alarm ${i + 1} in "${LABEL}"`;
		const name = check(node, label('Name'), String(entry.name ?? '').trim(), rules.text(100));
		const direction = check(
			node,
			label('Direction'),
			entry.direction ?? 'above',
			rules.oneOf(DIRECTIONS),
		) as Direction;
		// A field whose expression yields nothing is an error naming it, never its default.
		const threshold =
			entryNumber(
				node,
				label('Threshold (°C)'),
				entry,
				'threshold',
				rules.number(...TEMPERATURE_RANGE),
			) ?? 8;
		const delayMinutes =
			entryNumber(
				node,
				label('Delay (Minutes)'),
				entry,
				'delayMinutes',
				rules.integer(0, 525_600),
			) ?? 30;
		const counting = check(
			node,
			label('Counting'),
			entry.counting ?? 'consecutive',
			rules.oneOf(COUNTINGS),
		) as Alarm['counting'];
		const severity = check(
			node,
			label('Severity'),
			entry.severity ?? 'warning',
			rules.oneOf(SEVERITIES),
		) as Alarm['severity'];
		const raw = entry.spaceIds ?? [];
		const spaceIds = (Array.isArray(raw) ? raw.map(String) : String(raw).split(','))
			.map((id) => id.trim())
			.filter((id) => id !== '');
		for (const id of spaceIds) check(node, label('Space Names or IDs'), id, rules.id(20));
		if (counting === 'cumulative' && delayMinutes < 1)
			check(node, label('Delay (Minutes)'), delayMinutes, rules.integer(1, 525_600));
		const what = JSON.stringify([name, direction, threshold, delayMinutes, counting, spaceIds]);
		return {
			key: hash(what, KEY_LENGTH),
			name,
			direction,
			threshold,
			delayMinutes,
			counting,
			severity,
			spaceIds,
		};
	});
	alarms.forEach((alarm, i) => {
		const twin = alarms.findIndex((other) => other.name === alarm.name);
		if (twin < i)
			check(node, `"Name" of alarm ${i + 1} in "${LABEL}"`, alarm.name, {
				describe: `a name no earlier alarm has (alarm ${twin + 1} is called ${alarm.name})`,
				test: () => false,
			});
	});
	return alarms;
}

const beyond = (alarm: Alarm, value: number) =>
	alarm.direction === 'above' ? value > alarm.threshold : value < alarm.threshold;

const peakOf = (alarm: Alarm, peak: number | undefined, value: number) =>
	peak === undefined
		? value
		: alarm.direction === 'above'
			? Math.max(peak, value)
			: Math.min(peak, value);

const identity = (alarm: Alarm): IDataObject => ({
	alarm: alarm.name,
	severity: alarm.severity,
	direction: alarm.direction,
	threshold: alarm.threshold,
	delayMinutes: alarm.delayMinutes,
});

const spaceField = (alarm: Alarm, spaceId: string | undefined): IDataObject =>
	alarm.spaceIds.length === 0 ? {} : { spaceId: spaceId ?? null };

/** The fields of a raised episode (an ongoing or cleared alarm's): who, which alarm, since when. */
function raisedFields(alarm: Alarm, episode: Episode): IDataObject {
	return {
		...identity(alarm),
		startedAt: serviceTimestamp(episode.startedAt),
		raisedAt: serviceTimestamp(episode.raisedAt ?? episode.startedAt),
		...spaceField(alarm, episode.spaceId),
	};
}

/** The end of a raised episode at the reading `ts`. */
function cleared(alarm: Alarm, episode: Episode, ts: number): TriggerEvent {
	return {
		event: 'alarmCleared',
		id: `${alarm.key}@${secondOf(episode.startedAt)}`,
		at: ts,
		fields: {
			...raisedFields(alarm, episode),
			clearedAt: serviceTimestamp(ts),
			durationMinutes: round1((ts - episode.startedAt) / MINUTE),
			peakCelsius: episode.peak,
		},
	};
}

/** An asset's stays in spaces: the one entered last first. */
interface SpaceStay {
	spaceId: string;
	from: number;
	until: number;
}

const time = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : Number.NaN);

function spaceStays(records: unknown): SpaceStay[] {
	if (!Array.isArray(records)) return [];
	const stays: SpaceStay[] = [];
	for (const m of records as IDataObject[]) {
		const from = time(m?.enteredOn);
		if (typeof m?.spaceId !== 'string' || !SPACE_ID.test(m.spaceId) || Number.isNaN(from)) continue;
		const exitedOn = time(m.exitedOn);
		const exited = m.hasExited === true || !Number.isNaN(exitedOn);
		if (exited && Number.isNaN(exitedOn)) continue;
		stays.push({ spaceId: m.spaceId, from, until: exited ? exitedOn : Number.POSITIVE_INFINITY });
	}
	return stays.sort((a, b) => b.from - a.from);
}

/** The space of the alarm's that held the asset at `ts` (the one entered last); undefined: none. */
function spaceAt(
	stays: SpaceStay[],
	spaceIds: string[],
	ts: number,
): { spaceId: string } | undefined {
	const stay = stays.find((s) => spaceIds.includes(s.spaceId) && s.from <= ts && ts < s.until);
	return stay ? { spaceId: stay.spaceId } : undefined;
}
