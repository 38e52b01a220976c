import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { AssetTrackingClient } from '../transport';
import { byTime, passesFilters, toOutputItem, type NewReading } from './emit';
import { asNodeError, isNotFound } from './errors';
import {
	dueSlots,
	embedIsQuiet,
	embedObservable,
	embedUsable,
	nextTrust,
	observe,
	verifyPeriodMs,
	verifySlot,
	type Observation,
} from './hint';
import { secondOf } from './identity';
import type { ListOrder } from './order';
import { readConfig, type TriggerConfig } from './parameters';
import { mapWithLimit } from './pool';
import { nextPageHint, readNewReadings, type ReadingsResult } from './readings';
import { sampleReadings } from './sample';
import { nameAssets, resolveScope } from './scope';
import { advance, baseline, isNew, startingAfter, type KindMemory } from './seen';
import { serialiseState } from './state/format';
import { emptyState, type TriggerState } from './state/model';
import { loadState, saveState } from './state/store';
import type { ReadingKind, ScopedAsset } from './types';

/** Share of n8n's poll budget after which no further asset read starts. */
const BUDGET_SHARE = 0.6;

export async function poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const config = readConfig(this);
	const client = new AssetTrackingClient(this, config.retryPolicy);
	if (this.getMode() === 'manual') {
		// "Fetch Test Event": a sample, without reading or writing the trigger's state.
		const sample = await sampleReadings(this, client, config);
		return sample.length > 0 ? [sample] : null;
	}
	try {
		const items = await newReadings(this, client, config);
		return items.length > 0 ? [items] : null;
	} catch (error) {
		const failure = asNodeError(this.getNode(), error);
		const note = 'Nothing was emitted and nothing moved: the next poll reads these readings again.';
		failure.description = failure.description ? `${failure.description}. ${note}` : note;
		throw client.redact(failure);
	}
}

interface Task {
	asset: ScopedAsset;
	kind: ReadingKind;
	/** What counts as new for this read (seen.ts). */
	memory: KindMemory;
	/** The memory from the last poll, if the asset had one. */
	before?: KindMemory;
	/** The asset list's embed said the asset has nothing new (read anyway to verify). */
	skippable: boolean;
}

interface TaskResult extends Task {
	/** The service does not know the asset (404): skipped this poll, kept for when it reappears. */
	gone?: boolean;
	listed?: ReadingsResult;
}

/** The assets in list order, starting at `first` (where the last poll stopped) when listed. */
function rotate(assets: ScopedAsset[], first: string | null | undefined): ScopedAsset[] {
	const at = first ? assets.findIndex((asset) => asset.id === first) : -1;
	return at <= 0 ? assets : [...assets.slice(at), ...assets.slice(0, at)];
}

/**
 * One poll of an active workflow: reads the watched assets (skipping the ones the asset list
 * shows to be quiet, see hint.ts), emits every reading that is new by seen.ts, and saves exactly
 * what it read. A poll cut short by n8n's budget keeps the memories of what it did not read and
 * starts there next time; a poll that fails saves nothing.
 */
