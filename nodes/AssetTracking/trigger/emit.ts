import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { TemperatureBounds } from './parameters';
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

/**
 * One output item: the reading's own fields plus the asset it belongs to and the event; a
 * temperature also says which alert threshold it crossed (`crossed`: alertAbove, alertBelow or
 * null) and the thresholds in force.
 */
export function toOutputItem(
	{ asset, kind, reading }: NewReading,
	bounds: TemperatureBounds,
): INodeExecutionData {
	const about: IDataObject = {
		event: kind,
		assetId: asset.id,
		assetName: asset.name ?? null,
		bleId: asset.bleId ?? null,
		nfcId: asset.nfcId ?? null,
		...(kind === 'temperature' ? alertFields(reading.item, bounds) : {}),
	};
	// The reading's fields follow the asset's, which win should a reading ever carry the same names.
	return { json: { ...about, ...reading.item, ...about } };
}

/** Oldest first, so a workflow sees readings in the order they happened. */
export function byTime(a: NewReading, b: NewReading): number {
	return (
		a.reading.ts - b.reading.ts ||
		(a.asset.id < b.asset.id ? -1 : a.asset.id > b.asset.id ? 1 : 0) ||
		(a.kind < b.kind ? 1 : a.kind > b.kind ? -1 : 0)
	);
}
