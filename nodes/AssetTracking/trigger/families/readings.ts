import type { IDataObject } from 'n8n-workflow';

import { readingFilter, type TemperatureBounds } from '../core/settings';
import { readingKey } from '../core/identity';
import {
	membershipsOf,
	roomStays,
	roomsWithoutList,
	ruleAt,
	type Rulebook,
} from '../assets/rulebook';
import type { ListRead } from '../assets/seen';
import type { Reading, ReadingKind, ScopedAsset } from '../assets/types';
import { assets, memberships, READING_LISTS } from '../subjects/assets';
import { sampleRoom } from './sampleRoom';
import { assetOf, celsius, text } from './words';
import type { EventFamily, TriggerEvent } from './family';

interface ReadingSettings {
	kinds: ReadingKind[];
	bounds: TemperatureBounds;
	/** The node's version: the items' vocabulary (readingFields). */
	version: number;
	/**
	 * Version 6 with Only Readings Outside the Range: each temperature is judged by the range of
	 * the room the asset was in at its time (the rulebook), else by the default range; one taken
	 * in no watched room under Assets in Spaces is outside no range, and not emitted.
	 */
	rooms?: Rulebook;
}

/** What the readings read: the lists, and (version 6, by room) the asset's memberships. */
type ReadingReads = Record<ReadingKind, ListRead> & { memberships: IDataObject[] };

