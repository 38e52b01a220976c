import { serviceTimestamp } from '../core/timestamp';
import { membershipsOf, spaceStays, type Alarm, type RoomReads } from '../assets/rulebook';
import type { ScopedAsset } from '../assets/types';
import { assets, memberships, READING_LISTS } from '../subjects/assets';
import { alarmsOption, ALARMS_LABEL } from './alarmOption';
import {
	alarmRoom,
	beyond,
	cleared,
	identity,
	judgeCount,
	judgeEpisode,
	peakOf,
	raisedFields,
	round1,
	type AlarmInput,
	type DueReminder,
} from './alarmJudge';
import { isCount, type AlarmMemory, type Episode } from './alarmMemory';
import {
	alarmsInOrder,
	alarmsTimeline,
	asTimeline,
	decodeTimeline,
	encodeTimeline,
	eventsOf,
	isEmptyTimeline,
	isTimeline,
	type AlarmsMemory,
} from './alarmTimeline';
import type { ListRead } from '../assets/seen';
import type { EventFamily, TriggerEvent } from './family';
import { REMINDERS_NEEDED, remindOption } from './reminders';
import { celsius, lateWords, text } from './words';
import { lateFields } from './lateEpisodes';

interface AlarmSettings {
	alarms: Alarm[];
	hysteresis: number;
	remindEveryMs: number;
	/** Whether an asset's spaces are needed: an alarm with spaces, or (version 6) items name rooms. */
	bySpace: boolean;
	/** Version 6: items name their room, reminders escalate, events are keyed by the alarm's name. */
	roomsNamed: boolean;
	/** The watched rooms (version 6, Assets in Spaces): a sample is set in one of them. */
	rooms: string[];
}

const MINUTE = 60_000;

/**
 * Alarm levels (version 5): up to six alarms (the option Alarms, read into the rulebook by
 * parameters/alarms.ts), each a direction, a threshold, a delay and a severity, optionally for
 * some spaces only. Judging is alarmJudge.ts: a consecutive alarm follows the excursion rule with
 * its delay as the Minimum Duration and the trigger's Hysteresis (alarmRaised, alarmCleared, and
 * with Remind Every alarmOngoing while it stays open); a cumulative one counts every reading beyond
 * its threshold as a minute from the activation, never reset. From version 6 a lower severity's
 * reminder is skipped while a higher one of the same direction is raised, every item names the
 * room the asset was in, and an alarm's events are keyed by its name (editing its spaces keeps
 * them). The memory's saved form: alarmMemory.ts.
 */
