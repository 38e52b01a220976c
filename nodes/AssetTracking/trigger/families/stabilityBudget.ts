import type { IDataObject } from 'n8n-workflow';

import { check, rules as checks } from '../../helpers/validation';
import { secondOf } from '../core/identity';
import { BUDGET_LABEL } from '../../helpers/spaceProfiles';
import {
	membershipsOf,
	roomOf,
	roomStays,
	roomsWithoutList,
	ruleAt,
	spaceStays,
	type RoomReads,
	type Rulebook,
	type SpaceStay,
} from '../assets/rulebook';
import type { Reading, ScopedAsset } from '../assets/types';
import { assets, memberships, READING_LISTS } from '../subjects/assets';
import { b36, back, fromBack, p36 } from '../core/numbers';
import { serviceTimestamp } from '../core/timestamp';
import { assetOf, celsius, inSpace, lateWords, text } from './words';
import { foldedMs, lateFields } from './lateEpisodes';
import { countsFrom, firstCounted, settleFrom, type CountedFrom } from './counting';
import type { EventFamily, TriggerEvent } from './family';
import { namedRoom, roomFields } from './rooms';
import { sampleRoom } from './sampleRoom';

interface BudgetSettings {
	/** Each room's rule (its bounds and budget) and the default (rulebook.ts). */
	rules: Rulebook;
	/** Alert at (%), ascending. */
	thresholds: number[];
}

/** One asset's count. */
interface BudgetMemory extends CountedFrom {
	/** Minutes out of range counted so far: one per reading beyond its bounds. */
	count: number;
	/** The highest threshold (%) emitted; every lower one was emitted with it or before it. */
	top: number;
	/** Highest and lowest temperature of the readings judged so far. */
	max?: number;
	min?: number;
	/** Version 6: the count, highest and lowest at the list's floor (absent: none yet). */
	anchor?: { count: number; max?: number; min?: number };
}

const THRESHOLDS_LABEL = 'Alert at (%)';
const PERCENT = checks.integer(1, 1000);

/**
 * The stability budget: cumulative time out of range, which never resets (a consecutive-minutes
 * rule, the excursions', misses ten 9-minute excursions that add up to 90 minutes above 8 °C).
 * Per asset, every temperature reading timestamped at or after the activation poll's second (the
 * service's clock) whose degreesCelsius is above Alert Above or below Alert Below counts one
 * minute: the service records one value a minute. No minimum duration, no hysteresis; a late
 * reading counts when it arrives (within the late-readings window), readings in timestamp order as
 * they become known. With Profiles by Space, each reading is judged by the profile of the space the
 * asset was in at its timestamp, and its budget is that profile's.
 *
 * budgetConsumed is emitted once per asset and threshold (Alert at, %), when the count first
 * reaches that share of the budget in force, at the reading that reached it.
 */
