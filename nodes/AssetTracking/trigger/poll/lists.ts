import { embedObservable, nextTrust, observe } from '../assets/hint';
import type { Observation } from '../assets/hint';
import type { ListOrder } from '../assets/order';
import { nextPageHint } from '../assets/readings';
import {
	advance,
	identityOf,
	isNew,
	startingAfter,
	type KindMemory,
	type ListRead,
} from '../assets/seen';
import type { Reading, ReadingKind, ScopedAsset } from '../assets/types';
import { secondOf } from '../core/identity';
import type { TriggerConfig } from '../parameters/config';
import type { TriggerState } from '../state/model';
import { assets } from '../subjects/assets';
import type { ListTask, Plan } from './plan';
import type { TaskResult } from './read';

/**
 * The assets' reading lists in a poll: reads of the asset kind like any other, except that each
 * list has a memory of its own (what was seen of it, assets/seen.ts), which says how far to read
 * it (listPlan.ts, before the reads) and which moves only as far as the read proves (`foldLists`,
 * after them).
 */

export interface ListsFoldInput {
	config: TriggerConfig;
	plan: Plan;
	/** Each task's result, settled (fold.ts): undefined where its asset's reads did not all complete. */
	settled: Array<TaskResult | undefined>;
	previous: TriggerState | null;
	serviceNow: number;
	/** A manual run (Fetch Test Event): everything read is news. */
	sample?: boolean;
}

/**
 * The reading lists' part of the fold, into `next`: each list's memory advances (seen.ts) and what
 * it had not seen before becomes that list's fresh readings; a list not read (the budget, a 404)
 * keeps its memory, so the next poll picks it up. Returns what each asset's lists brought, by
 * the asset's key and the list's name, for the families.
 */
export function foldLists(
	input: ListsFoldInput,
	next: TriggerState,
): Map<string, Map<string, ListRead>> {
	const { config, previous, plan, settled } = input;
	const lists = new Map<string, Map<string, ListRead>>();
	const listRead = (key: string, kind: ReadingKind, read: ListRead) => {
		lists.set(key, (lists.get(key) ?? new Map<string, ListRead>()).set(kind, read));
	};

	for (const [{ key, subject }, kinds] of plan.quiet) {
		const id = (subject as ScopedAsset).id;
		for (const kind of kinds) {
			const before = previous!.assets.get(id)![kind]!;
			setMemory(next, id, kind, before);
			listRead(key, kind, { fresh: [], before, after: before, baseline: false });
		}
	}

	for (const [{ key, subject }, seeded] of plan.seeded) {
		for (const [kind, after] of Object.entries(seeded) as Array<[ReadingKind, KindMemory]>) {
			setMemory(next, (subject as ScopedAsset).id, kind, after);
			listRead(key, kind, { fresh: [], before: undefined, after, baseline: true });
		}
	}

	const orders = new Map<ReadingKind, ListOrder[]>();
	const mostNew = new Map<ReadingKind, number>();
	const observations = new Map<ReadingKind, Observation[]>();
	// In place: a copy per read would make a poll of N assets cost N² here.
	const add = <T>(map: Map<ReadingKind, T[]>, kind: ReadingKind, value: T) => {
		const values = map.get(kind);
		if (values) values.push(value);
		else map.set(kind, [value]);
	};
	/** Not read at activation (budget, or 404): start from the watermark once this poll has one. */
	const unreadAtActivation: Array<{ asset: ScopedAsset; kind: ReadingKind }> = [];

	const serviceNowS = secondOf(input.serviceNow);
	plan.tasks.forEach((each, i) => {
		if (each.list === undefined) return;
		const task = each as ListTask;
		const asset = task.unit.subject as ScopedAsset;
		const kind = task.read.list;
		const { memory, before, skippable, full } = task.list;
		const result = settled[i];
		if (result === undefined || result.gone) {
			// What was known stays known; a new asset keeps the start it was given.
			if (memory.floor === Number.POSITIVE_INFINITY) unreadAtActivation.push({ asset, kind });
			else setMemory(next, asset.id, kind, memory);
			return;
		}
		const readings = result.listed!.readings;
		const isBaseline = memory.floor === Number.POSITIVE_INFINITY;
		// Once each: a list paged by offset serves a reading twice when readings arrive between
		// its pages (they shift the rest down).
		const fresh = onceEach(
			kind,
			isBaseline ? readings : readings.filter((reading) => isNew(memory, kind, reading)),
		);
		fresh.sort((a, b) => a.ts - b.ts);
		mostNew.set(kind, Math.max(mostNew.get(kind) ?? 0, isBaseline ? 0 : fresh.length));
		add(orders, kind, result.listed!.order);
		if (embedObservable(kind, config.summaryLocations)) {
			add(observations, kind, observe(kind, asset.embedded?.[kind], before, readings, skippable));
		}
		const after = advance(memory, kind, readings, config.windowS, full, serviceNowS);
		if (asset.labelled !== false) setMemory(next, asset.id, kind, after);
		else raiseWatermark(next, after.newest);
		// A sample shows what the window holds: its baseline reads are news.
		listRead(task.unit.key, kind, {
			fresh,
			before,
			after,
			baseline: isBaseline && !input.sample,
			// Version 6 judges its rules on what a read down to the floor holds.
			...(full && config.version >= COMPLETE_TIMELINE_SINCE
				? { held: heldAbove(kind, readings, isBaseline ? -Infinity : memory.floor) }
				: {}),
		});
	});
	// Assets the activation could not read (the budget, a 404) start from where they stood: their
	// newest reading as the asset list showed it, else where the assets it read stood. Never later
	// than the activation by the service's clock: whenever its reads complete, over the next polls,
	// every reading timestamped after the activation's second is news (an embed or a list that
	// shows readings ahead of the service's clock cannot push the start past them).
	const activatedAt = secondOf(input.serviceNow);
	const listedNewest = newestEmbedded(
		plan.units.filter((unit) => unit.kind === assets).map((unit) => unit.subject as ScopedAsset),
	);
	for (const { asset, kind } of unreadAtActivation) {
		const start = newestEmbedded([asset], kind) ?? next.watermark ?? listedNewest ?? activatedAt;
		setMemory(next, asset.id, kind, startingAfter(Math.min(start, activatedAt)));
	}

	for (const kind of config.lists) {
		next.hints[kind] = {
			...nextPageHint(previous?.hints[kind], orders.get(kind) ?? [], mostNew.get(kind)),
			trust: nextTrust(previous?.hints[kind]?.trust ?? 0, observations.get(kind) ?? []),
		};
	}
	return lists;
}

