import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import type { AssetTrackingClient } from '../transport';
import {
	byTime,
	eventItems,
	passesFilters,
	READING_EVENT,
	readingFields,
	type NewReading,
} from './emit';
import { asNodeError, isNotFound } from './errors';
import { foldPoll, type AssetEvent } from './fold';
import type { TriggerConfig } from './config';
import { planPoll } from './plan';
import { mapAll } from './pool';
import { PollBudget } from './budget';
import { readPlan } from './read';
import { readNewReadings } from './readings';
import { resolveScope } from './scope';
import { baseline } from './seen';

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
			fields: readingFields(kind, reading.item, config.bounds),
		}),
	);
	return await eventItems(client, config, events);
}

/**
 * Fetch Test Event in version 3: the sample's assets are read as a poll
 * would, with each list's late-readings window as news, and the newest event of each chosen kind
 * is shown.
 */
export async function sampleEvents(
	ctx: IPollFunctions,
	client: AssetTrackingClient,
	config: TriggerConfig,
): Promise<INodeExecutionData[]> {
	const now = Date.now();
	const assets = await sampleAssets(client, config);
	// Each list is read down to the window behind its newest reading (a baseline), and the fold
	// takes all of it as news.
	const looking = { ...config, lookBackMs: 0 };
	const plan = planPoll(assets, null, looking, now);
	const results = await readPlan(ctx, client, looking, plan.tasks, null, new PollBudget(ctx, now));
	const { events } = foldPoll({
		config: looking,
		assets,
		plan,
		results,
		previous: null,
		now,
		serviceNow: client.serviceTime ?? now,
		sample: true,
	});
	const newest = new Map<string, AssetEvent>();
	for (const event of events) newest.set(event.event, event);
	return await eventItems(
		client,
		config,
		[...newest.values()].sort((a, b) => a.at - b.at),
	);
}
