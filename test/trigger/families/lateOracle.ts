// Issue 46's ground truth: the episodes of the complete timeline (every temperature the labels
// took, however late it reached the service), which of them the trigger must report, and what each
// must say. Imports nothing from nodes/: the excursions, alarms and budget thresholds come from the
// independent oracles (oracle.ts, alarmOracle.ts) run over the whole timeline; this file adds when
// each episode's readings reached the lists, and so whether the late window still reached them.
//
// - An episode's revealing readings: for an excursion or a consecutive alarm, every reading from
//   the last one that closed the episode before it (at or past the hysteresis; it tells the episode
//   from its predecessor) up to the reading that detected or raised it; for a cumulative alarm or a
//   budget threshold, every reading beyond the bound from the activation's second up to the one that
//   reached it.
// - It must be reported when every revealing reading reached the lists less than the window after
//   its timestamp (the guarantee at arrival) and before the scenario's last faulty poll, and it
//   started after the activation (a cumulative count starts at it).
// - It is found late (the reading of its moment, detection, raise or reach, is no longer the newest
//   the trigger has read when it is found) when that reading reached the lists well after a newer
//   reading had (LATE_GAP: a poll read the newer one first), or another revealing reading well after
//   it; in order when that reading came in order and every other revealing reading in order or a
//   sweep's reach (SWEEP_REACH) before it; otherwise either may hold (null).
import { expectedAlarm, type AlarmSpec, type Expected } from './alarmOracle';
import {
	expectedBudget,
	expectedExcursions,
	keys,
	MINUTE,
	type ExcursionRules,
	type ExpectedEvent,
	type Judgement,
	type TemperaturePoint,
} from './oracle';

/** A temperature of the complete timeline and when it reached the lists. */
export interface Arrival extends TemperaturePoint {
	t: number;
	deliveredAt: number;
}

/**
 * How long after a newer reading a reading must reach the lists to be late for certain: a poll
 * (every 1 or 5 minutes, some failed or cut) has read the newer one by then.
 */
export const LATE_GAP = 20 * MINUTE;

/**
 * A reading that reached the lists is read by its asset's next sweep within this (a sweep period
 * of 30 minutes, half one more for a sweep the budget cut, and a failed poll).
 */
export const SWEEP_REACH = 60 * MINUTE;

export type Family = 'excursion' | 'alarm' | 'budget';

export interface Episode {
	family: Family;
	assetId: string;
	/** The excursion's direction, the alarm's name or the budget's share. */
	rule: string;
	startedAt: number;
	/** When the complete timeline detected, raised or reached it. */
	detectedAt: number;
	/** When it ended (excursions and consecutive alarms that ended). */
	endedAt?: number;
	/** The start item as the oracle has it (excursionStarted, alarmRaised, budgetConsumed). */
	start: ExpectedEvent;
	end?: ExpectedEvent;
	/** The trigger must report it (see above). */
	must: boolean;
	/**
	 * It ended, and every reading from its closing reading before it to its end reached the lists
	 * within the window and by the last faulty poll: its end must be reported.
	 */
	endExact: boolean;
	/** When the last of the readings that decide its end reached the lists (they are all known then). */
	endRevealedAt?: number;
	/** A budget item's extremes are the complete timeline's (every reading since the activation within it). */
	extremesExact: boolean;
	late: boolean | null;
	/**
	 * The reading of its moment came well after a newer one: only a sweep can judge it, so an item
	 * with that moment is late whatever else it says.
	 */
	momentLate: boolean;
	/** When the last of its revealing readings reached the lists. */
	revealedAt: number;
	/** When the last of its revealing readings that came after a newer one reached the lists (-Infinity: none). */
	settledAt: number;
	/** The same for the readings that decide its end. */
	endSettledAt?: number;
}

export interface Rules {
	excursion: ExcursionRules;
	alarms: AlarmSpec[];
	budgetMinutes: number;
	thresholds: number[];
	windowMinutes: number;
}

/** The oracle's start and end events with the fields every version 6 item carries (no room: none here). */
const withoutRoom = <T extends { fields: Record<string, unknown> }>(e: T): T => {
	const fields = { ...e.fields };
	delete fields.spaceId;
	return { ...e, fields };
};