async function newReadings(
	ctx: IPollFunctions,
	client: AssetTrackingClient,
	config: TriggerConfig,
): Promise<INodeExecutionData[]> {
	const staticData = ctx.getWorkflowStaticData('node');
	const previous = loadState(staticData, config);
	const now = Date.now();

	const listed = (await resolveScope(client, config.scope)).filter(
		// Unlabelled assets produce no readings; one the trigger was following is read once more,
		// for readings from before its label was removed, and then let go.
		(asset) => asset.labelled !== false || previous?.assets.has(asset.id),
	);
	const assets = rotate(listed, previous?.resume);

	const next: TriggerState = emptyState(config.windowS, config.summaryLocations);
	next.watermark = previous?.watermark ?? null;
	next.lastPoll = now;
	next.hints = { ...previous?.hints };
	const isDue = dueSlots(previous?.lastPoll ?? null, now, verifyPeriodMs(config.windowS));

	// Where an asset or kind with no memory starts. At activation: where it stands (nothing is
	// new), or the Look Back. Later (it joined the scope, or the kind is newly watched): from the
	// newest reading the scope had reached, so nothing since the change is lost.
	const fresh = (): KindMemory => {
		if (previous === null) {
			return config.lookBackMs > 0 ? startingAfter(secondOf(now - config.lookBackMs)) : baseline();
		}
		return previous.watermark === null ? baseline() : startingAfter(previous.watermark);
	};

	const tasks: Task[] = [];
	for (const asset of assets) {
		for (const kind of config.kinds) {
			const before = previous?.assets.get(asset.id)?.[kind];
			const skippable =
				embedUsable(previous?.hints[kind], kind, config.summaryLocations) &&
				embedIsQuiet(kind, asset.embedded?.[kind], before);
			if (skippable && !isDue(verifySlot(asset.id))) {
				setMemory(next, asset.id, kind, before!);
				continue;
			}
			tasks.push({ asset, kind, before, skippable, memory: before ?? fresh() });
		}
	}

	// n8n abandons a poll that runs past its budget; well before that no further read starts.
	const budgetMs = typeof ctx.getPollBudgetMs === 'function' ? ctx.getPollBudgetMs() : undefined;
	const stopAt = budgetMs === undefined ? Infinity : now + budgetMs * BUDGET_SHARE;
	const results = await mapWithLimit(
		tasks,
		config.concurrency,
		async (task): Promise<TaskResult> => {
			try {
				const result = await readNewReadings(client, {
					assetId: task.asset.id,
					kind: task.kind,
					memory: task.memory,
					windowS: config.windowS,
					summaryLocations: config.summaryLocations,
					hint: previous?.hints[task.kind] ?? {},
					warn: (message) => ctx.logger.warn(message),
				});
				return { ...task, listed: result };
			} catch (error) {
				if (isNotFound(error)) return { ...task, gone: true };
				throw asNodeError(ctx.getNode(), error);
			}
		},
		{ stop: () => Date.now() >= stopAt },
	);

	const found: NewReading[] = [];
	const orders = new Map<ReadingKind, ListOrder[]>();
	const mostNew = new Map<ReadingKind, number>();
	const observations = new Map<ReadingKind, Observation[]>();
	const add = <T>(map: Map<ReadingKind, T[]>, kind: ReadingKind, value: T) => {
		map.set(kind, [...(map.get(kind) ?? []), value]);
	};
	/** Not read this poll (budget, or 404): start from the watermark once this poll has one. */
	const unreadAtActivation: Task[] = [];
	const gone = new Set<string>();

	results.forEach((result, i) => {
		const task = tasks[i];
		if (result === undefined || result.gone) {
			if (result === undefined) next.resume ??= task.asset.id;
			else gone.add(task.asset.id);
			// What was known stays known; a new asset keeps the start it was given.
			if (task.memory.floor === Number.POSITIVE_INFINITY) unreadAtActivation.push(task);
			else setMemory(next, task.asset.id, task.kind, task.memory);
			return;
		}
		const { asset, kind, memory, before } = result;
		const readings = result.listed!.readings;
		let count = 0;
		for (const reading of readings) {
			if (!isNew(memory, kind, reading)) continue;
			count++;
			if (passesFilters(kind, reading.item, config.bounds)) found.push({ asset, kind, reading });
		}
		mostNew.set(kind, Math.max(mostNew.get(kind) ?? 0, count));
		add(orders, kind, result.listed!.order);
		if (embedObservable(kind, config.summaryLocations)) {
			add(
				observations,
				kind,
				observe(kind, asset.embedded?.[kind], before, readings, result.skippable),
			);
		}
		const after = advance(memory, kind, readings, config.windowS);
		if (asset.labelled !== false) setMemory(next, asset.id, kind, after);
		else raiseWatermark(next, after.newest);
	});
	for (const id of gone) {
		ctx.logger.warn(
			`Asset Tracking Trigger: the service does not know asset ${id} (404); skipped in this poll, the other assets are read. Its readings are picked up if it appears again.`,
		);
	}
	// Assets the activation could not read start from where they stood: their newest reading as
	// the asset list showed it, else where the assets it read stood (the service's clock, not
	// this machine's), and only when nothing at all was seen, this machine's clock.
	const listedNewest = newestEmbedded(listed);
	for (const task of unreadAtActivation) {
		const own = newestEmbedded([task.asset], task.kind);
		const start = own ?? next.watermark ?? listedNewest ?? secondOf(now);
		setMemory(next, task.asset.id, task.kind, startingAfter(start));
	}

	for (const kind of config.kinds) {
		next.hints[kind] = {
			...nextPageHint(previous?.hints[kind], orders.get(kind) ?? [], mostNew.get(kind)),
			trust: nextTrust(previous?.hints[kind]?.trust ?? 0, observations.get(kind) ?? []),
		};
	}

	found.sort(byTime);
	if (config.scope.kind === 'assets') await nameAssets(client, config.concurrency, found);
	const items = found.map((f) => toOutputItem(f, config.bounds));

	saveState(staticData, serialiseState(next));
	return items;
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
