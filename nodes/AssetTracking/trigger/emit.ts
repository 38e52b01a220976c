import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { AssetTrackingClient } from '../transport';
import type { AssetEvent } from './fold';
import type { TriggerConfig } from './config';
import { nameAssets } from './scope';
import type { TemperatureBounds } from './settings';
import type { Reading, ReadingKind, ScopedAsset } from './types';

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

/** Which alert threshold a temperature crossed, and the thresholds in force. */
function alertFields(item: IDataObject, bounds: TemperatureBounds): IDataObject {
	const value = item.degreesCelsius;
	const crossed =
		typeof value !== 'number'
			? null
			: bounds.max !== undefined && value > bounds.max
				? 'alertAbove'
				: bounds.min !== undefined && value < bounds.min
					? 'alertBelow'
					: null;
	return { crossed, alertAbove: bounds.max ?? null, alertBelow: bounds.min ?? null };
}

/** The `event` value of a reading kind's items (version 3; see TriggerConfig.eventName). */
export const READING_EVENT: Record<ReadingKind, string> = {
	temperature: 'temperatureReading',
	location: 'location',
};

/**
 * A reading's item fields: its own, and for a temperature which alert threshold it crossed
 * (`crossed`: alertAbove, alertBelow or null) and the thresholds in force.
 */
export function readingFields(
	kind: ReadingKind,
	item: IDataObject,
	bounds: TemperatureBounds,
): IDataObject {
	return kind === 'temperature' ? { ...item, ...alertFields(item, bounds) } : item;
}

/** One output item: the event, the asset it is about, and the event's own fields. */
function toItem(asset: ScopedAsset, event: string, fields: IDataObject): INodeExecutionData {
	const about: IDataObject = {
		event,
		assetId: asset.id,
		assetName: asset.name ?? null,
		bleId: asset.bleId ?? null,
		nfcId: asset.nfcId ?? null,
	};
	// The event's fields follow the asset's, which win should a reading ever carry the same names.
	return { json: { ...about, ...fields, ...about } };
}

/** The items of a poll's events (Specific Assets has no list to name them: they are looked up). */
export async function eventItems(
	client: AssetTrackingClient,
	config: TriggerConfig,
	events: AssetEvent[],
): Promise<INodeExecutionData[]> {
	if (config.scope.kind === 'assets') await nameAssets(client, config.concurrency, events);
	return events.map((e) => toItem(e.asset, config.eventName(e.event), e.fields));
}

/** Oldest first, so a workflow sees readings in the order they happened. */
export function byTime(a: NewReading, b: NewReading): number {
	return (
		a.reading.ts - b.reading.ts ||
		(a.asset.id < b.asset.id ? -1 : a.asset.id > b.asset.id ? 1 : 0) ||
		(a.kind < b.kind ? 1 : a.kind > b.kind ? -1 : 0)
	);
}
