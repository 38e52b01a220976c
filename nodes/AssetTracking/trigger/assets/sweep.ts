/**
 * The late-window sweep. Between sweeps a list is read only down to the newest reading seen; a
 * reading that arrives late, below it, is found by its asset's next sweep: a read of every list
 * down to its floor, once per sweep period (plan.ts).
 */

/**
 * Every asset with readings has its lists read in full (down to the floor) once per period, a
 * sixth of the window and at most an hour. The floor rises only on a full read, and then only to
 * the window plus a period behind the newest reading (seen.ts): a reading that arrives less than
 * a window late is still above it when its sweep comes, up to a period after its arrival, whatever
 * the sweep's phase. Assets are spread over 60 slots.
 */
const SWEEPS_PER_WINDOW = 6;
const SWEEP_AT_LEAST_HOURLY_MS = 60 * 60_000;
export const sweepPeriodMs = (windowS: number) =>
	Math.min(SWEEP_AT_LEAST_HOURLY_MS, (windowS * 1000) / SWEEPS_PER_WINDOW);
const SWEEP_SLOTS = 60;

/** A stable slot per asset: where in the sweep period its lists are read in full. */
export function sweepSlot(assetId: string): number {
	let h = 0x811c9dc5;
	for (let i = 0; i < assetId.length; i++) {
		h ^= assetId.charCodeAt(i);
		h = Math.imul(h, 0x01000193) >>> 0;
	}
	return h % SWEEP_SLOTS;
}

/**
 * The slots whose time came since the last poll (epoch ms, the service's clock): their assets
 * are read in full now. After a gap of a whole period or more every slot is due.
 */
export function dueSlots(
	lastPoll: number | null,
	now: number,
	periodMs: number,
): (slot: number) => boolean {
	if (lastPoll === null || now <= lastPoll) return () => false;
	if (now - lastPoll >= periodMs) return () => true;
	const width = periodMs / SWEEP_SLOTS;
	const due = new Set<number>();
	for (let k = Math.floor(lastPoll / width) + 1; k <= Math.floor(now / width); k++)
		due.add(k % SWEEP_SLOTS);
	return (slot) => due.has(slot);
}
