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
	type PageHint,
	type TriggerState,
} from './cursor';
import { byTime, passesFilters, toOutputItem, type NewReading } from './emit';
import { dueSlots, embedIsQuiet, nextTrust, observe, TRUST_AFTER, verifySlot, type Observation } from './hint';
import { ORDER_HINT, type ListOrder } from './order';
import { readConfig, type TriggerConfig } from './parameters';
import { mapWithLimit } from './pool';
import { readNewReadings, type ReadingsResult } from './readings';
import { describeAsset, resolveScope } from './scope';
import type { ReadingKind, ScopedAsset } from './types';

/** Assets read for the sample of a manual run ("Fetch Test Event"). */
const SAMPLE_ASSETS = 5;
/** Assets listed to find them. */
const SAMPLE_LISTED = 100;

export async function poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const config = readConfig(this);
	const client = new AssetTrackingClient(this, config.retryPolicy);
	if (this.getMode() === 'manual') {
		const sample = await sampleReadings(this, client, config);
		return sample.length > 0 ? [sample] : null;
	}
	try {
		const items = await newReadings(this, client, config);
		return items.length > 0 ? [items] : null;
	} catch (error) {
		const failure = asNodeError(this, error);
		const note = 'Nothing was emitted and no cursor moved: the next poll reads these readings again.';
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
async function newReadings(ctx: IPollFunctions, client: AssetTrackingClient, config: TriggerConfig): Promise<INodeExecutionData[]> {
	const staticData = ctx.getWorkflowStaticData('node');
	const fp = fingerprint(config);
	const previous = loadState(staticData, config.kinds, fp);

	const assets = (await resolveScope(client, config.scope)).filter(
		// Unlabelled assets produce no readings; one the trigger was following is read once more,
		// for readings from before its label was removed, and then let go.
		(asset) => asset.labelled !== false || previous?.cursors.has(asset.id),
	);

	const since = previous === null && config.lookBackMs > 0 ? floorAt(Date.now() - config.lookBackMs) : undefined;
	const next: TriggerState = emptyState(fp);
	next.watermark = previous?.watermark ?? null;
	next.lastPoll = Date.now();
	const isDue = dueSlots(previous?.lastPoll ?? null, next.lastPoll);

	const tasks: Task[] = [];
	for (const asset of assets) {
		for (const kind of config.kinds) {
			const before = previous?.cursors.get(asset.id)?.[kind];
			const skippable = embedUsable(previous, config, kind) && embedIsQuiet(asset.embedded?.[kind], before);
			if (skippable && !isDue(verifySlot(asset.id))) {
				// Nothing new: the cursor stays as it is.
				setCursor(next, asset.id, kind, before!);
				continue;
			}
			tasks.push({ asset, kind, before, skippable, floor: since ?? floorFor(previous, before) });
		}
	}

	const results = await mapWithLimit(tasks, config.concurrency, async (task): Promise<TaskResult> => {
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
			if (config.scope.kind !== 'assets' && error instanceof NodeApiError && error.httpCode === '404') {
				return { ...task, gone: true };
			}
			throw asNodeError(ctx, error);
		}
	});

	const found: NewReading[] = [];
	const orders = new Map<ReadingKind, ListOrder[]>();
	const mostNew = new Map<ReadingKind, number>();
	const observations = new Map<ReadingKind, Observation[]>();
	const add = <T>(map: Map<ReadingKind, T[]>, kind: ReadingKind, value: T) => {
		const list = map.get(kind) ?? [];
		list.push(value);
		map.set(kind, list);
	};

	for (const result of results) {
		if (result.gone || !result.listed) continue;
		const { asset, kind, floor, listed, before } = result;
		let count = 0;
		for (const reading of listed.readings) {
			if (!isNew(reading, floor, () => readingKey(reading.item))) continue;
			count++;
			if (passesFilters(kind, reading.item, config.bounds)) found.push({ asset, kind, reading });
		}
		mostNew.set(kind, Math.max(mostNew.get(kind) ?? 0, count));
		add(orders, kind, listed.order);
		if (embedObservable(config, kind)) {
			add(observations, kind, observe(asset.embedded?.[kind], before, listed.readings, result.skippable));
		}
		const cursor = advanceCursor(before, listed.readings);
		if (asset.labelled !== false) setCursor(next, asset.id, kind, cursor);
		else if (cursor.ts !== null) next.watermark = Math.max(next.watermark ?? cursor.ts, cursor.ts);
	}
	for (const kind of config.kinds) {
		next.hints[kind] = {
			...pageHint(previous?.hints[kind], orders.get(kind) ?? [], mostNew.get(kind)),
			trust: nextTrust(previous?.hints[kind]?.trust ?? 0, observations.get(kind) ?? []),
		};
	}

	found.sort(byTime);
	if (config.scope.kind === 'assets') await nameAssets(client, config, found);
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

/** The embed is compared with raw readings only: summary locations are other items. */
const embedObservable = (config: TriggerConfig, kind: ReadingKind) => !(kind === 'location' && config.summaryLocations);

function embedUsable(previous: TriggerState | null, config: TriggerConfig, kind: ReadingKind): boolean {
	return previous !== null && embedObservable(config, kind) && (previous.hints[kind]?.trust ?? 0) >= TRUST_AFTER;
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

function pageHint(previous: PageHint | undefined, orders: ListOrder[], mostNew: number | undefined): PageHint {
	const decided = (['unordered', 'oldestFirst', 'newestFirst'] as const).find((order) => orders.includes(order));
	return {
		order: decided ? ORDER_HINT[decided] : previous?.order,
		newest: mostNew ?? previous?.newest,
	};
}

/** The Specific Assets scope has no list to name the assets: each asset with output is looked up. */
async function nameAssets(client: AssetTrackingClient, config: TriggerConfig, found: NewReading[]): Promise<void> {
	const ids = [...new Set(found.map((f) => f.asset.id))];
	const described = await mapWithLimit(ids, config.concurrency, async (id) => await describeAsset(client, id));
	const byId = new Map(described.map((asset) => [asset.id, asset]));
	for (const f of found) f.asset = byId.get(f.asset.id) ?? f.asset;
}

/**
 * A manual run ("Fetch Test Event"): the newest reading of each watched kind among the first
 * few assets of the scope, preferring readings that pass the filters. It neither reads nor
 * writes the trigger's state.
 */
async function sampleReadings(ctx: IPollFunctions, client: AssetTrackingClient, config: TriggerConfig): Promise<INodeExecutionData[]> {
	const listed = await resolveScope(client, config.scope, SAMPLE_LISTED);
	const assets = listed.filter((asset) => asset.labelled !== false).slice(0, SAMPLE_ASSETS);
	const tasks = assets.flatMap((asset) => config.kinds.map((kind) => ({ asset, kind })));
	const results = await mapWithLimit(tasks, config.concurrency, async ({ asset, kind }) => {
		const { readings } = await readNewReadings(client, {
			assetId: asset.id,
			kind,
			floor: NOTHING_IS_NEW,
			summaryLocations: config.summaryLocations,
			hint: {},
			warn: (message) => ctx.logger.warn(message),
		});
		return readings.map((reading): NewReading => ({ asset, kind, reading }));
	});
	const all = results.flat().sort(byTime);
	const picked: NewReading[] = [];
	for (const kind of config.kinds) {
		const ofKind = all.filter((r) => r.kind === kind);
		const passing = ofKind.filter((r) => passesFilters(kind, r.reading.item, config.bounds));
		const newest = (passing.length > 0 ? passing : ofKind).at(-1);
		if (newest) picked.push(newest);
	}
	if (config.scope.kind === 'assets') await nameAssets(client, config, picked);
	return picked.sort(byTime).map(toOutputItem);
}