/** The node version that judges its rules on the complete timeline (issue 46). */
const COMPLETE_TIMELINE_SINCE = 6;

/** Every reading listed above `floor` (seconds), once each, oldest first. */
function heldAbove(kind: ReadingKind, readings: Reading[], floor: number) {
	const held = onceEach(
		kind,
		readings.filter((reading) => secondOf(reading.ts) > floor),
	).sort((a, b) => a.ts - b.ts);
	return { floor, readings: held };
}

/** The readings without repeats of one identity (seen.ts), the first of each kept. */
function onceEach(kind: ReadingKind, readings: Reading[]): Reading[] {
	const seen = new Set<string>();
	return readings.filter((reading) => {
		const identity = identityOf(kind, reading);
		if (seen.has(identity)) return false;
		seen.add(identity);
		return true;
	});
}

/** The second of the newest reading the asset list embedded in these assets (of one kind or both). */
function newestEmbedded(assets: ScopedAsset[], kind?: ReadingKind): number | null {
	let newest: number | null = null;
	for (const asset of assets) {
		for (const k of kind ? [kind] : (['temperature', 'location'] as const)) {
			for (const r of asset.embedded?.[k] ?? [])
				newest = Math.max(newest ?? -Infinity, secondOf(r.ts));
		}
	}
	return newest;
}

function raiseWatermark(state: TriggerState, second: number | null): void {
	if (second !== null) state.watermark = Math.max(state.watermark ?? second, second);
}

function setMemory(state: TriggerState, assetId: string, kind: ReadingKind, memory: KindMemory) {
	const entry = state.assets.get(assetId) ?? {};
	entry[kind] = memory;
	state.assets.set(assetId, entry);
	raiseWatermark(state, memory.newest);
}
