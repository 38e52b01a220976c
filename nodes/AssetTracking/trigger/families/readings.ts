import { passesFilters, READING_EVENT, readingFields } from '../emit';
import { temperatureBounds, type TemperatureBounds } from '../settings';
import type { ReadingKind } from '../types';
import type { EventFamily, TriggerEvent } from './family';

interface ReadingSettings {
	kinds: ReadingKind[];
	bounds: TemperatureBounds;
}

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
	settings: ({ node, options, selected }) => {
		const kinds: ReadingKind[] = [];
		if (selected.has('temperatureReading')) kinds.push('temperature');
		if (selected.has('location')) kinds.push('location');
		return {
			kinds,
			bounds: kinds.includes('temperature') ? temperatureBounds(node, options) : {},
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
					fields: readingFields(kind, reading.item, settings.bounds),
				});
			}
		}
		return { memory: undefined, events };
	},
	encode: () => '',
	decode: () => undefined,
};
