import type { IDataObject } from 'n8n-workflow';

import { passesFilters, READING_EVENT, readingFields } from '../poll/emit';
import { temperatureBounds, type TemperatureBounds } from '../core/settings';
import type { ReadingKind } from '../assets/types';
import { assetOf, at, celsius, text } from './words';
import type { EventFamily, TriggerEvent } from './family';

interface ReadingSettings {
	kinds: ReadingKind[];
	bounds: TemperatureBounds;
	/** The node's version: the items' vocabulary (emit.ts). */
	version: number;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Every new reading, as the trigger always emitted them: temperatures filtered by Alert Above and
 * Below when those are set. What counts as new (late readings, the window) is seen.ts's job; the
 * family only turns the fresh readings of a list into items. It keeps no memory of its own.
 */
export const readings: EventFamily<undefined, ReadingSettings> = {
	name: 'readings',
	events: [
		{
			value: 'temperatureReading',
			name: 'New Temperature Reading',
			description:
				'Every new temperature reading (one a minute per label); with Alert Above or Below set, only the readings beyond them',
		},
		{
			value: 'location',
			name: 'New Location',
			description: 'Every new location reading of a watched asset',
		},
	],
	settings: ({ node, options, selected, version }) => {
		const kinds: ReadingKind[] = [];
		if (selected.has('temperatureReading')) kinds.push('temperature');
		if (selected.has('location')) kinds.push('location');
		return {
			kinds,
			bounds: kinds.includes('temperature') ? temperatureBounds(node, options) : {},
			version,
		};
	},
	readings: (settings) => settings.kinds,
	fold: ({ settings, readings: lists }) => {
		const events: TriggerEvent[] = [];
		for (const kind of settings.kinds) {
			const list = lists[kind];
			if (!list || list.baseline) continue;
			for (const reading of list.fresh) {
				if (!passesFilters(kind, reading.item, settings.bounds)) continue;
				events.push({
					event: READING_EVENT[kind],
					at: reading.ts,
					fields: readingFields(kind, reading.item, settings.bounds, settings.version),
				});
			}
		}
		return { memory: undefined, events };
	},
	encode: () => '',
	decode: () => undefined,
	// The asset's newest reading of the kind; a temperature inside Alert Above and Below is moved
	// just beyond the bound, since only such readings are emitted when they are set.
	sample: (event, { settings, readings: lists }) => {
		const kind: ReadingKind = event === READING_EVENT.temperature ? 'temperature' : 'location';
		const newest = lists[kind]?.at(-1)?.item;
		const item: IDataObject =
			kind === 'location'
				? (newest ?? { timestamp: null, coordinate: { latitude: null, longitude: null } })
				: { ...(newest ?? { timestamp: null }), degreesCelsius: newest?.degreesCelsius ?? null };
		const { min, max } = settings.bounds;
		if (kind === 'temperature' && !passesFilters(kind, item, settings.bounds))
			item.degreesCelsius = max !== undefined ? round1(max + 1) : round1(min! - 1);
		return readingFields(kind, item, settings.bounds, settings.version);
	},
	summary: (item) => {
		if (item.event === READING_EVENT.location) {
			const accuracy = text(item.accuracy, '');
			const within = accuracy === '' ? '' : ` (within ${accuracy} m)`;
			return `${assetOf(item)} was at ${text(item.latitude, '?')}, ${text(item.longitude, '?')}${within} ${at(item.locationTimestamp)}`;
		}
		const crossed =
			item.crossed === 'alertAbove'
				? `, above the alert bound of ${celsius(item.alertAbove)}`
				: item.crossed === 'alertBelow'
					? `, below the alert bound of ${celsius(item.alertBelow)}`
					: '';
		return `${assetOf(item)} reported ${celsius(item.degreesCelsius)} ${at(item.timestamp)}${crossed}`;
	},
};