export const alarms: EventFamily<AlarmsMemory, AlarmSettings, RoomReads, ScopedAsset> = {
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
	options: [alarmsOption, remindOption],
	settings: ({ rules }) => ({
		alarms: rules.alarms,
		hysteresis: rules.alarmHysteresis,
		remindEveryMs: rules.remindEveryMs,
		bySpace: rules.roomsNamed || rules.alarms.some((alarm) => alarm.spaceIds.length > 0),
		roomsNamed: rules.roomsNamed,
		rooms: rules.fallback === undefined ? [...rules.rooms.keys()] : [],
	}),
	needs: (event, settings) =>
		settings.alarms.length === 0
			? `at least one alarm in "${ALARMS_LABEL}" (Options)`
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
		const stays = settings.bySpace ? spaceStays(membershipsOf(subject, read.memberships)) : [];
		const inputOf = (alarm: Alarm, readings: ListRead, quiet: number): AlarmInput => ({
			alarm,
			list: readings,
			quietUntil: quiet,
			now,
			started,
			hysteresis: settings.hysteresis,
			remindEveryMs: settings.remindEveryMs,
			stays,
			roomsNamed: settings.roomsNamed,
		});
		if (settings.roomsNamed) {
			// Version 6: judged on the complete timeline (alarmTimeline.ts). Followed without a memory:
			// nothing at its floor; met for the first time: its floor's state not known yet.
			const known = asTimeline(memory, quietUntil === Number.NEGATIVE_INFINITY);
			const input = { alarms: settings.alarms, memory: known, list, quietUntil, now, inputOf };
			const folded = list.held ? alarmsTimeline(input, list.held) : alarmsInOrder(input);
			return {
				memory: isEmptyTimeline(folded.memory) ? undefined : folded.memory,
				events: eventsOf(folded.judged),
			};
		}
		const next: AlarmMemory = new Map();
		const judged: Array<{ alarm: Alarm; events: TriggerEvent[]; reminders: DueReminder[] }> = [];
		for (const alarm of settings.alarms) {
			const known = (memory as AlarmMemory | undefined)?.get(alarm.key);
			const input = inputOf(alarm, list, quietUntil);
			const judgment =
				alarm.counting === 'cumulative'
					? judgeCount(input, known && isCount(known) ? known : undefined)
					: judgeEpisode(input, known && !isCount(known) ? known : undefined);
			if (judgment.state) next.set(alarm.key, judgment.state);
			judged.push({ alarm, events: judgment.events, reminders: judgment.reminders });
		}
		// Each alarm's events, then its reminders.
		const events = judged.flatMap(({ events: made, reminders }) => [
			...made,
			...reminders.map((reminder) => reminder.event),
		]);
		return { memory: next.size > 0 ? next : undefined, events };
	},
	encode: encodeTimeline,
	decode: decodeTimeline,
	// Version 6's memories: the alarms' keys by letter (version 5's, as they were).
	usesLanes: isTimeline,
	// The first alarm of the list, raised by the asset's newest temperature: started its delay
	// before (cleared: half an hour later still), its peak the most extreme reading read.
	sample: (event, { settings, read, now, subject }) => {
		const alarm = settings.alarms[0] ?? SAMPLE_ALARM;
		const list = read.temperature?.fresh ?? [];
		const newest = list.at(-1)?.ts ?? now;
		const values = list
			.map((r) => r.item.degreesCelsius)
			.filter((v): v is number => typeof v === 'number');
		const latest = values.at(-1);
		const beyondBy = alarm.direction === 'above' ? 1 : -1;
		const peakCelsius = round1(
			values.reduce((peak, v) => peakOf(alarm, peak, v), alarm.threshold + beyondBy),
		);
		const delayMs = alarm.delayMinutes * MINUTE;
		const raisedAt = event === 'alarmRaised' ? newest : newest - SAMPLE_MINUTES * MINUTE;
		const stays = spaceStays(membershipsOf(subject, read.memberships));
		// Version 6: in the room the asset is in (one of the alarm's, or of the watched rooms).
		const among = alarm.spaceIds.length > 0 ? alarm.spaceIds : settings.rooms;
		const room = settings.roomsNamed
			? (stays.find((stay) => among.length === 0 || among.includes(stay.spaceId))?.spaceId ??
				among[0])
			: alarm.spaceIds[0];
		const open: Episode = {
			startedAt: raisedAt - delayMs,
			raisedAt,
			peak: peakCelsius,
			started: true,
			reminders: 0,
			spaceId: room,
		};
		const input = { alarm, roomsNamed: settings.roomsNamed, stays };
		// Version 6: a sample built on readings that never went beyond says what it assumed.
		const assumed =
			settings.roomsNamed && !values.some((v) => beyond(alarm, v))
				? {
						assumed: `no reading ${alarm.direction} ${alarm.threshold} °C was read: a peak of ${peakCelsius} °C`,
					}
				: {};
		// Version 6: judged in order (`late: false`).
		const found = settings.roomsNamed ? lateFields(false, now) : {};
		if (event === 'alarmRaised') {
			return {
				...identity(alarm),
				startedAt: serviceTimestamp(open.startedAt),
				raisedAt: serviceTimestamp(raisedAt),
				...(alarm.counting === 'cumulative' ? { totalMinutes: alarm.delayMinutes } : {}),
				peakCelsius,
				...alarmRoom(input, room, raisedAt),
				...found,
				...assumed,
			};
		}
		if (event === 'alarmOngoing') {
			return {
				...raisedFields(input, open, newest),
				reminder: 1,
				openMinutes: round1((newest - open.startedAt) / MINUTE),
				// Version 6: the latest reading only when it is still beyond (else the peak stands for it).
				latestCelsius:
					settings.roomsNamed && !(latest !== undefined && beyond(alarm, latest))
						? peakCelsius
						: (latest ?? peakCelsius),
				peakCelsius,
				...found,
				...assumed,
			};
		}
		return { ...cleared(input, open, newest).fields, ...found, ...assumed };
	},
	summary: (item, words) => {
		const severity = text(item.severity, 'alarm');
		// "Critical: Pallet 7 above 15 °C since 14:02 (raised 14:07, peak 16.4 °C)".
		const head = `${severity.charAt(0).toUpperCase()}${severity.slice(1)}: ${text(item.assetName ?? item.assetId, 'unknown asset')}`;
		const beyond = `${text(item.direction, 'beyond')} ${celsius(item.threshold)}`;
		const room = item.spaceId ? ` in ${text(item.spaceName ?? item.spaceId, '?')}` : '';
		const peak = `peak ${celsius(item.peakCelsius)}`;
		const late = lateWords(item, words);
		if (item.event === 'alarmCleared') {
			return `${head} back from ${beyond}${room} ${words.at(item.clearedAt)} after ${text(item.durationMinutes, '?')} min (raised ${words.time(item.raisedAt)}, ${peak})${late}`;
		}
		if (item.event === 'alarmOngoing') {
			return `${head} still ${beyond}${room} after ${text(item.openMinutes, '?')} min, reminder ${text(item.reminder, '?')} (now ${celsius(item.latestCelsius)}, ${peak})`;
		}
		if (item.totalMinutes !== undefined) {
			return `${head} ${text(item.totalMinutes, '?')} min ${beyond}${room} in total since ${words.time(item.startedAt)} (raised ${words.time(item.raisedAt)}, ${peak})${late}`;
		}
		return `${head} ${beyond}${room} since ${words.time(item.startedAt)} (raised ${words.time(item.raisedAt)}, ${peak})${late}`;
	},
};

/** How much longer than its delay a sample's cleared or ongoing alarm lasted. */
const SAMPLE_MINUTES = 30;
const SAMPLE_ALARM: Alarm = {
	key: 'sam',
	idKey: 'sam',
	name: 'Warning',
	direction: 'above',
	threshold: 8,
	delayMinutes: 30,
	counting: 'consecutive',
	severity: 'warning',
	spaceIds: [],
};
