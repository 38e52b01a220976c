import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import type { AssetTrackingClient } from '../transport';
import {
	byTime,
	passesFilters,
	READING_EVENT,
	readingFields,
	toItem,
	type NewReading,
} from './emit';
import { asNodeError, isNotFound } from './errors';
import type { TriggerConfig } from './parameters';
import { mapAll } from './pool';
import { readNewReadings } from './readings';
import { nameAssets, resolveScope } from './scope';
import { baseline } from './seen';

/** Assets read for the sample. */
const SAMPLE_ASSETS = 5;
/** Assets listed to find them (unlabelled ones have no readings). */
const SAMPLE_LISTED = 100;

/**
 * A manual run ("Fetch Test Event"): the newest reading of each watched kind among the first
 * few assets of the scope, preferring readings that pass the filters. It neither reads nor
 * writes the trigger's state.
 */
export async function sampleReadings(
	ctx: IPollFunctions,
	client: AssetTrackingClient,
	config: TriggerConfig,
): Promise<INodeExecutionData[]> {
	const listed = await resolveScope(client, config.scope, SAMPLE_LISTED);
	const assets = listed.filter((asset) => asset.labelled !== false).slice(0, SAMPLE_ASSETS);
	const tasks = assets.flatMap((asset) => config.kinds.map((kind) => ({ asset, kind })));
	const results = await mapAll(tasks, config.concurrency, async ({ asset, kind }) => {
		try {
			const { readings } = await readNewReadings(client, {
				assetId: asset.id,
				kind,
				memory: baseline(),
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
	if (config.scope.kind === 'assets') await nameAssets(client, config.concurrency, picked);
	return picked
		.sort(byTime)
		.map(({ asset, kind, reading }) =>
			toItem(
				asset,
				config.eventName(READING_EVENT[kind]),
				readingFields(kind, reading.item, config.bounds),
			),
		);
}
