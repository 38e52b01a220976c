import { DIRECTIONS, type Direction } from '../../coldChain/excursion';
import { secondOf } from '../core/identity';
import type { ListRead } from '../assets/seen';
import { decodeClaims, encodeClaims } from './claimText';
import type { TriggerEvent } from './family';
import { judgeReading, type OpenExcursions, type Where } from './excursionJudge';
import {
	foldedMs,
	inOrder,
	keptClaims,
	noteInOrder,
	reconcile,
	type Claim,
	type Made,
} from './lateEpisodes';

/**
 * An asset's excursions: the ones open after the newest reading folded, and (version 6) what judges
 * the complete timeline (lateEpisodes.ts): the judge state at the list's floor (`anchor`;
 * undefined: not known yet) and the reported episodes still within the window (`claims`).
 */
export type ExcursionMemory = OpenExcursions & {
	anchor?: OpenExcursions;
	claims?: Claim[];
	/** Read from a saved `?`: no state at the floor known yet (asTimeline). */
	unknown?: boolean;
};

export interface ExcursionFold {
	where: Where;
	memory: ExcursionMemory | undefined;
	list: ListRead;
	quietUntil: number;
	/** The service's clock at the poll (epoch ms). */
	now: number;
}

const openOf = (memory: OpenExcursions | undefined): OpenExcursions => {
	const open: OpenExcursions = {};
	for (const d of DIRECTIONS) if (memory?.[d]) open[d] = { ...memory[d]! };
	return open;
};

/**
 * Versions 3 to 5: only readings newer than the newest one already folded move it (a late reading
 * cannot reopen the past). Version 6 between sweeps the same, keeping its claims.
 */
export function foldInOrder(
	input: ExcursionFold,
	v6: boolean,
): {
	memory: ExcursionMemory;
	events: TriggerEvent[];
} {
	const { where, memory, list, quietUntil } = input;
	const open = openOf(memory);
	const claims = (memory?.claims ?? []).map((c) => ({ ...c }));
	const folded = foldedMs(list);
	const events: TriggerEvent[] = [];
	for (const reading of list.fresh) {
		if (reading.ts <= folded) continue;
		for (const made of judgeReading(where, open, reading)) {
			// A start counts from the reading that opened the excursion, an end from its own.
			if (made.news > quietUntil) events.push(v6 ? inOrder(made.event) : made.event);
			if (v6) noteInOrder(claims, made);
		}
	}
	if (!v6) return { memory: open, events };
	return { memory: { ...open, anchor: memory?.anchor, claims }, events };
}

/**
 * Version 6 on a sweep (the list held down to its floor): the window judged again from the anchor,
 * reconciled with the claims (lateEpisodes.ts); the anchor moves to the list's new floor.
 */
export function foldTimeline(
	input: ExcursionFold,
	held: NonNullable<ListRead['held']>,
): { memory: ExcursionMemory; events: TriggerEvent[] } {
	const { where, memory, list, quietUntil, now } = input;
	const folded = foldedMs(list);
	const claims = (memory?.claims ?? []).map((c) => ({ ...c }));
	const known = memory?.anchor !== undefined;
	// The anchor not known yet (its first sweep): what is open now goes on through the newest reading.
	if (!known)
		for (const d of DIRECTIONS)
			if (memory?.[d]?.started && Number.isFinite(folded))
				claims.push({ lane: d, at: folded, ended: false });
	const state = openOf(memory?.anchor);
	const floor = list.after.floor;
	let anchor: OpenExcursions | undefined;
	const made: Made[] = [];
	for (const reading of held.readings) {
		if (!anchor && secondOf(reading.ts) > floor) anchor = openOf(state);
		made.push(...judgeReading(where, state, reading));
	}
	anchor ??= openOf(state);
	const result = reconcile({ made, claims, folded, quietUntil, now, lateAllowed: known });
	// An episode found late sends no reminder that fell due before it was found.
	const everyMs = where.settings.remindEveryMs;
	for (const d of DIRECTIONS) {
		const open = state[d];
		if (!open?.detectedAt || !result.foundLate.has(`${d}@${open.startedAt}`)) continue;
		open.reminders = Math.max(open.reminders ?? 0, Math.floor((now - open.detectedAt) / everyMs));
	}
	const openAtFloor = DIRECTIONS.filter((d) => anchor![d]).map((d) => ({
		lane: d,
		startedAt: anchor![d]!.startedAt,
	}));
	return {
		memory: {
			...state,
			anchor,
			claims: keptClaims(result.claims, floor * 1000 + 999, openAtFloor),
		},
		events: result.events,
	};
}

