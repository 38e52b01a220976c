import type { IDataObject } from 'n8n-workflow';

import type { TriggerConfig } from '../parameters/config';
import type { AnyFamily } from '../families/family';
import { parseState } from './format';
import { migrateV1, migrateV2 } from './migrate';
import type { TriggerState } from './model';

/**
 * Reads the state saved in static data, from any version; null when there is none (the trigger
 * starts afresh). What is watched may have changed since: the poll keeps the memories of the
 * assets and kinds still watched and starts new ones from the watermark. Location memories of
 * the other kind of location (summary or raw) are dropped.
 */
export function loadState(
	saved: IDataObject,
	config: TriggerConfig,
	families: readonly AnyFamily[],
): TriggerState | null {
	const state =
		parseState(saved, families) ?? migrateV2(saved) ?? migrateV1(saved, config, config.windowS);
	if (!state) return null;
	if (state.summaryLocations !== config.summaryLocations) {
		for (const entry of state.assets.values()) delete entry.location;
		delete state.hints.location;
	}
	return state;
}

/**
 * Replaces the static data's content with `next` in one step, at the end of a poll. Until then
 * the saved state is not touched, so a poll that fails moves nothing.
 */
export function saveState(staticData: IDataObject, next: IDataObject): void {
	for (const key of Object.keys(staticData)) {
		if (!(key in next)) delete staticData[key];
	}
	Object.assign(staticData, next);
}
