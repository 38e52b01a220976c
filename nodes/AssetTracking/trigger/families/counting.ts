import { secondOf } from '../core/identity';

/**
 * Counting from a start (a cumulative alarm, the stability budget): an asset's readings count from
 * the first second its family counts for it. That is the family's start for every asset there
 * when it started, kept once in the state (`started`), so a memory keeps a start of its own
 * (`from`) only when it differs: an asset that joined later, or one the activation could not read.
 */
export interface CountedFrom {
	/** The first second whose readings count; absent: the family's start. */
	from?: number;
}

/**
 * The first second whose readings count, for an asset the family starts on: at the activation (or
 * when the event is newly chosen), the second of the poll by the service's clock, its readings
 * included; an asset that joins later, or whose list the activation could not read, after the
 * time its other events start from.
 */
export function firstCounted(quietUntil: number, now: number): number | undefined {
	if (quietUntil === Number.POSITIVE_INFINITY) return secondOf(now);
	return Number.isFinite(quietUntil) ? secondOf(quietUntil) + 1 : undefined;
}

/** The first second whose readings count for this memory (undefined: every reading read). */
export const countsFrom = (memory: CountedFrom, started: number | undefined) =>
	memory.from ?? started;

/**
 * Drops a start the memory need not keep: the family's own (the state keeps it), or one the
 * list's floor has reached, since every reading still to come is above the floor.
 */
export function settleFrom(memory: CountedFrom, floor: number, started: number | undefined): void {
	if (memory.from !== undefined && (memory.from === started || floor >= memory.from - 1))
		delete memory.from;
}
