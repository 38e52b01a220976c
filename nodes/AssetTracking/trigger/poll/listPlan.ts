import { embedIsQuiet, embedUsable } from '../assets/hint';
import { baseline, floorOf, startingAfter, type KindMemory } from '../assets/seen';
import { dueSlots, sweepPeriodMs, sweepSlot } from '../assets/sweep';
import type { ReadingKind, ScopedAsset } from '../assets/types';
import { secondOf } from '../core/identity';
import type { TriggerConfig } from '../parameters/config';
import type { TriggerState } from '../state/model';

/**
 * How far each of the assets' reading lists is read this poll: its memory (what was seen of it,
 * assets/seen.ts) says so. Planned before the reads (plan.ts); the memory moves after them
 * (lists.ts).
 */

/** How far one list is read this poll. */
export interface ListPlan {
	/** What counts as new for this read (seen.ts). */
	memory: KindMemory;
	/** The memory from the last poll, if the asset had one. */
	before?: KindMemory;
	/** The asset list's embed said the asset has nothing new (read anyway: its sweep is due). */
	skippable: boolean;
	/**
	 * Read down to the memory's floor (the late-window sweep, or a list not read before), rather
	 * than only down to the newest reading seen.
	 */
	full: boolean;
	/** Its asset's read was cut between pages last poll: first pages of the service's maximum. */
	wholePages: boolean;
}

/**
 * How far to read an asset's list this poll; undefined when the asset list shows it quiet (hint.ts).
 *
 * A list is read only down to the newest reading seen, except on the asset's sweep (sweep.ts):
 * then, and whenever a sweep was missed by half a period (a poll cut by the budget), down to the
 * floor, so late readings are found within a period of their arrival.
 * `now` is this machine's clock, `serviceNow` the service's (its Date header) when known: the
 * sweep follows the service's clock, the one the readings are stamped by.
 */
export function listPlanner(
	previous: TriggerState | null,
	config: TriggerConfig,
	now: number,
	serviceNow: number | null,
): (asset: ScopedAsset, kind: ReadingKind) => ListPlan | undefined {
	const periodMs = sweepPeriodMs(config.windowS);
	// This machine's clock when the service's did not move on (no Date header, or a stuck one).
	const isDue =
		serviceNow !== null && previous?.serviceTime != null && serviceNow > previous.serviceTime
			? dueSlots(previous.serviceTime, serviceNow, periodMs)
			: dueSlots(previous?.lastPoll ?? null, now, periodMs);
	// A sweep was missed (a poll cut by the budget) when the floor a sweep would set now (seen.ts
	// floorOf) stands a period and a half above the floor kept.
	const serviceNowS = serviceNow === null ? null : secondOf(serviceNow);
	const overdue = (memory: KindMemory) =>
		memory.newest !== null &&
		floorOf(memory.newest, config.windowS, serviceNowS) - memory.floor >= (1.5 * periodMs) / 1000;
	// Where a list with no memory starts. At activation: where it stands (nothing is new), or the
	// Look Back. Later (the asset joined the scope, or the kind is newly watched): from the newest
	// reading the scope had reached, so nothing since the change is lost.
	const start = (): KindMemory => {
		if (previous === null) {
			return config.lookBackMs > 0 ? startingAfter(secondOf(now - config.lookBackMs)) : baseline();
		}
		return previous.watermark === null ? baseline() : startingAfter(previous.watermark);
	};
	return (asset, kind) => {
		const before = previous?.assets.get(asset.id)?.[kind];
		// Nothing seen yet, or nothing below the newest reading can be new: no late window to
		// sweep (a reading newer than the newest one would show in the embed).
		const sweep =
			before?.newest != null &&
			before.floor < before.newest &&
			(isDue(sweepSlot(asset.id)) || overdue(before));
		const skippable =
			embedUsable(previous?.hints[kind], kind, config.summaryLocations) &&
			embedIsQuiet(kind, asset.embedded?.[kind], before);
		if (skippable && !sweep) return undefined;
		const full = sweep || before?.newest == null;
		const wholePages = asset.id === previous?.retry;
		return { before, skippable, full, wholePages, memory: before ?? start() };
	};
}
