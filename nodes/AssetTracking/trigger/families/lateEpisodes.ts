import type { IDataObject } from 'n8n-workflow';

import { serviceTimestamp } from '../core/timestamp';
import type { ListRead } from '../assets/seen';
import type { TriggerEvent } from './family';

/**
 * Version 6: episodes (excursions, consecutive alarms) judged on the complete timeline.
 *
 * Readings arrive late: a relayed batch can reveal an excursion between readings already judged,
 * move an excursion's start or split it. Between sweeps a family judges only readings newer than
 * the newest it folded (in order, as versions 3 to 5 do). On the asset's sweep (a read down to the
 * list's floor, `ListRead.held`) it judges the window again: from its judge state settled at the
 * floor (the anchor), every reading the list holds above it, in timestamp order. What that replay
 * makes is reconciled here with what was already reported (`Claim`s):
 *
 * - an episode of the replay covers a claim when the claim's start lies in it
 *   (startedAt <= claim < end): late readings moved its start or its end, not a new episode. Its
 *   start is not emitted again; its end is, once, with the complete timeline's figures;
 * - an episode no claim covers was revealed by late readings (or is news in order): its start is
 *   emitted now, and its end if it is over, with `late: true` and `foundAt` when its moment is not
 *   newer than the newest reading folded before this poll;
 * - a claim no episode covers is an emitted start the complete timeline does not confirm (its
 *   start reading now sits in a run shorter than the minimum): it cannot be taken back, and gets no
 *   end.
 *
 * Items judged in order carry `late: false`.
 */

/** An episode's lane: its direction (excursions) or its alarm (consecutive alarms). */
export type Lane = string;

/** A reported episode: its lane and the start its first item gave (epoch ms); ended: its end emitted. */
export interface Claim {
	lane: Lane;
	at: number;
	ended: boolean;
}

/** One event a replay (or the in-order judge) made, with what reconciles it. */
export interface Made {
	event: TriggerEvent;
	/** The moment that decides whether it is news (a start: its startedAt; else its reading). */
	news: number;
	role: 'start' | 'reminder' | 'end';
	lane: Lane;
	/** Its episode's start (epoch ms), the complete timeline's. */
	startedAt: number;
	/** A reminder's due moment. */
	due?: number;
}

export interface Reconcile {
	made: Made[];
	claims: Claim[];
	/** The newest reading folded before this poll (epoch ms; -Infinity: none). */
	folded: number;
	quietUntil: number;
	/** The service's clock at this poll (foundAt). */
	now: number;
	/**
	 * False when the judge state at the floor is not known (the asset's first sweep after it was
	 * seeded from the asset list): nothing at or before `folded` is emitted, only noted as reported.
	 */
	lateAllowed: boolean;
}

export interface Reconciled {
	events: TriggerEvent[];
	claims: Claim[];
	/** The episodes (lane@startedAt) found late in this poll: their reminders start after foundAt. */
	foundLate: Set<string>;
}

const keyOf = (lane: Lane, startedAt: number) => `${lane}@${startedAt}`;

/** The newest reading folded before this poll (epoch ms: the last millisecond of its second). */
export const foldedMs = (list: ListRead) =>
	list.before?.newest == null ? Number.NEGATIVE_INFINITY : list.before.newest * 1000 + 999;

/** The item fields that say whether an event was found late. */
export const lateFields = (late: boolean, now: number): IDataObject =>
	late ? { late: true, foundAt: serviceTimestamp(now) } : { late: false };

/** An event judged in order (version 6): `late: false`. */
export const inOrder = (event: TriggerEvent): TriggerEvent => ({
	...event,
	fields: { ...event.fields, ...lateFields(false, 0) },
});

/** The claim an episode covers: one of its lane whose start lies within it. */
export const claimOf = (claims: Claim[], lane: Lane, startedAt: number, end?: number) =>
	claims.find((c) => c.lane === lane && startedAt <= c.at && (end === undefined || c.at < end));

/**
 * The in-order judge's bookkeeping: a start emitted is claimed, an end emitted ends its claim
 * (one is added for an episode that opened before the trigger started: its start was never news).
 */
export function noteInOrder(claims: Claim[], made: Made): void {
	if (made.role === 'start') claims.push({ lane: made.lane, at: made.startedAt, ended: false });
	if (made.role !== 'end') return;
	const claim = claimOf(claims, made.lane, made.startedAt, made.event.at);
	if (claim) claim.ended = true;
	else claims.push({ lane: made.lane, at: made.startedAt, ended: true });
}

/** What a replay of the window emits, given what was reported; see above. */
export function reconcile(input: Reconcile): Reconciled {
	const { made, folded, quietUntil, now, lateAllowed } = input;
	const claims = input.claims.map((c) => ({ ...c }));
	// Each episode's end, to know which claim it covers.
	const ends = new Map<string, number>();
	for (const m of made) if (m.role === 'end') ends.set(keyOf(m.lane, m.startedAt), m.event.at);
	const covering = new Map<string, Claim | undefined>();
	const claimFor = (m: Made) => {
		const key = keyOf(m.lane, m.startedAt);
		if (!covering.has(key)) covering.set(key, claimOf(claims, m.lane, m.startedAt, ends.get(key)));
		return covering.get(key);
	};
	const events: TriggerEvent[] = [];
	const foundLate = new Set<string>();
	const emit = (m: Made) => {
		const late = m.event.at <= folded;
		if (late && !lateAllowed) return false;
		if (late) foundLate.add(keyOf(m.lane, m.startedAt));
		events.push({ ...m.event, fields: { ...m.event.fields, ...lateFields(late, now) } });
		return true;
	};
	for (const m of made) {
		const key = keyOf(m.lane, m.startedAt);
		let claim = claimFor(m);
		if (m.role === 'start') {
			if (claim) continue;
			claim = { lane: m.lane, at: m.startedAt, ended: false };
			claims.push(claim);
			covering.set(key, claim);
			// Before the trigger started, or (state at the floor unknown) already judged: noted.
			if (m.news > quietUntil) emit(m);
			continue;
		}
		if (m.role === 'end') {
			if (claim?.ended) continue;
			if (!claim) {
				// Open since before the replay's anchor and never reported: its end only.
				claim = { lane: m.lane, at: m.startedAt, ended: true };
				claims.push(claim);
				covering.set(key, claim);
			}
			claim.ended = true;
			if (m.news > quietUntil) emit(m);
			continue;
		}
		// A reminder: in order only (none sent late), and none for an episode found late.
		if (m.event.at > folded && (m.due ?? 0) > folded && !foundLate.has(key) && m.news > quietUntil)
			emit(m);
	}
	return { events, claims, foundLate };
}

/**
 * The claims worth keeping once the anchor moved to `floor` (epoch ms): those the replay can still
 * meet again, a start above the floor or one within an episode open at the floor.
 */
export function keptClaims(
	claims: Claim[],
	floor: number,
	openAtFloor: Array<{ lane: Lane; startedAt: number }>,
): Claim[] {
	return claims.filter(
		(c) =>
			c.at > floor || openAtFloor.some((open) => open.lane === c.lane && open.startedAt <= c.at),
	);
}
