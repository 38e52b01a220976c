import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { AssetTrackingClient } from '../transport';
import {
	advanceCursor,
	emptyState,
	fingerprint,
	floorAt,
	floorOf,
	isNew,
	loadState,
	NOTHING_IS_NEW,
	readingKey,
	saveState,
	serialiseState,
	type Cursor,
	type Floor,
	type TriggerState,
} from './cursor';
import { byTime, passesFilters, toOutputItem, type NewReading } from './emit';
import {
	dueSlots,
	embedIsQuiet,
	embedObservable,
	embedUsable,
	nextTrust,
	observe,
	verifySlot,
	type Observation,
} from './hint';
import type { ListOrder } from './order';
import { readConfig, type TriggerConfig } from './parameters';
import { mapWithLimit } from './pool';
import { nextPageHint, readNewReadings, type ReadingsResult } from './readings';
import { sampleReadings } from './sample';
import { nameAssets, resolveScope } from './scope';
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
		const failure = asNodeError(this, error);
		const note =
			'Nothing was emitted and no cursor moved: the next poll reads these readings again.';
		failure.description = failure.description ? `${failure.description}. ${note}` : note;
		throw failure;
	}
}

/** The error as n8n shows it: service and node errors as they are, anything else wrapped. */
function asNodeError(ctx: IPollFunctions, error: unknown): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(ctx.getNode(), error as Error);
}

interface Task {
	asset: ScopedAsset;
	kind: ReadingKind;
	floor: Floor;
	/** The cursor from the last poll, if the asset had one. */
	before?: Cursor;
	/** The asset list's embed said the asset has nothing new (read anyway to verify). */
	skippable: boolean;
}

interface TaskResult extends Task {
	/** The asset no longer exists (it was deleted after the list was read). */
	gone?: boolean;
	listed?: ReadingsResult;
}

/**
 * One poll of an active workflow: reads every watched asset down to its cursor (skipping the
 * ones the asset list shows to be quiet, see hint.ts), emits what is new, and only when every
 * request succeeded writes the new state to static data.
 */
