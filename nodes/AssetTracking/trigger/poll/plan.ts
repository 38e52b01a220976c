import type { AnyFamily } from '../families/family';
import { embedIsQuiet, embedUsable } from '../assets/hint';
import { secondOf } from '../core/identity';
import type { TriggerConfig } from '../parameters/config';
import { baseline, reachOf, startingAfter, type KindMemory } from '../assets/seen';
import type { TriggerState } from '../state/model';
import { subjectKey, type Subject, type SubjectRead } from '../subjects/subject';
import { dueSlots, sweepPeriodMs, sweepSlot } from '../assets/sweep';
import type { ReadingKind, ScopedAsset } from '../assets/types';

/** A read of one asset's reading list. */
export interface ListTask {
	asset: ScopedAsset;
	kind: ReadingKind;
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

/** A family's own read of one asset. */
export interface FamilyTask {
	asset: ScopedAsset;
	family: AnyFamily;
}

/** A read of one subject of another kind than assets (subjectPlan.ts), shared by its families. */
export interface SubjectTask {
	subject: Subject;
	read: SubjectRead;
}

export type Task = ListTask | FamilyTask | SubjectTask;
export const isListTask = (task: Task): task is ListTask => 'kind' in task;
export const isSubjectTask = (task: Task): task is SubjectTask => 'subject' in task;

/**
 * What a task reads for, in the poll's rotation: an asset (its id) or a subject (`<kind>:<id>`).
 * Its reads start together or not at all, and move its memories only when all of them completed.
 */
export const unitOf = (task: Task) =>
	isSubjectTask(task) ? subjectKey(task.subject) : task.asset.id;

export interface Plan {
	/** In reading order: asset by asset, from where the last poll stopped. */
	tasks: Task[];
	/** Lists not read because the asset list showed nothing new in them (hint.ts). */
	quiet: Map<string, ReadingKind[]>;
	/** Lists an activation did not read: their memories as the asset list showed them (seed.ts). */
	seeded: Map<string, Partial<Record<ReadingKind, KindMemory>>>;
}

/**
 * What a poll reads: for each watched asset, the reading lists its families need (except those
 * the asset list shows to be quiet, see hint.ts) and the families' own reads. Families only read
 * labelled assets; an unlabelled one the trigger followed has its lists read once more.
 *
 * A list is read only down to the newest reading seen, except on the asset's sweep (hint.ts):
 * then, and whenever a sweep was missed by half a period (a poll cut by the budget), down to the
 * floor, so late readings are found within a period of their arrival.
 * `now` is this machine's clock, `serviceNow` the service's (its Date header) when known: the
 * sweep follows the service's clock, the one the readings are stamped by.
 */
export function planPoll(
	assets: ScopedAsset[],
	previous: TriggerState | null,
	config: TriggerConfig,
	now: number,
	serviceNow: number | null = null,
): Plan {
	const periodMs = sweepPeriodMs(config.windowS);
	// This machine's clock when the service's did not move on (no Date header, or a stuck one).
	const isDue =
		serviceNow !== null && previous?.serviceTime != null && serviceNow > previous.serviceTime
			? dueSlots(previous.serviceTime, serviceNow, periodMs)
			: dueSlots(previous?.lastPoll ?? null, now, periodMs);
	const overdue = (memory: KindMemory) =>
		memory.newest !== null &&
		memory.newest - memory.floor >= reachOf(config.windowS) + (1.5 * periodMs) / 1000;
	// Where a list with no memory starts. At activation: where it stands (nothing is new), or the
	// Look Back. Later (the asset joined the scope, or the kind is newly watched): from the newest
	// reading the scope had reached, so nothing since the change is lost.
	const start = (): KindMemory => {
		if (previous === null) {
			return config.lookBackMs > 0 ? startingAfter(secondOf(now - config.lookBackMs)) : baseline();
		}
		return previous.watermark === null ? baseline() : startingAfter(previous.watermark);
	};
	const tasks: Task[] = [];
	const quiet = new Map<string, ReadingKind[]>();
	for (const asset of assets) {
		if (asset.departed) {
			for (const { family, settings } of config.families)
				if (family.followsDeparted && family.read?.wanted(asset, settings))
					tasks.push({ asset, family });
			continue;
		}
		for (const kind of config.kinds) {
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
			if (skippable && !sweep) {
				quiet.set(asset.id, [...(quiet.get(asset.id) ?? []), kind]);
				continue;
			}
			const full = sweep || before?.newest == null;
			const wholePages = asset.id === previous?.retry;
			tasks.push({ asset, kind, before, skippable, full, wholePages, memory: before ?? start() });
		}
		if (asset.labelled === false) continue;
		for (const { family, settings } of config.families) {
			if (family.read?.wanted(asset, settings)) tasks.push({ asset, family });
		}
	}
	return { tasks, quiet, seeded: new Map() };
}
