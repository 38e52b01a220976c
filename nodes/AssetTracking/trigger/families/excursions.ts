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
	profileAt,
	profiledWithoutList,
	readProfiles,
	staysOf,
	type ProfiledReads,
	type Profiles,
} from '../assets/profiles';
import type { ScopedAsset } from '../assets/types';
import { assets, memberships, READING_LISTS } from '../subjects/assets';
import { alertBounds, numberOption } from '../core/settings';
import { b36, back, fromBack, p36 } from '../core/numbers';
import { serviceTimestamp } from '../core/timestamp';
import { assetOf, celsius, inSpace, text } from './words';
import { dueReminders, remindEveryMs, REMINDERS_NEEDED } from './reminders';
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
	/** The node's own bounds (readings in no profiled space), Minimum Duration and Hysteresis. */
	rule: ExcursionRule;
	profiles: Profiles;
	/** Remind Every (ms); 0: off. */
	remindEveryMs: number;
}

const MINUTE = 60_000;
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
export const excursions: EventFamily<
	ExcursionMemory,
	ExcursionSettings,
	ProfiledReads,
	ScopedAsset
> = {
	name: 'excursions',
	events: [
		{
			value: 'excursionStarted',
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
				'How long a temperature must stay beyond Alert Above or Below before Excursion Started is emitted. 0 starts an excursion with its first reading.',
			displayOptions: { show: { '/events': ['excursionStarted', 'excursionEnded'] } },
		},
		{
			displayName: 'Hysteresis (°C)',
			name: 'hysteresis',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 1 },
			default: 0.5,
			description:
				'How far back inside the bound a temperature must come to end an excursion (below Alert Above by this much, above Alert Below by this much), so readings hovering around the bound do not end and restart it',
			displayOptions: { show: { '/events': ['excursionStarted', 'excursionEnded'] } },
		},
	],
	settings: ({ node, options, version }) => {
		const { maxTemperature, minTemperature } = alertBounds(node, options, 'excursions');
		const minutes = numberOption(
			node,
			options,
			'excursionMinutes',
			'Minimum Duration (Minutes)',
			10,
			0,
			525_600,
		);
		const hysteresis = numberOption(node, options, 'hysteresis', 'Hysteresis (°C)', 0.5, 0, 100);
		return {
			rule: {
				above: maxTemperature,
				below: minTemperature,
				minimumMs: minutes * MINUTE,
				hysteresis,
			},
			profiles: readProfiles(node, options),
			remindEveryMs: remindEveryMs(node, options, version),
		};
	},
	needs: (event, settings) =>
		event === 'excursionOngoing' && settings.remindEveryMs === 0 ? REMINDERS_NEEDED : undefined,
	kind: assets,
	reads: [
		{ of: READING_LISTS.temperature },
		{ of: memberships, wanted: ({ subject }, settings) => profiledWithoutList(subject, settings) },
	],
	fold: ({ settings, memory, read, quietUntil, subject }) => {
		const list = read.temperature;
		const open: ExcursionMemory = { ...memory };
		const events: TriggerEvent[] = [];
		if (!list) return { memory, events };
		const folded = list.before?.newest ?? Number.NEGATIVE_INFINITY;
		const stays = staysOf(settings.profiles, subject, read.memberships);
		for (const reading of list.fresh) {
			const value = reading.item.degreesCelsius;
			if (typeof value !== 'number' || secondOf(reading.ts) <= folded) continue;
			const profile = stays.length > 0 ? profileAt(stays, reading.ts) : undefined;
			const rule: ExcursionRule = profile
				? { ...settings.rule, above: profile.maxTemperature, below: profile.minTemperature }
				: settings.rule;
			for (const direction of DIRECTIONS) {
				for (const made of step(
					settings,
					rule,
					profile?.spaceId,
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
	// reading read, or one degree above the bound.
	sample: (event, { settings, read, now }) => {
		const list = read.temperature?.fresh ?? [];
		const newest = list.at(-1)?.ts ?? now;
		const values = list
			.map((r) => r.item.degreesCelsius)
			.filter((v): v is number => typeof v === 'number');
		const threshold = settings.rule.above;
		const peakCelsius = round1(Math.max(threshold + 1, ...values));
		if (event === 'excursionOngoing') {
			const startedAt = newest - settings.rule.minimumMs - SAMPLE_MINUTES * MINUTE;
			return {
				direction: 'above',
				threshold,
				startedAt: serviceTimestamp(startedAt),
				detectedAt: serviceTimestamp(startedAt + settings.rule.minimumMs),
				reminder: 1,
				openMinutes: round1((newest - startedAt) / MINUTE),
				latestCelsius: values.at(-1) ?? peakCelsius,
				peakCelsius,
			};
		}
		if (event === 'excursionStarted') {
			return {
				direction: 'above',
				threshold,
				startedAt: serviceTimestamp(newest - settings.rule.minimumMs),
				detectedAt: serviceTimestamp(newest),
				peakCelsius,
			};
		}
		const startedAt = newest - settings.rule.minimumMs - SAMPLE_MINUTES * MINUTE;
		return {
			direction: 'above',
			threshold,
			startedAt: serviceTimestamp(startedAt),
			endedAt: serviceTimestamp(newest),
			durationMinutes: round1((newest - startedAt) / MINUTE),
			peakCelsius,
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

/**
 * One reading's effect on one direction: the events it makes, each with the time that decides
 * whether it is news. A reading judged by another profile than the open excursion's ends it first.
 */
function step(
	settings: ExcursionSettings,
	rule: ExcursionRule,
	spaceId: string | undefined,
	direction: Direction,
	open: ExcursionMemory,
	ts: number,
	value: number,
): Array<{ event: TriggerEvent; news: number }> {
	const made: Array<{ event: TriggerEvent; news: number }> = [];
	let current = open[direction];
	if (current && current.spaceId !== spaceId) {
		delete open[direction];
		if (current.started) made.push(ended(settings, direction, current, ts));
		current = undefined;
	}
	const result = stepExcursion(rule, direction, current, ts, value);
	let next = result.open as Excursion | undefined;
	if (next && !current && spaceId !== undefined) {
		next = { ...next, spaceId, threshold: thresholdOf(rule, direction) };
	}
	if (next) open[direction] = next;
	else delete open[direction];
	if (result.ended) made.push(ended(settings, direction, result.ended, ts));
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
						threshold: next.threshold ?? thresholdOf(settings.rule, direction),
						startedAt: serviceTimestamp(next.startedAt),
						detectedAt: serviceTimestamp(next.detectedAt),
						...due,
						...profileField(next),
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
					threshold: next.threshold ?? thresholdOf(settings.rule, direction),
					startedAt: serviceTimestamp(next.startedAt),
					detectedAt: serviceTimestamp(ts),
					peakCelsius: next.peak,
					...profileField(next),
				},
			},
		});
	}
	return made;
}

/** The end of an excursion that had started, at the reading `ts`. */
function ended(
	settings: ExcursionSettings,
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
				threshold: excursion.threshold ?? thresholdOf(settings.rule, direction),
				startedAt: serviceTimestamp(excursion.startedAt),
				endedAt: serviceTimestamp(ts),
				durationMinutes: round1((ts - excursion.startedAt) / MINUTE),
				peakCelsius: excursion.peak,
				...profileField(excursion),
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

/** `spaceId` when a profile decided; nothing otherwise (items as before profiles). */
const profileField = (excursion: Excursion): IDataObject =>
	excursion.spaceId === undefined ? {} : { spaceId: excursion.spaceId };
