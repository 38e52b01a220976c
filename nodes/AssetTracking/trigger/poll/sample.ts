import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import type { AssetTrackingClient } from '../../transport';
import {
	byTime,
	eventItems,
	passesFilters,
	READING_EVENT,
	readingFields,
	type NewReading,
} from './emit';
import { asNodeError, isNotFound } from '../core/errors';
import { foldPoll, type AssetEvent } from './fold';
import type { TriggerConfig } from '../parameters/config';
import type { AnyFamily } from '../families/family';
import { isListTask, isSubjectTask, planPoll, type Plan } from './plan';
import { mapAll } from '../core/pool';
import { PollBudget } from './budget';
import { readPlan, type TaskResult } from './read';
import { readNewReadings } from '../assets/readings';
import { resolveScope } from '../assets/scope';
import { baseline } from '../assets/seen';
import type { Reading, ReadingKind } from '../assets/types';

/** Assets read for the sample. */
const SAMPLE_ASSETS = 5;
/** Assets listed to find them (unlabelled ones have no readings). */
const SAMPLE_LISTED = 100;

/** The first few labelled assets of the scope: what a sample reads. */
async function sampleAssets(client: AssetTrackingClient, config: TriggerConfig) {
	const listed = await resolveScope(client, config.scope, SAMPLE_LISTED);
	return listed.filter((asset) => asset.labelled !== false).slice(0, SAMPLE_ASSETS);
}

/**
 * Fetch Test Event in versions 1 and 2: the newest reading of each watched kind among the first
 * few assets of the scope, preferring readings that pass the filters. It neither reads nor
 * writes the trigger's state.
 */
export async function sampleReadings(
	ctx: IPollFunctions,
	client: AssetTrackingClient,
	config: TriggerConfig,
): Promise<INodeExecutionData[]> {
	const assets = await sampleAssets(client, config);
	const tasks = assets.flatMap((asset) => config.kinds.map((kind) => ({ asset, kind })));
	const results = await mapAll(tasks, config.concurrency, async ({ asset, kind }) => {
		try {
			const { readings } = await readNewReadings(client, {
				assetId: asset.id,
				kind,
				memory: baseline(),
				full: true,
				// Only the newest readings are wanted: no window to read down to.
				windowS: 0,
				summaryLocations: config.summaryLocations,
				hint: {},
				warn: (message) => ctx.logger.warn(message),
			});
			return readings.map((reading): NewReading => ({ asset, kind, reading }));
		} catch (error) {
			// An asset the service does not know has no sample; the others still do.
			if (!isNotFound(error)) throw asNodeError(ctx.getNode(), error);
			ctx.logger.warn(`Asset Tracking Trigger: the service does not know asset ${asset.id} (404)`);
			return [];
		}
	});
	const all = results.flat().sort(byTime);
	const picked: NewReading[] = [];
	for (const kind of config.kinds) {
		const ofKind = all.filter((r) => r.kind === kind);
		const passing = ofKind.filter((r) => passesFilters(kind, r.reading.item, config.bounds));
		const newest = (passing.length > 0 ? passing : ofKind).at(-1);
		if (newest) picked.push(newest);
	}
	const events = picked.sort(byTime).map(
		({ asset, kind, reading }): AssetEvent => ({
			asset,
			event: READING_EVENT[kind],
			at: reading.ts,
			fields: readingFields(kind, reading.item, config.bounds, config.version),
		}),
	);
	return await eventItems(client, config, events);
}

/**
 * Fetch Test Event from version 3: one item per chosen event. The sample's assets are read as a
 * poll would, with each list's late-readings window as news, and the newest event of each chosen
 * kind is shown. An event they did not have is stood in for by its family's sample, built from
 * one of those assets (the one whose sample fills the most fields) and marked `sample: true`.
 * Items come in the order of the Events list.
 */
export async function sampleEvents(
	ctx: IPollFunctions,
	client: AssetTrackingClient,
	config: TriggerConfig,
): Promise<INodeExecutionData[]> {
	const now = Date.now();
	const assets = await sampleAssets(client, config);
	if (assets.length === 0) return [];
	// Each list is read down to the window behind its newest reading (a baseline), and the fold
	// takes all of it as news.
	const looking = { ...config, lookBackMs: 0 };
	const plan = planPoll(assets, null, looking, now);
	const results = await readPlan(ctx, client, looking, plan.tasks, null, new PollBudget(ctx, now));
	const serviceNow = client.serviceTime ?? now;
	const { events } = foldPoll({
		config: looking,
		assets,
		plan,
		results,
		previous: null,
		now,
		serviceNow,
		sample: true,
	});
	// Oldest first: the last of each kind is its newest.
	const newest = new Map<string, AssetEvent>();
	for (const event of events) newest.set(event.event, event);

	const read = readsOf(plan, results);
	const shown: AssetEvent[] = [];
	const standIns = new Set<AssetEvent>();
	for (const { family, settings } of config.families) {
		for (const { value } of family.events) {
			if (!config.selected.has(value)) continue;
			const real = newest.get(value);
			if (real) {
				shown.push(real);
				continue;
			}
			const standIn = bestOf(
				assets.map((asset) => ({
					asset,
					event: value,
					at: serviceNow,
					fields: family.sample(value, {
						asset,
						settings,
						now: serviceNow,
						readings: read.get(asset.id)?.readings ?? {},
						own: read.get(asset.id)?.own.get(family),
					}),
				})),
			);
			standIns.add(standIn);
			shown.push(standIn);
		}
	}
	const items = await eventItems(client, config, shown);
	shown.forEach((event, i) => {
		if (standIns.has(event)) items[i].json.sample = true;
	});
	return items;
}

/** What the sample read of one asset: its reading lists (oldest first), and families' own reads. */
interface Read {
	readings: Partial<Record<ReadingKind, Reading[]>>;
	own: Map<AnyFamily, unknown>;
}

function readsOf(plan: Plan, results: Array<TaskResult | undefined>): Map<string, Read> {
	const read = new Map<string, Read>();
	plan.tasks.forEach((task, i) => {
		const result = results[i];
		// The subjects' reads are subjectSample.ts's.
		if (!result || result.gone || isSubjectTask(task)) return;
		const entry: Read = read.get(task.asset.id) ?? { readings: {}, own: new Map() };
		read.set(task.asset.id, entry);
		if (!isListTask(task)) entry.own.set(task.family, result.own);
		else if (result.listed)
			entry.readings[task.kind] = [...result.listed.readings].sort((a, b) => a.ts - b.ts);
	});
	return read;
}

/** The stand-in with the fewest null fields (the first of those): the asset with most to show. */
function bestOf(candidates: AssetEvent[]): AssetEvent {
	const nulls = (event: AssetEvent) =>
		Object.values(event.fields).filter((value) => value === null).length;
	return candidates.reduce((best, candidate) =>
		nulls(candidate) < nulls(best) ? candidate : best,
	);
}