/** The bounds a temperature at `ts` is judged by: the rulebook's rule there (none: undefined). */
function boundsAt(
	settings: ReadingSettings,
	stays: ReturnType<typeof roomStays>,
	ts: number,
): TemperatureBounds | undefined {
	if (!settings.rooms) return settings.bounds;
	const rule = ruleAt(settings.rooms, stays, ts);
	return rule && { max: rule.maxTemperature, min: rule.minTemperature };
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Whether a reading passes the options' filters. The bounds are alert thresholds: with Alert
 * Below, readings below it pass; with Alert Above, readings above it; with both, readings
 * outside the range. Location readings are not filtered. Filtered readings are still seen.
 */
function passesFilters(kind: ReadingKind, item: IDataObject, bounds: TemperatureBounds): boolean {
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
const READING_EVENT: Record<ReadingKind, string> = {
	temperature: 'temperatureReading',
	location: 'location',
};

/**
 * A reading's item fields for a node of `version`: a temperature's own, and which alert
 * threshold it crossed (`crossed`) and the thresholds in force; a location's own (versions 1
 * to 3), or flat as the action's Simplify names it (version 4).
 */
function readingFields(
	kind: ReadingKind,
	item: IDataObject,
	bounds: TemperatureBounds,
	version: number,
): IDataObject {
	if (kind === 'temperature') return { ...item, ...alertFields(item, bounds, version) };
	return version < 4 ? item : flatLocation(item);
}

/**
 * Every new reading, as the trigger always emitted them: temperatures filtered by Alert Above and
 * Below when those are set. What counts as new (late readings, the window) is seen.ts's job; the
 * family only turns the fresh readings of a list into items. It keeps no memory of its own.
 */
export const readings: EventFamily<undefined, ReadingSettings, ReadingReads, ScopedAsset> = {
	name: 'readings',
	events: [
		{
			value: 'temperatureReading',
			judgesRange: true,
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
	settings: ({ node, options, selected, version, rules }) => {
		const kinds: ReadingKind[] = [];
		if (selected.has('temperatureReading')) kinds.push('temperature');
		if (selected.has('location')) kinds.push('location');
		const byRoom =
			rules.roomsNamed && kinds.includes('temperature') && options.outsideRangeOnly === true;
		return {
			kinds,
			bounds: kinds.includes('temperature') && !byRoom ? readingFilter(node, options, version) : {},
			version,
			...(byRoom ? { rooms: rules } : {}),
		};
	},
	kind: assets,
	reads: [
		...(['temperature', 'location'] as const).map((kind) => ({
			of: READING_LISTS[kind],
			wanted: (_context: unknown, settings: ReadingSettings) => settings.kinds.includes(kind),
		})),
		{
			of: memberships,
			wanted: ({ subject }, settings) =>
				settings.rooms !== undefined && roomsWithoutList(subject, settings.rooms),
		},
	],
	fold: ({ settings, read: lists, subject }) => {
		const events: TriggerEvent[] = [];
		const stays = settings.rooms
			? roomStays(settings.rooms, membershipsOf(subject, lists.memberships))
			: [];
		for (const kind of settings.kinds) {
			const list = lists[kind];
			if (!list || list.baseline) continue;
			for (const reading of list.fresh) {
				const bounds = kind === 'temperature' ? boundsAt(settings, stays, reading.ts) : {};
				if (!bounds || !passesFilters(kind, reading.item, bounds)) continue;
				events.push({
					event: READING_EVENT[kind],
					id: readingId(reading),
					at: reading.ts,
					fields: readingFields(kind, reading.item, bounds, settings.version),
				});
			}
		}
		return { memory: undefined, events };
	},
	encode: () => '',
	decode: () => undefined,
	// The asset's newest reading of the kind; a temperature inside Alert Above and Below is moved
	// just beyond the bound, since only such readings are emitted when they are set.
	sample: (event, { settings, read: lists, subject }) => {
		const kind: ReadingKind = event === READING_EVENT.temperature ? 'temperature' : 'location';
		const newest = lists[kind]?.fresh.at(-1)?.item;
		const item: IDataObject =
			kind === 'location'
				? (newest ?? { timestamp: null, coordinate: { latitude: null, longitude: null } })
				: { ...(newest ?? { timestamp: null }), degreesCelsius: newest?.degreesCelsius ?? null };
		// Version 6 by room: the range of the room the asset is in (sampleRoom.ts).
		const bounds: TemperatureBounds = settings.rooms
			? (({ rule }) => ({ max: rule.maxTemperature, min: rule.minTemperature }))(
					sampleRoom(settings.rooms, subject, lists.memberships),
				)
			: settings.bounds;
		const { min, max } = bounds;
		if (kind === 'temperature' && !passesFilters(kind, item, bounds))
			item.degreesCelsius = max !== undefined ? round1(max + 1) : round1(min! - 1);
		return readingFields(kind, item, bounds, settings.version);
	},
	summary: (item, words) => {
		if (item.event === READING_EVENT.location) {
			const accuracy = text(item.accuracy, '');
			const within = accuracy === '' ? '' : ` (within ${accuracy} m)`;
			return `${assetOf(item)} was at ${text(item.latitude, '?')}, ${text(item.longitude, '?')}${within} ${words.at(item.locationTimestamp)}`;
		}
		const crossed =
			item.crossed === 'alertAbove'
				? `, above the alert bound of ${celsius(item.alertAbove)}`
				: item.crossed === 'alertBelow'
					? `, below the alert bound of ${celsius(item.alertBelow)}`
					: '';
		return `${assetOf(item)} reported ${celsius(item.degreesCelsius)} ${words.at(item.timestamp)}${crossed}`;
	},
};

/**
 * A reading's own key: its timestamp, and its content's hash for readings that share a second
 * (location fixes from two gateways).
 */
const readingId = (reading: Reading) => `${reading.ts}~${readingKey(reading.item, 8)}`;

/**
 * Versions 1 and 2's Fetch Test Event (poll/sample.ts, through the registry): those versions have
 * one Event of readings, and their sample is the newest reading of each kind, preferring one that
 * passes the node's filters, as the event this family emits for it.
 */
export const legacyReadings = {
	passes: (kind: ReadingKind, reading: Reading, bounds: TemperatureBounds): boolean =>
		passesFilters(kind, reading.item, bounds),
	event: (
		kind: ReadingKind,
		reading: Reading,
		bounds: TemperatureBounds,
		version: number,
	): TriggerEvent => ({
		event: READING_EVENT[kind],
		id: readingId(reading),
		at: reading.ts,
		fields: readingFields(kind, reading.item, bounds, version),
	}),
};
