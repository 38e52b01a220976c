import { readingKey, secondOf } from '../core/identity';
import { sweepPeriodMs } from './sweep';
import type { Reading, ReadingKind } from './types';

/**
 * What is new: the trigger's memory of one asset and one kind of reading.
 *
 * Readings can arrive late: labels buffer them and upload in batches, and a batch relayed by
 * another gateway can hold timestamps older than readings of the same asset already served. So
 * "newer than the last one seen" is not enough. The trigger remembers every reading it has seen
 * within a window behind the newest one, and a reading is new when it is above the memory's
 * floor and not remembered:
 *
 *   new  <=>  second(ts) > floor  and  identity not in seen
 *
 * After a full read, the floor rises to (newest - reach) and the memory drops what fell below it;
 * the reach is the window plus the sweep period (reachOf). A reading that first appears below
 * the floor is older than the window: never emitted. "Newest" here is never later than the
 * service's clock at the read (its Date header, floorOf): labels stamp readings by their own
 * clocks, and a floor set from readings stamped ahead of the service's clock would pass readings
 * that arrive, by the service's clock, less than a window late.
 *
 * Identity: temperatures are one value per minute (spec), so a temperature is its second; a
 * location is its second plus a 24-bit content key, since two fixes may share a second.
 */
export interface KindMemory {
	/** Seconds. Readings at or below are never new; -Infinity: everything is. */
	floor: number;
	/** Newest second seen; null while nothing was seen. */
	newest: number | null;
	/** Identities (see identityOf) of the readings seen above the floor. */
	seen: Set<string>;
}

/** What a poll read of one reading list of an asset. */
export interface ListRead {
	/** Readings no earlier poll had seen, oldest first. */
	fresh: Reading[];
	/** The list's memory before and after this poll (above). */
	before: KindMemory | undefined;
	after: KindMemory;
	/** The read only noted where the list stands (activation): its readings are not news. */
	baseline: boolean;
	/**
	 * A read down to the floor (the sweep, or a list read to its end): every reading the list holds
	 * above `floor` (the memory's floor before the read; -Infinity for a baseline), once each,
	 * oldest first, seen before or not. Version 6 judges its rules on this complete timeline.
	 */
	held?: { floor: number; readings: Reading[] };
}

/** The identity kept in memory: `<second>` for temperatures, `<second>:<key>` for locations. */
export function identityOf(kind: ReadingKind, reading: Reading): string {
	const second = secondOf(reading.ts);
	return kind === 'temperature' ? String(second) : `${second}:${readingKey(reading.item)}`;
}

export const secondOfIdentity = (identity: string) => parseInt(identity, 10);

/**
 * How far behind its newest reading a list's memory reaches (seconds): the late-readings window,
 * plus the sweep period (sweep.ts). Between sweeps a late reading waits below the newest one for
 * up to a period; the extra period keeps a reading that arrived just under a window late above
 * the floor until its sweep, whenever the last sweep was. The window is honoured at arrival: a
 * reading that arrives less than a window after its timestamp is emitted; one that arrives up to
 * a period later than that may still be.
 */
export const reachOf = (windowS: number) => windowS + sweepPeriodMs(windowS) / 1000;

/**
 * Where a full read leaves the floor: the reach behind the newest reading, or behind the service's
 * clock at the poll (seconds) when that is earlier. A reading that reaches the lists after this
 * read, less than a window after its timestamp by the service's clock, is then above the floor
 * until the asset's next sweep, up to a period later.
 */
export const floorOf = (newest: number, windowS: number, serviceNowS: number | null) =>
	Math.min(newest, serviceNowS ?? newest) - reachOf(windowS);

/**
 * A memory for a read that should emit nothing: the activation (the trigger notes where each
 * asset stands). Its floor is +Infinity; `advance` then sets it from what the read saw.
 */
export const baseline = (): KindMemory => ({
	floor: Number.POSITIVE_INFINITY,
	newest: null,
	seen: new Set(),
});

/** Memory of an asset not read yet: everything after `second` is new (it starts from there). */
export const startingAfter = (second: number): KindMemory => ({
	floor: second,
	newest: null,
	seen: new Set(),
});

export function isNew(memory: KindMemory, kind: ReadingKind, reading: Reading): boolean {
	return secondOf(reading.ts) > memory.floor && !memory.seen.has(identityOf(kind, reading));
}

/**
 * The lowest second a read of the list must reach (newest first, it can stop below it). A full
 * read reaches the floor, so every new reading is seen (for a baseline: the reach behind the
 * newest reading); a newest-only read stops at the newest reading seen, leaving what arrived late
 * below it to the next full read (the floor has not moved, so it is still new then).
 */
export function depthOf(
	memory: KindMemory,
	newestListed: number,
	windowS: number,
	full: boolean,
	serviceNowS: number | null,
): number {
	if (!full && memory.newest !== null) return memory.newest;
	if (memory.floor !== Number.POSITIVE_INFINITY) return memory.floor;
	return floorOf(Math.max(memory.newest ?? newestListed, newestListed), windowS, serviceNowS);
}

/**
 * The memory after a read that listed `readings` (everything down to depthOf): every reading
 * listed is remembered (emitted or deliberately not). After a full read the floor rises to the
 * reach behind the newest and what fell below it is forgotten; a newest-only read leaves the
 * floor where it is, since late readings between the floor and the newest were not looked for.
 * The floor never goes down, so widening the window never brings back readings already forgotten.
 */
export function advance(
	memory: KindMemory,
	kind: ReadingKind,
	readings: Reading[],
	windowS: number,
	full = true,
	serviceNowS: number | null = null,
): KindMemory {
	let newest = memory.newest;
	for (const r of readings) newest = Math.max(newest ?? -Infinity, secondOf(r.ts));
	if (newest === null) {
		// Nothing seen yet. A baseline of an empty list: everything that appears is new.
		const floor = memory.floor === Number.POSITIVE_INFINITY ? -Infinity : memory.floor;
		return { floor, newest: null, seen: new Set() };
	}
	const risen = floorOf(newest, windowS, serviceNowS);
	const floor =
		memory.floor === Number.POSITIVE_INFINITY
			? risen
			: full
				? Math.max(memory.floor, risen)
				: memory.floor;
	// A floor that did not move keeps every identity (they are all above it) without parsing them.
	const seen = new Set(
		floor === memory.floor
			? memory.seen
			: [...memory.seen].filter((id) => secondOfIdentity(id) > floor),
	);
	for (const r of readings) {
		if (secondOf(r.ts) > floor) seen.add(identityOf(kind, r));
	}
	return { floor, newest, seen };
}