export const stabilityBudget: EventFamily<BudgetMemory, BudgetSettings, RoomReads, ScopedAsset> = {
	name: 'stabilityBudget',
	events: [
		{
			value: 'budgetConsumed',
			judgesRange: true,
			judgesRooms: true,
			name: 'Stability Budget Consumed',
			description:
				'The minutes an asset spent beyond Alert Above or Below since activation (never reset) reached a share of its Stability Budget (once per asset and share)',
		},
	],
	options: [
		{
			displayName: BUDGET_LABEL,
			name: 'budgetMinutes',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 120,
			description:
				'The minutes out of range an asset may accumulate (never reset): every reading beyond Alert Above or Below counts one minute. A room with a rule of its own has its own.',
			displayOptions: { show: { '/events': ['budgetConsumed'] } },
		},
		{
			displayName: THRESHOLDS_LABEL,
			name: 'budgetThresholds',
			type: 'string',
			default: '50,80,100',
			placeholder: 'e.g. 50,80,100',
			description:
				'Shares of the Stability Budget, in whole percent and comma-separated: Stability Budget Consumed is emitted once per asset for each, when its minutes out of range first reach it',
			displayOptions: { show: { '/events': ['budgetConsumed'] } },
		},
	],
	settings: ({ node, options, rules }) => {
		const text = String(options.budgetThresholds ?? '50,80,100');
		const parts = text
			.split(',')
			.map((part) => part.trim())
			.filter((part) => part !== '');
		if (parts.length === 0) {
			check(node, `"${THRESHOLDS_LABEL}"`, text, {
				describe: 'at least one percentage, such as 50,80,100',
				test: () => false,
			});
		}
		const thresholds = parts.map((part) =>
			check(node, `"${THRESHOLDS_LABEL}"`, /^\d+$/.test(part) ? Number(part) : part, PERCENT),
		) as number[];
		return { rules, thresholds: [...new Set(thresholds)].sort((a, b) => a - b) };
	},
	kind: assets,
	reads: [
		{ of: READING_LISTS.temperature },
		{
			of: memberships,
			wanted: ({ subject }, settings) => roomsWithoutList(subject, settings.rules),
		},
	],
	fold: ({ settings, memory, read, quietUntil, now, subject, started }) => {
		const list = read.temperature;
		if (!list) return { memory, events: [] };
		const count: BudgetMemory = memory
			? { ...memory }
			: { count: 0, top: 0, from: firstCounted(quietUntil, now) };
		const records = membershipsOf(subject, read.memberships);
		const tally: Tally = {
			settings,
			from: countsFrom(count, started),
			stays: roomStays(settings.rules, records),
			spaces: settings.rules.roomsNamed ? spaceStays(records) : [],
		};
		let events: TriggerEvent[];
		if (!settings.rules.roomsNamed) {
			events = counted(tally, count, list.fresh, quietUntil);
		} else {
			// Version 6: in order between sweeps; on a sweep, counted again from the count at the floor
			// over every reading the list holds above it (each counted once, whenever it arrived
			// within the window), a share reached at the moment the complete timeline reaches it.
			// Until its first sweep an asset counts from its start, above the floor: its count there
			// is none.
			const folded = foldedMs(list);
			if (list.held) {
				const floor = list.after.floor;
				const replay: BudgetMemory = {
					...count,
					count: count.anchor?.count ?? 0,
					max: count.anchor?.max,
					min: count.anchor?.min,
				};
				const held = list.held.readings;
				events = counted(
					tally,
					replay,
					held.filter((r) => secondOf(r.ts) <= floor),
					quietUntil,
				);
				const anchor = { count: replay.count, max: replay.max, min: replay.min };
				events.push(
					...counted(
						tally,
						replay,
						held.filter((r) => secondOf(r.ts) > floor),
						quietUntil,
					),
				);
				Object.assign(count, { ...replay, anchor });
			} else {
				events = counted(
					tally,
					count,
					list.fresh.filter((r) => r.ts > folded),
					quietUntil,
				);
			}
			events = events.map((e) => ({
				...e,
				fields: { ...e.fields, ...lateFields(e.at <= folded, now) },
			}));
		}
		settleFrom(count, list.after.floor, started);
		const empty =
			count.count === 0 &&
			count.top === 0 &&
			count.max === undefined &&
			count.from === undefined &&
			(count.anchor === undefined || count.anchor.count === 0);
		return { memory: empty ? undefined : count, events };
	},
	encode: (memory, base) =>
		[
			b36(memory.count),
			memory.top > 0 ? b36(memory.top) : '',
			memory.max ?? '',
			memory.min ?? '',
			memory.from === undefined ? '' : back(memory.from, base),
			// Version 6's count at the floor; none written: nothing counted there yet.
			memory.anchor === undefined ||
			(memory.anchor.count === 0 &&
				memory.anchor.max === undefined &&
				memory.anchor.min === undefined)
				? ''
				: `${b36(memory.anchor.count)}!${memory.anchor.max ?? ''}!${memory.anchor.min ?? ''}`,
		]
			.join('~')
			.replace(/~+$/, ''),
	decode: (text, base) => {
		const [count, top, max, min, from, anchor] = text.split('~');
		const memory: BudgetMemory = { count: p36(count), top: top ? p36(top) : 0 };
		if (!Number.isFinite(memory.count) || !Number.isFinite(memory.top)) return undefined;
		if (max && Number.isFinite(Number(max))) memory.max = Number(max);
		if (min && Number.isFinite(Number(min))) memory.min = Number(min);
		if (from) memory.from = fromBack(from, base);
		if (anchor) {
			const [counted, high, low] = anchor.split('!');
			memory.anchor = { count: p36(counted) };
			if (high && Number.isFinite(Number(high))) memory.anchor.max = Number(high);
			if (low && Number.isFinite(Number(low))) memory.anchor.min = Number(low);
			if (!Number.isFinite(memory.anchor.count)) delete memory.anchor;
		}
		return memory;
	},
	// The first share of the budget reached by the asset's newest temperature, its extremes those
	// of the readings read (Alert Above and Below when there are none). Version 6: the budget and
	// the room of sampleRoom.ts, and a maximum beyond the room's bound (a budget is used only by
	// readings out of range).
	sample: (_event, { settings, read, now, subject }) => {
		const list = read.temperature?.fresh ?? [];
		const values = list
			.map((r) => r.item.degreesCelsius)
			.filter((v): v is number => typeof v === 'number');
		const { rule, room } = sampleRoom(settings.rules, subject, read.memberships);
		const percent = settings.thresholds[0];
		const budgetMinutes = rule.budgetMinutes;
		const consumedMinutes = Math.ceil((percent * budgetMinutes) / 100);
		const outside = values.some((v) => v > rule.maxTemperature || v < rule.minTemperature);
		const beyond = settings.rules.roomsNamed && !outside ? [rule.maxTemperature + 1] : [];
		const highs = [...values, ...beyond];
		return {
			percent,
			budgetMinutes,
			consumedMinutes,
			remainingMinutes: Math.max(0, budgetMinutes - consumedMinutes),
			reachedAt: serviceTimestamp(list.at(-1)?.ts ?? now),
			maxTemperature: highs.length > 0 ? Math.max(...highs) : rule.maxTemperature,
			minTemperature: values.length > 0 ? Math.min(...values) : rule.minTemperature,
			...room,
			// Version 6: judged in order.
			...(settings.rules.roomsNamed ? lateFields(false, now) : {}),
			...(beyond.length > 0
				? {
						assumed: `no reading outside ${rule.minTemperature} to ${rule.maxTemperature} °C was read: one at ${beyond[0]} °C`,
					}
				: {}),
		};
	},
	summary: (item, words) =>
		`${assetOf(item)} has used ${text(item.percent, '?')}% of its stability budget${inSpace(item)}: ${text(item.consumedMinutes, '?')} of ${text(item.budgetMinutes, '?')} min out of range ${words.at(item.reachedAt)} (${text(item.remainingMinutes, '?')} min left, ${celsius(item.minTemperature)} to ${celsius(item.maxTemperature)})${lateWords(item, words)}`,
};