async function newReadings(
	ctx: IPollFunctions,
	client: AssetTrackingClient,
	config: TriggerConfig,
): Promise<INodeExecutionData[]> {
	const staticData = ctx.getWorkflowStaticData('node');
	const fp = fingerprint(config);
	const previous = loadState(staticData, config.kinds, fp);

	const assets = (await resolveScope(client, config.scope)).filter(
		// Unlabelled assets produce no readings; one the trigger was following is read once more,
		// for readings from before its label was removed, and then let go.
		(asset) => asset.labelled !== false || previous?.cursors.has(asset.id),
	);

	const since =
		previous === null && config.lookBackMs > 0
			? floorAt(Date.now() - config.lookBackMs)
			: undefined;
	const next: TriggerState = emptyState(fp);
	next.watermark = previous?.watermark ?? null;
	next.lastPoll = Date.now();
	const isDue = dueSlots(previous?.lastPoll ?? null, next.lastPoll);

	const tasks: Task[] = [];
	for (const asset of assets) {
		for (const kind of config.kinds) {
			const before = previous?.cursors.get(asset.id)?.[kind];
			const skippable =
				embedUsable(previous?.hints[kind], kind, config.summaryLocations) &&
				embedIsQuiet(asset.embedded?.[kind], before);
			if (skippable && !isDue(verifySlot(asset.id))) {
				// Nothing new: the cursor stays as it is.
				setCursor(next, asset.id, kind, before!);
				continue;
			}
			tasks.push({ asset, kind, before, skippable, floor: since ?? floorFor(previous, before) });
		}
	}

	// n8n abandons a poll that runs past its budget; well before that no further read starts,
	// and the assets not read keep their cursors for the next poll.
	const budgetMs = typeof ctx.getPollBudgetMs === 'function' ? ctx.getPollBudgetMs() : undefined;
	const stopAt = budgetMs === undefined ? Infinity : next.lastPoll + budgetMs * BUDGET_SHARE;
	const results = await mapWithLimit(
		tasks,
		config.concurrency,
		async (task): Promise<TaskResult> => {
			try {
				const listed = await readNewReadings(client, {
					assetId: task.asset.id,
					kind: task.kind,
					floor: task.floor,
					summaryLocations: config.summaryLocations,
					hint: previous?.hints[task.kind] ?? {},
					warn: (message) => ctx.logger.warn(message),
				});
				return { ...task, listed };
			} catch (error) {
				// A listed asset deleted since the list was read has nothing more to report.
				if (
					config.scope.kind !== 'assets' &&
					error instanceof NodeApiError &&
					error.httpCode === '404'
				) {
					return { ...task, gone: true };
				}
				throw asNodeError(ctx, error);
			}
		},
		{ stop: () => Date.now() >= stopAt },
	);

	const found: NewReading[] = [];
	const orders = new Map<ReadingKind, ListOrder[]>();
	const mostNew = new Map<ReadingKind, number>();
	const observations = new Map<ReadingKind, Observation[]>();
	const add = <T>(map: Map<ReadingKind, T[]>, kind: ReadingKind, value: T) => {
		const list = map.get(kind) ?? [];
		list.push(value);
		map.set(kind, list);
	};

	let unread = false;
	results.forEach((result, i) => {
		if (result === undefined) {
			// Not read in this poll's budget: it stays where it was.
			unread = true;
			const { asset, kind, before } = tasks[i];
			if (before) setCursor(next, asset.id, kind, before);
		}
	});
	for (const result of results) {
		if (!result || result.gone || !result.listed) continue;
		const { asset, kind, floor, listed, before } = result;
		let count = 0;
		for (const reading of listed.readings) {
			if (!isNew(reading, floor, () => readingKey(reading.item))) continue;
			count++;
			if (passesFilters(kind, reading.item, config.bounds)) found.push({ asset, kind, reading });
		}
		mostNew.set(kind, Math.max(mostNew.get(kind) ?? 0, count));
		add(orders, kind, listed.order);
		if (embedObservable(kind, config.summaryLocations)) {
			add(
				observations,
				kind,
				observe(asset.embedded?.[kind], before, listed.readings, result.skippable),
			);
		}
		const cursor = advanceCursor(before, listed.readings);
		if (asset.labelled !== false) setCursor(next, asset.id, kind, cursor);
		else if (cursor.ts !== null) next.watermark = Math.max(next.watermark ?? cursor.ts, cursor.ts);
	}
	for (const kind of config.kinds) {
		next.hints[kind] = {
			...nextPageHint(previous?.hints[kind], orders.get(kind) ?? [], mostNew.get(kind)),
			trust: nextTrust(previous?.hints[kind]?.trust ?? 0, observations.get(kind) ?? []),
		};
	}

	// An asset that joined the scope and was not read yet must still start from the old mark.
	if (unread) next.watermark = previous?.watermark ?? null;

	found.sort(byTime);
	if (config.scope.kind === 'assets') await nameAssets(client, config.concurrency, found);
	const items = found.map(toOutputItem);

	saveState(staticData, serialiseState(next, config.kinds));
	return items;
}

function setCursor(state: TriggerState, assetId: string, kind: ReadingKind, cursor: Cursor): void {
	const entry = state.cursors.get(assetId) ?? {};
	entry[kind] = cursor;
	state.cursors.set(assetId, entry);
	if (cursor.ts !== null) state.watermark = Math.max(state.watermark ?? cursor.ts, cursor.ts);
}

/** What is new for an asset: past its cursor; for an asset new to the scope, from the watermark on. */
function floorFor(previous: TriggerState | null, cursor: Cursor | undefined): Floor {
	if (previous === null) return NOTHING_IS_NEW;
	if (cursor) return floorOf(cursor);
	// An asset that joined the scope since the last poll (added, labelled or moved into a space):
	// its readings from the newest timestamp the scope had reached are new. Before any asset had
	// a reading there is no such mark, and the asset starts where it stands.
	return previous.watermark === null ? NOTHING_IS_NEW : floorAt(previous.watermark);
}