/** Whether a memory holds nothing worth keeping (version 6: an empty anchor is implied). */
export function isEmpty(memory: ExcursionMemory, v6: boolean): boolean {
	if (memory.above || memory.below) return false;
	if (!v6) return true;
	return (
		memory.anchor !== undefined &&
		!memory.anchor.above &&
		!memory.anchor.below &&
		(memory.claims ?? []).length === 0
	);
}

/**
 * Version 6's parts of the saved memory, after the open excursions': `f` + an excursion's part for
 * each one open at the floor (none: nothing open there), `?` no state at the floor known yet,
 * then the reported episodes together in one part (claimText.ts), each lane `A` (above) or `B`
 * (below): `B3io` an excursion below from 4,560 seconds back, its end emitted. An excursion open
 * and started now is reported: its own claim is left out (asTimeline puts it back).
 */
export function encodeTimeline(
	memory: ExcursionMemory,
	base: number,
	encodeOpen: (open: OpenExcursions) => string[],
): string[] {
	// Versions 3 to 5 keep no claims, and write none of these parts.
	if (memory.claims === undefined) return [];
	const implied = (c: Claim) =>
		!c.ended &&
		memory[c.lane as Direction]?.started &&
		memory[c.lane as Direction]!.startedAt === c.at;
	return [
		...(memory.anchor === undefined ? ['?'] : encodeOpen(memory.anchor).map((part) => `f${part}`)),
		...claimsPart(
			memory.claims.filter((c) => !implied(c)),
			base,
		),
	];
}

/** Reads a version 6 part into `memory`; false when the part is none of them. */
export function decodeTimelinePart(
	part: string,
	memory: ExcursionMemory,
	base: number,
	decodeOpen: (part: string) => [Direction, OpenExcursions[Direction]] | undefined,
): boolean {
	if (part === '?') {
		memory.unknown = true;
		return true;
	}
	if (part.startsWith('f')) {
		const open = decodeOpen(part.slice(1));
		if (open) (memory.anchor ??= {})[open[0]] = open[1];
		return true;
	}
	if (!/^[AB]/.test(part)) return false;
	const lane = (text: string) => DIRECTIONS.find((d) => d[0].toUpperCase() === text);
	(memory.claims ??= []).push(...decodeClaims(part, base, lane));
	return true;
}

/** The reported episodes' part: `A` above, `B` below (claimText.ts); none when there are none. */
const claimsPart = (claims: Claim[], base: number) =>
	claims.length === 0 ? [] : [encodeClaims(claims, base, (lane) => lane[0].toUpperCase())];

/**
 * A decoded memory as version 6 folds it: its state at the floor (none written: nothing open
 * there; `?`: not known), and its claims with those of the excursions open and started now.
 */
export function asTimeline(memory: ExcursionMemory): ExcursionMemory {
	const { unknown, ...rest } = memory;
	const claims = [...(rest.claims ?? [])];
	for (const d of DIRECTIONS) {
		const open = rest[d];
		if (open?.started && !claims.some((c) => c.lane === d && open.startedAt <= c.at))
			claims.push({ lane: d, at: open.startedAt, ended: false });
	}
	return { ...rest, anchor: unknown ? undefined : (rest.anchor ?? {}), claims };
}