/** What counting an asset's readings needs. */
interface Tally {
	settings: BudgetSettings;
	/** The first second whose readings count (undefined: every reading). */
	from: number | undefined;
	stays: ReturnType<typeof roomStays>;
	spaces: SpaceStay[];
}

/**
 * Counts `readings` (oldest first) into `count`: each beyond its bounds one minute; emits each
 * share (Alert at) first reached, at the reading that reached it (none at or before `quietUntil`:
 * noted, not news).
 */
function counted(
	tally: Tally,
	count: BudgetMemory,
	readings: Reading[],
	quietUntil: number,
): TriggerEvent[] {
	const { settings, from, stays, spaces } = tally;
	const events: TriggerEvent[] = [];
	for (const reading of readings) {
		const value = reading.item.degreesCelsius;
		if (typeof value !== 'number') continue;
		if (from !== undefined && secondOf(reading.ts) < from) continue;
		// Version 6 under Assets in Spaces: a reading taken in no watched room is not judged.
		const rule = ruleAt(settings.rules, stays, reading.ts);
		if (!rule) continue;
		count.max = Math.max(count.max ?? value, value);
		count.min = Math.min(count.min ?? value, value);
		const { maxTemperature, minTemperature, budgetMinutes } = rule;
		const room = roomOf(rule);
		if (!(value > maxTemperature || value < minTemperature)) continue;
		count.count++;
		for (const percent of settings.thresholds) {
			if (percent <= count.top || count.count * 100 < percent * budgetMinutes) continue;
			count.top = percent;
			// Reached by a reading the trigger starts from (the activation's): noted, not news.
			if (reading.ts <= quietUntil) continue;
			events.push({
				event: 'budgetConsumed',
				id: String(percent),
				at: reading.ts,
				fields: {
					percent,
					budgetMinutes,
					consumedMinutes: count.count,
					remainingMinutes: Math.max(0, budgetMinutes - count.count),
					reachedAt: serviceTimestamp(reading.ts),
					maxTemperature: count.max,
					minTemperature: count.min,
					...roomField(settings.rules, room, spaces, reading.ts),
				},
			});
		}
	}
	return events;
}

/** Version 5: the room whose rule judged, by id; version 6: the room the asset was in, named. */
function roomField(
	rules: Rulebook,
	room: string | undefined,
	spaces: Parameters<typeof roomFields>[0],
	at: number,
): IDataObject {
	if (!rules.roomsNamed) return room === undefined ? {} : { spaceId: room };
	return room === undefined ? roomFields(spaces, at) : namedRoom(room, spaces);
}