/** Readings in [from, to] of a timeline sorted by time. */
const between = (timeline: Arrival[], from: number, to: number) =>
	timeline.filter((r) => r.t >= from && r.t <= to);

/** The last reading before `t` that closes an episode of this bound (at or past the hysteresis). */
function lastClose(timeline: Arrival[], t: number, closes: (v: number) => boolean): number {
	let at = t;
	for (const r of timeline) {
		if (r.t >= t) break;
		if (closes(r.degreesCelsius)) at = r.t;
	}
	return at;
}

/**
 * Every episode of one asset's complete timeline. `timeline`: every temperature with its
 * arrival; `activatedAt`: the activation; `lastFaultyPoll`: readings that reached the lists by
 * then are read by the end (the scenario drains for a sweep period and more).
 */
export function episodesOf(
	assetId: string,
	timeline: Arrival[],
	activatedAt: number,
	lastFaultyPoll: number,
	rules: Rules,
): Episode[] {
	const sorted = [...timeline].sort((a, b) => a.t - b.t);
	const window = rules.windowMinutes * MINUTE;
	const inWindow = (r: Arrival) => r.deliveredAt - r.t < window;
	const arrivedInTime = (rs: Arrival[]) =>
		rs.every((r) => inWindow(r) && r.deliveredAt <= lastFaultyPoll);
	// Each reading: the earliest arrival of any newer reading (it is late when it comes well after).
	const newerFirst = new Map<number, number>();
	let earliest = Number.POSITIVE_INFINITY;
	for (let i = sorted.length - 1; i >= 0; i--) {
		newerFirst.set(sorted[i].t, earliest);
		earliest = Math.min(earliest, sorted[i].deliveredAt);
	}
	const isLate = (r: Arrival) => r.deliveredAt >= newerFirst.get(r.t)! + LATE_GAP;
	const inOrder = (r: Arrival) => r.deliveredAt <= newerFirst.get(r.t)!;
	const revealedAt = (rs: Arrival[]) => Math.max(...rs.map((r) => r.deliveredAt));
	/** The latest arrival of a reading of these that came after a newer one (read by a sweep). */
	const settledAt = (rs: Arrival[]) =>
		Math.max(Number.NEGATIVE_INFINITY, ...rs.filter((r) => !inOrder(r)).map((r) => r.deliveredAt));
	/**
	 * Found late: its moment's reading (the last of `rs`) came well after a newer one, or another of
	 * its readings well after it (the episode shows only when that one is read). In order: its
	 * moment's reading came in order, and every other came in order or a sweep's reach before it.
	 */
	const lateness = (rs: Arrival[]) => {
		const moment = rs[rs.length - 1];
		if (isLate(moment) || rs.some((r) => r.deliveredAt >= moment.deliveredAt + LATE_GAP))
			return true;
		return inOrder(moment) && settledAt(rs) + SWEEP_REACH <= moment.deliveredAt ? false : null;
	};
	const arrival = (rs: Arrival[]) => ({
		late: lateness(rs),
		momentLate: isLate(rs[rs.length - 1]),
		revealedAt: revealedAt(rs),
		settledAt: settledAt(rs),
	});

	/** An excursion or a consecutive alarm from its start and end events. */
	const run = (
		family: Family,
		rule: string,
		start: ExpectedEvent,
		startedAt: number,
		detectedAt: number,
		end: ExpectedEvent | undefined,
		endedAt: number | undefined,
		closes: (v: number) => boolean,
	): Episode => {
		const from = lastClose(sorted, startedAt, closes);
		const revealing = between(sorted, from, detectedAt);
		const ending = endedAt === undefined ? undefined : between(sorted, from, endedAt);
		return {
			family,
			assetId,
			rule,
			startedAt,
			detectedAt,
			endedAt,
			start: withoutRoom(start),
			end: end && withoutRoom(end),
			must: startedAt > activatedAt && arrivedInTime(revealing),
			endExact: ending !== undefined && arrivedInTime(ending),
			endRevealedAt: ending && revealedAt(ending),
			endSettledAt: ending && settledAt(ending),
			extremesExact: false,
			...arrival(revealing),
		};
	};

	const out: Episode[] = [];
	// Excursions: the oracle over the whole timeline (activation 0: every start is an event).
	const excursions = expectedExcursions(assetId, sorted, 0, rules.excursion);
	const ends = new Map(
		excursions.filter((e) => e.event === 'excursionEnded').map((e) => [e.key, e]),
	);
	for (const e of excursions.filter((x) => x.event === 'excursionStarted')) {
		const [, , direction, started] = e.key.split('|');
		const startedAt = Number(started);
		const end = ends.get(keys.excursion(assetId, 'excursionEnded', direction, iso(startedAt)));
		const sign = direction === 'above' ? 1 : -1;
		const bound =
			direction === 'above' ? rules.excursion.maxTemperature : rules.excursion.minTemperature;
		out.push(
			run(
				'excursion',
				direction,
				e,
				startedAt,
				Date.parse(String(e.fields.detectedAt)),
				end,
				end && Date.parse(String(end.fields.endedAt)),
				(v) => sign * v <= sign * bound - rules.excursion.hysteresis,
			),
		);
	}
	for (const alarm of rules.alarms) {
		const sign = alarm.direction === 'above' ? 1 : -1;
		const beyond = (v: number) => sign * v > sign * alarm.threshold;
		if (alarm.counting === 'cumulative') {
			const events: Expected[] = expectedAlarm(
				assetId,
				sorted,
				[],
				activatedAt,
				alarm,
				rules.excursion.hysteresis,
			);
			for (const e of events) {
				const raisedAt = Date.parse(String(e.fields.raisedAt));
				const from = Math.floor(activatedAt / 1000) * 1000;
				const revealing = between(sorted, from, raisedAt).filter((r) => beyond(r.degreesCelsius));
				out.push({
					family: 'alarm',
					assetId,
					rule: alarm.name,
					startedAt: Date.parse(String(e.fields.startedAt)),
					detectedAt: raisedAt,
					start: withoutRoom(e),
					must: arrivedInTime(revealing),
					endExact: false,
					extremesExact: false,
					...arrival(revealing),
				});
			}
			continue;
		}
		const events = expectedAlarm(
			assetId,
			sorted,
			[],
			0,
			alarm,
			rules.excursion.hysteresis,
			0,
			Number.NEGATIVE_INFINITY,
		);
		const cleared = new Map(
			events.filter((e) => e.event === 'alarmCleared').map((e) => [e.fields.startedAt, e]),
		);
		for (const e of events.filter((x) => x.event === 'alarmRaised')) {
			const end = cleared.get(e.fields.startedAt);
			out.push(
				run(
					'alarm',
					alarm.name,
					e,
					Date.parse(String(e.fields.startedAt)),
					Date.parse(String(e.fields.raisedAt)),
					end,
					end && Date.parse(String(end.fields.clearedAt)),
					(v) => sign * v <= sign * alarm.threshold - rules.excursion.hysteresis,
				),
			);
		}
	}
	// Budget thresholds: every reading out of range since the activation's second counts once.
	const node: Judgement = {
		maxTemperature: rules.excursion.maxTemperature,
		minTemperature: rules.excursion.minTemperature,
		budgetMinutes: rules.budgetMinutes,
	};
	const from = Math.floor(activatedAt / 1000) * 1000;
	const out_ = (v: number) => v > node.maxTemperature || v < node.minTemperature;
	for (const e of expectedBudget(assetId, sorted, activatedAt, () => node, rules.thresholds)) {
		const reachedAt = Date.parse(String(e.fields.reachedAt));
		const all = between(sorted, from, reachedAt);
		const revealing = all.filter((r) => out_(r.degreesCelsius));
		out.push({
			family: 'budget',
			assetId,
			rule: e.key.split('|')[2],
			startedAt: from,
			detectedAt: reachedAt,
			start: withoutRoom(e),
			must: arrivedInTime(revealing),
			endExact: false,
			extremesExact: arrivedInTime(all),
			...arrival(revealing),
		});
	}
	return out;
}

const iso = (t: number) => new Date(t).toISOString();

/** An episode's identity: family, asset, rule and start (what an in-order judgment keys it by). */
export const episodeKey = (family: Family, assetId: string, rule: string, startedAt: number) =>
	family === 'budget'
		? `${family}|${assetId}|${rule}`
		: `${family}|${assetId}|${rule}|${startedAt}`;
