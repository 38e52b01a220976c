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
 * Whether a reading passes the options' filters. Temperature bounds are alerts: with a minimum,
 * readings below it pass; with a maximum, readings above it; with both, readings outside the
 * range. Location readings are not filtered. Filtered readings still move the cursor.
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

/** One output item: the reading's own fields plus the asset it belongs to and the event. */
export function toOutputItem({ asset, kind, reading }: NewReading): INodeExecutionData {
	const about: IDataObject = {
		event: kind,
		assetId: asset.id,
		assetName: asset.name ?? null,
		bleId: asset.bleId ?? null,
		nfcId: asset.nfcId ?? null,
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
