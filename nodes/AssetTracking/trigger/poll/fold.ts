import type { AnyFamily, ListRead, TriggerEvent } from '../families/family';
import { embedObservable, nextTrust, observe, type Observation } from '../assets/hint';
import { secondOf } from '../core/identity';
import type { ListOrder } from '../assets/order';
import type { TriggerConfig } from '../parameters/config';
import { isListTask, isSubjectTask, unitOf, type Plan } from './plan';
import type { TaskResult } from './read';
import { nextPageHint } from '../assets/readings';
import { advance, isNew, startingAfter, type KindMemory } from '../assets/seen';
import { emptyState, isPending, type TriggerState } from '../state/model';
import type { Reading, ReadingKind, ScopedAsset } from '../assets/types';

export interface FoldInput {
	config: TriggerConfig;
	/** The watched assets in the order they were planned. */
	assets: ScopedAsset[];
	plan: Plan;
	results: Array<TaskResult | undefined>;
	previous: TriggerState | null;
	/** This machine's clock at the start of the poll, and the service's (epoch ms). */
	now: number;
	serviceNow: number;
	/** A manual run (Fetch Test Event): everything read is news, and no memory is kept. */
	sample?: boolean;
}

/** An event of one asset, ready to become an item. */
export interface AssetEvent extends TriggerEvent {
	asset: ScopedAsset;
}

/**
 * Folds what a poll read into the next state and the events it emits. First the reading lists:
 * each list's memory advances (seen.ts) and what it had not seen before becomes that list's fresh
 * readings. Then every active family folds, per asset, the lists and its own read into its memory.
 * What was not read (the budget ran out, or the service answered 404) keeps its memory, so the
 * next poll picks it up; nothing is emitted twice and nothing is lost.
 */
export function foldPoll(input: FoldInput): {
	next: TriggerState;
	events: AssetEvent[];
	/** Assets the service answered 404 for. */
	gone: Set<string>;
} {
	const { config, previous } = input;
	const next = emptyState(config.windowS, config.summaryLocations);
	next.watermark = previous?.watermark ?? null;
	next.lastPoll = input.now;
	next.serviceTime = input.serviceNow;
	next.hints = { ...previous?.hints };

	const { lists, gone, own } = foldLists(input, next);
	const events: AssetEvent[] = [];
	for (const { family, settings } of config.families) {
		const kept = new Map<string, unknown>();
		const before = previous?.families.get(family.name);
		for (const asset of input.assets) {
			if (asset.departed && !family.followsDeparted) continue;
			const id = asset.id;
			let memory = before?.get(id);
			let quietUntil = Number.NEGATIVE_INFINITY;
			if (input.sample) memory = undefined;
			else if (isPending(memory)) {
				quietUntil = memory.quietUntil;
				memory = undefined;
			} else if (!before) quietUntil = Number.POSITIVE_INFINITY;
			else if (!previous!.known.has(id)) quietUntil = joinedAfter(previous!);

			const read = lists.get(id) ?? {};
			const needs = family.readings?.(settings) ?? [];
			const ownRead = own.get(id)?.get(family);
			const unmet =
				gone.has(id) ||
				needs.some((kind: ReadingKind) => !read[kind]) ||
				(family.read?.wanted(asset, settings) === true && ownRead === undefined);
			let after: unknown;
			if (unmet) {
				after =
					memory ??
					(quietUntil === Number.NEGATIVE_INFINITY
						? undefined
						: {
								pending: true,
								quietUntil: Number.isFinite(quietUntil) ? quietUntil : input.serviceNow,
							});
			} else {
				const folded = family.fold({
					asset,
					settings,
					memory,
					quietUntil,
					now: input.serviceNow,
					windowS: config.windowS,
					readings: read,
					own: ownRead,
				});
				after = folded.memory;
				for (const event of folded.events) {
					if (config.selected.has(event.event)) events.push({ ...event, asset });
				}
			}
			if (asset.labelled !== false && !asset.departed && after !== undefined) kept.set(id, after);
		}
		next.families.set(family.name, kept);
	}
	for (const asset of input.assets)
		if (asset.labelled !== false && !asset.departed) next.known.add(asset.id);
	for (const id of next.assets.keys()) next.known.add(id);
	return { next, gone, events: events.sort(byEventTime(config.families.map((f) => f.family))) };
}

/**
 * Where an asset that joined since the last poll starts: what happened before that poll is old.
 * The poll's clock is the Date header, whole seconds: what happened within its second is news
 * (the asset was not listed then, so nothing of it was emitted).
 */
export function joinedAfter(previous: TriggerState): number {
	if (previous.serviceTime !== null) return previous.serviceTime - 1000;
	return previous.watermark === null ? Number.NEGATIVE_INFINITY : previous.watermark * 1000;
}

