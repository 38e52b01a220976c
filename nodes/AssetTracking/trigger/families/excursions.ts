import { DIRECTIONS, type Direction } from '../../coldChain/excursion';
import { secondOf } from '../core/identity';
import {
	membershipsOf,
	roomStays,
	roomsWithoutList,
	spaceStays,
	type RoomReads,
} from '../assets/rulebook';
import type { ScopedAsset } from '../assets/types';
import { assets, memberships, READING_LISTS } from '../subjects/assets';
import { b36, back, fromBack, p36 } from '../core/numbers';
import { serviceTimestamp } from '../core/timestamp';
import { assetOf, celsius, inSpace, lateWords, text } from './words';
import { REMINDERS_NEEDED } from './reminders';
import { sampleRoom } from './sampleRoom';
import type { EventFamily } from './family';
import {
	round1,
	type Excursion,
	type ExcursionSettings,
	type OpenExcursions,
	type Where,
} from './excursionJudge';
import {
	asTimeline,
	decodeTimelinePart,
	encodeTimeline,
	foldInOrder,
	foldTimeline,
	isEmpty,
	type ExcursionMemory,
} from './excursionTimeline';
import { lateFields } from './lateEpisodes';

const MINUTE = 60_000;
/** The excursion events, and the alarm events (their Hysteresis is the option's). */
const EXCURSION_EVENTS = ['excursionStarted', 'excursionOngoing', 'excursionEnded'];
const ALARM_EVENTS = ['alarmRaised', 'alarmOngoing', 'alarmCleared'];
/** How much longer than the Minimum Duration a sample Excursion Ended lasted. */
const SAMPLE_MINUTES = 30;

/**
 * Temperature excursions by the rule of coldChain/excursion.ts, per asset and direction, readings
 * in timestamp order. Versions 3 to 5: only readings newer than the newest one already folded move
 * it (a late reading cannot reopen the past); version 6 judges the complete timeline on each sweep
 * (excursionTimeline.ts, lateEpisodes.ts). An excursion that opened before the trigger started emits its
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
	fold: ({ settings, memory, read, quietUntil, subject, now }) => {
		const list = read.temperature;
		if (!list) return { memory, events: [] };
		const records = membershipsOf(subject, read.memberships);
		const where: Where = {
			settings,
			stays: roomStays(settings.rules, records),
			spaces: settings.rules.roomsNamed ? spaceStays(records) : [],
		};
		const v6 = settings.rules.roomsNamed;
		// Version 6: an asset followed without a memory has nothing open at its floor, nothing
		// reported; one met for the first time has no judge state at its floor yet.
		const known: ExcursionMemory | undefined = !v6
			? memory
			: memory
				? asTimeline(memory)
				: { anchor: quietUntil === Number.NEGATIVE_INFINITY ? {} : undefined, claims: [] };
		const input = { where, memory: known, list, quietUntil, now };
		const folded = v6 && list.held ? foldTimeline(input, list.held) : foldInOrder(input, v6);
		return {
			memory: isEmpty(folded.memory, v6) ? undefined : folded.memory,
			events: folded.events,
		};
	},
	encode: (memory, base) =>
		[
			...encodeOpen(memory, base),
			...encodeTimeline(memory, base, (open) => encodeOpen(open, base)),
		].join(','),
	decode: (text, base) => {
		const memory: ExcursionMemory = {};
		for (const part of text.split(',')) {
			const open = decodeOpen(part, base);
			if (open) memory[open[0]] = open[1];
			else decodeTimelinePart(part, memory, base, (anchor) => decodeOpen(anchor, base));
		}
		// Claims without `?`: the state at the floor is known, nothing open there but what an `f`
		// part says. Read as written, so that an asset a poll leaves unread keeps it.
		if (memory.claims && !memory.unknown) memory.anchor ??= {};
		return memory.above || memory.below || memory.claims || memory.anchor || memory.unknown
			? memory
			: undefined;
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
		// Version 6: Started and Ended as an excursion found late shows them (`late`, `foundAt`);
		// a reminder is never sent late.
		const found = settings.rules.roomsNamed ? lateFields(event !== 'excursionOngoing', now) : {};
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
				...found,
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
				...found,
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
			...found,
			...assumed,
		};
	},
	summary: (item, words) => {
		const beyond = `${text(item.direction, 'beyond')} ${celsius(item.threshold)}${inSpace(item)}`;
		const peak = `peak ${celsius(item.peakCelsius)}`;
		if (item.event === 'excursionOngoing') {
			return `${assetOf(item)} is still ${beyond} after ${text(item.openMinutes, '?')} min, reminder ${text(item.reminder, '?')} (now ${celsius(item.latestCelsius)}, ${peak})`;
		}
		const late = lateWords(item, words);
		if (item.event === 'excursionEnded') {
			// Found late: when it was, as the complete timeline has it.
			if (late)
				return `${assetOf(item)} was ${beyond} from ${words.time(item.startedAt)} to ${words.time(item.endedAt)} (${text(item.durationMinutes, '?')} min, ${peak})${late}`;
			return `${assetOf(item)} was ${beyond} for ${text(item.durationMinutes, '?')} min until ${words.time(item.endedAt)} (${peak})`;
		}
		return `${assetOf(item)} has been ${beyond} since ${words.time(item.startedAt)} (${peak} so far)${late}`;
	},
};

/** The open excursions' parts of the saved memory, one per direction. */
function encodeOpen(memory: OpenExcursions, base: number): string[] {
	return DIRECTIONS.filter((d) => memory[d]).map((d) => {
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
	});
}

/** One open excursion's part, or undefined when the part is not one. */
function decodeOpen(part: string, base: number): [Direction, Excursion] | undefined {
	const match =
		/^([ab])([psPS])(-?[0-9a-z]+(?:\.[0-9a-z]+)?)~(-?[0-9.]+)(?:([!^])([0-9a-z]+)~([0-9a-z]+))?(?:@([A-Za-z0-9_-]{1,20})~(-?[0-9.]+))?$/.exec(
			part,
		);
	if (!match) return undefined;
	const startedAt = savedStart(match[2], match[3], base);
	const peak = Number(match[4]);
	if (startedAt === undefined || !Number.isFinite(peak)) return undefined;
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
	return [match[1] === 'a' ? 'above' : 'below', excursion];
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
