import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { AssetTrackingClient } from '../../transport';
import type { AssetEvent } from './fold';
import type { TriggerConfig } from '../parameters/config';
import { nameAssets } from '../assets/scope';
import type { TemperatureBounds } from '../core/settings';
import type { Reading, ReadingKind, ScopedAsset } from '../assets/types';

/** A reading that passed the cursor, waiting to be emitted. */
export interface NewReading {
	asset: ScopedAsset;
	kind: ReadingKind;
	reading: Reading;
}

/**
 * Whether a reading passes the options' filters. The bounds are alert thresholds: with Alert
 * Below, readings below it pass; with Alert Above, readings above it; with both, readings
 * outside the range. Location readings are not filtered. Filtered readings are still seen.
 */
export function passesFilters(
	kind: ReadingKind,
	item: IDataObject,
	bounds: TemperatureBounds,
): boolean {
	if (kind !== 'temperature' || (bounds.min === undefined && bounds.max === undefined)) return true;
	const value = item.degreesCelsius;
	if (typeof value !== 'number') return false;
	return (
		(bounds.min !== undefined && value < bounds.min) ||
		(bounds.max !== undefined && value > bounds.max)
	);
}

/** Which alert threshold a temperature crossed: alertAbove, alertBelow or null. */
function crossedBy(item: IDataObject, bounds: TemperatureBounds): string | null {
	const value = item.degreesCelsius;
	if (typeof value !== 'number') return null;
	if (bounds.max !== undefined && value > bounds.max) return 'alertAbove';
	if (bounds.min !== undefined && value < bounds.min) return 'alertBelow';
	return null;
}

/**
 * Which alert threshold a temperature crossed, and the thresholds in force. Versions 1 to 3: all
 * three, null when unused. From version 4 a field is there only when it says something: the
 * thresholds that are set, and `crossed` when one was crossed.
 */
function alertFields(item: IDataObject, bounds: TemperatureBounds, version: number): IDataObject {
	const crossed = crossedBy(item, bounds);
	if (version < 4)
		return { crossed, alertAbove: bounds.max ?? null, alertBelow: bounds.min ?? null };
	const fields: IDataObject = {};
	if (crossed !== null) fields.crossed = crossed;
	if (bounds.max !== undefined) fields.alertAbove = bounds.max;
	if (bounds.min !== undefined) fields.alertBelow = bounds.min;
	return fields;
}

/**
 * A location as the action node's Simplify names it (version 4): flat `latitude`, `longitude`,
 * `accuracy` (the coordinate's; the deprecated `error` only when the service sent no accuracy) and
 * `locationTimestamp`, then what else the service sent (`lastSeenTimestamp`, `address`). The four
 * are always there, null when the service left one out.
 */
function flatLocation(item: IDataObject): IDataObject {
	const { coordinate, timestamp, error, ...rest } = item;
	const at = (coordinate && typeof coordinate === 'object' ? coordinate : {}) as IDataObject;
	return {
		latitude: at.latitude ?? null,
		longitude: at.longitude ?? null,
		accuracy: at.accuracy ?? error ?? null,
		locationTimestamp: timestamp ?? null,
		...rest,
	};
}

/** The `event` value of a reading kind's items (version 3; see TriggerConfig.eventName). */
export const READING_EVENT: Record<ReadingKind, string> = {
	temperature: 'temperatureReading',
	location: 'location',
};

/**
 * A reading's item fields for a node of `version`: a temperature's own, and which alert
 * threshold it crossed (`crossed`) and the thresholds in force; a location's own (versions 1
 * to 3), or flat as the action's Simplify names it (version 4).
 */
export function readingFields(
	kind: ReadingKind,
	item: IDataObject,
	bounds: TemperatureBounds,
	version: number,
): IDataObject {
	if (kind === 'temperature') return { ...item, ...alertFields(item, bounds, version) };
	return version < 4 ? item : flatLocation(item);
}

/**
 * One output item: the event, the asset it is about, the event's own fields, and from version 4
 * the `summary` sentence its family writes from them.
 */
function toItem(
	asset: ScopedAsset,
	event: string,
	fields: IDataObject,
	summary?: (item: IDataObject) => string,
): INodeExecutionData {
	const about: IDataObject = {
		event,
		assetId: asset.id,
		assetName: asset.name ?? null,
		bleId: asset.bleId ?? null,
		nfcId: asset.nfcId ?? null,
	};
	// The event's fields follow the asset's, which win should a reading ever carry the same names.
	const json: IDataObject = { ...about, ...fields, ...about };
	if (summary) json.summary = summary(json);
	return { json };
}

/** The items of a poll's events (Specific Assets has no list to name them: they are looked up). */
export async function eventItems(
	client: AssetTrackingClient,
	config: TriggerConfig,
	events: AssetEvent[],
): Promise<INodeExecutionData[]> {
	if (config.scope.kind === 'assets') await nameAssets(client, config.concurrency, events);
	const summaries = new Map<string, (item: IDataObject) => string>();
	if (config.version >= 4) {
		for (const { family } of config.families)
			for (const choice of family.events)
				summaries.set(choice.value, (item) => family.summary(item));
	}
	return events.map((e) =>
		toItem(e.asset, config.eventName(e.event), e.fields, summaries.get(e.event)),
	);
}

/** Oldest first, so a workflow sees readings in the order they happened. */
export function byTime(a: NewReading, b: NewReading): number {
	return (
		a.reading.ts - b.reading.ts ||
		(a.asset.id < b.asset.id ? -1 : a.asset.id > b.asset.id ? 1 : 0) ||
		(a.kind < b.kind ? 1 : a.kind > b.kind ? -1 : 0)
	);
}