/** The reading lists' part of the fold (as the trigger always did it), and what families read. */
function foldLists(input: FoldInput, next: TriggerState) {
	const { config, previous, plan, results } = input;
	const lists = new Map<string, Partial<Record<ReadingKind, ListRead>>>();
	const own = new Map<string, Map<AnyFamily, unknown>>();
	const gone = new Set<string>();
	const listRead = (id: string, kind: ReadingKind, read: ListRead) => {
		lists.set(id, { ...lists.get(id), [kind]: read });
	};

	for (const [id, kinds] of plan.quiet) {
		for (const kind of kinds) {
			const before = previous!.assets.get(id)![kind]!;
			setMemory(next, id, kind, before);
			listRead(id, kind, { fresh: [], before, after: before, baseline: false });
		}
	}

	for (const [id, seeded] of plan.seeded) {
		for (const [kind, after] of Object.entries(seeded) as Array<[ReadingKind, KindMemory]>) {
			setMemory(next, id, kind, after);
			listRead(id, kind, { fresh: [], before: undefined, after, baseline: true });
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

	const settled = settledResults(plan.tasks, results);
	plan.tasks.forEach((task, i) => {
		const result = settled[i];
		if (result === undefined || result.gone) {
			// The next poll starts at the first asset whose reads did not start, after the first
			// one whose reads started but did not settle (a read cut between pages), which it
			// retries in whole pages. One that was already the retry waits for its turn: a list
			// longer than a cut poll allows must not starve the assets after it.
			const unit = unitOf(task);
			if (results[i] === undefined) next.resume ??= unit;
			else if (result === undefined && unit !== previous?.retry) next.retry ??= unit;
			// A subject's reads are folded by subjectFold.ts.
			if (isSubjectTask(task)) return;
			if (result?.gone) gone.add(task.asset.id);
			if (!isListTask(task)) return;
			// What was known stays known; a new asset keeps the start it was given.
			if (task.memory.floor === Number.POSITIVE_INFINITY) unreadAtActivation.push(task);
			else setMemory(next, task.asset.id, task.kind, task.memory);
			return;
		}
		if (isSubjectTask(task)) return;
		if (!isListTask(task)) {
			const byFamily = own.get(task.asset.id) ?? new Map<AnyFamily, unknown>();
			own.set(task.asset.id, byFamily.set(task.family, result.own));
			return;
		}
		const { asset, kind, memory, before } = task;
		const readings = result.listed!.readings;
		const isBaseline = memory.floor === Number.POSITIVE_INFINITY;
		const fresh: Reading[] = isBaseline
			? [...readings]
			: readings.filter((reading) => isNew(memory, kind, reading));
		fresh.sort((a, b) => a.ts - b.ts);
		mostNew.set(kind, Math.max(mostNew.get(kind) ?? 0, isBaseline ? 0 : fresh.length));
		add(orders, kind, result.listed!.order);
		if (embedObservable(kind, config.summaryLocations)) {
			add(
				observations,
				kind,
				observe(kind, asset.embedded?.[kind], before, readings, task.skippable),
			);
		}
		const after = advance(memory, kind, readings, config.windowS, task.full);
		if (asset.labelled !== false) setMemory(next, asset.id, kind, after);
		else raiseWatermark(next, after.newest);
		// A sample shows what the window holds: its baseline reads are news.
		listRead(asset.id, kind, { fresh, before, after, baseline: isBaseline && !input.sample });
	});
	// Assets the activation could not read (the budget, a 404) start from where they stood: their
	// newest reading as the asset list showed it, else where the assets it read stood. Never later
	// than the activation by the service's clock: whenever its reads complete, over the next polls,
	// every reading timestamped after the activation's second is news (an embed or a list that
	// shows readings ahead of the service's clock cannot push the start past them).
	const activatedAt = secondOf(input.serviceNow);
	const listedNewest = newestEmbedded(input.assets);
	for (const task of unreadAtActivation) {
		const start =
			newestEmbedded([task.asset], task.kind) ?? next.watermark ?? listedNewest ?? activatedAt;
		setMemory(next, task.asset.id, task.kind, startingAfter(Math.min(start, activatedAt)));
	}

	for (const kind of config.kinds) {
		next.hints[kind] = {
			...nextPageHint(previous?.hints[kind], orders.get(kind) ?? [], mostNew.get(kind)),
			trust: nextTrust(previous?.hints[kind]?.trust ?? 0, observations.get(kind) ?? []),
		};
	}
	return { lists, gone, own };
}

/**
 * The results that count: an asset's reads move its memories only when every one of them ran to
 * the end (every list down to its depth, every family read done). One read of an asset cut by the
 * budget, or stopped between pages, leaves all of that asset's results out: its lists and families
 * are shared (a family folds several lists, a list feeds several families), so moving some of them
 * would let a family miss readings its list has already passed. An asset the service answered
 * 404 for, for any of its reads, is gone for this poll. A subject's reads (subjectFold.ts) count
 * the same way.
 */
export function settledResults(
	tasks: Plan['tasks'],
	results: Array<TaskResult | undefined>,
): Array<TaskResult | undefined> {
	const unsettled = new Set<string>();
	const gone = new Set<string>();
	tasks.forEach((task, i) => {
		const result = results[i];
		if (result?.gone) gone.add(unitOf(task));
		else if (result === undefined || result.listed?.complete === false || result.complete === false)
			unsettled.add(unitOf(task));
	});
	return tasks.map((task, i) => {
		if (gone.has(unitOf(task))) return { gone: true };
		return unsettled.has(unitOf(task)) ? undefined : results[i];
	});
}

/** Oldest first; at the same time by asset, then in the order the families list their events. */
function byEventTime(families: AnyFamily[]) {
	const rank = new Map<string, number>();
	for (const family of families)
		for (const choice of family.events) rank.set(choice.value, rank.size);
	return (a: AssetEvent, b: AssetEvent) =>
		a.at - b.at ||
		(a.asset.id < b.asset.id ? -1 : a.asset.id > b.asset.id ? 1 : 0) ||
		(rank.get(a.event) ?? 0) - (rank.get(b.event) ?? 0);
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
