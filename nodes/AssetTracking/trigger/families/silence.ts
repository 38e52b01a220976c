import { secondOf } from '../core/identity';
import { numberOption } from '../core/settings';
import { back, fromBack } from '../core/numbers';
import { serviceTimestamp } from '../core/timestamp';
import { assetOf, text } from './words';
import type { ListRead } from '../assets/seen';
import type { ReadingKind, ScopedAsset } from '../assets/types';
import { assets, READING_LISTS } from '../subjects/assets';
import type { EventFamily, TriggerEvent } from './family';

interface SilenceSettings {
	silentAfterMs: number;
	/** From version 5 a Went Silent sample is silent as of now (its figures agree with its times). */
	coherentSample: boolean;
}

/** The second of the last reading before the asset went silent; absent while it reports. */
type SilenceMemory = number;

const MINUTE = 60_000;

/**
 * Silent labels: an asset whose newest reading of any kind is older than Silent After at poll
 * time (the service's clock, from its Date header) emits wentSilent once; its next reading emits
 * reportingAgain once. Both lists are read for it, so a label that only reports locations is not
 * taken for silent; an asset never heard from is not silent, it has nothing to go silent from.
 * An asset already silent when the trigger starts emits only its reportingAgain.
 */
export const silence: EventFamily<
	SilenceMemory,
	SilenceSettings,
	Record<ReadingKind, ListRead>,
	ScopedAsset
> = {
	name: 'silence',
	events: [
		{
			value: 'wentSilent',
			name: 'Went Silent',
			description:
				'A watched asset sent no reading of any kind for Silent After (once per silence)',
		},
		{
			value: 'reportingAgain',
			name: 'Reporting Again',
			description: 'A silent asset sent a reading again',
		},
	],
	options: [
		{
			displayName: 'Silent After (Minutes)',
			name: 'silentAfterMinutes',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 120,
			description:
				"How long an asset may send no reading before Went Silent is emitted (the service's clock decides)",
			displayOptions: { show: { '/events': ['wentSilent', 'reportingAgain'] } },
		},
	],
	settings: ({ node, options, version }) => ({
		coherentSample: version >= 5,
		silentAfterMs:
			numberOption(node, options, 'silentAfterMinutes', 'Silent After (Minutes)', 120, 1, 525_600) *
			MINUTE,
	}),
	kind: assets,
	reads: [{ of: READING_LISTS.temperature }, { of: READING_LISTS.location }],
	fold: ({ settings, memory, read, now, quietUntil }) => {
		const lists = [read.temperature, read.location];
		// Both lists must be known this poll: a list not read says nothing about silence.
		if (lists.some((list) => list === undefined)) return { memory, events: [] };
		const events: TriggerEvent[] = [];
		let silentSince = memory;
		let newest: number | null = null;
		for (const list of lists) {
			if (list!.after.newest !== null) newest = Math.max(newest ?? -Infinity, list!.after.newest);
		}
		if (newest === null) return { memory: undefined, events };
		if (silentSince !== undefined && newest > silentSince) {
			let resumed = newest * 1000;
			for (const list of lists)
				for (const r of list!.fresh)
					if (secondOf(r.ts) > silentSince) resumed = Math.min(resumed, r.ts);
			if (resumed > quietUntil) {
				events.push({
					event: 'reportingAgain',
					id: String(silentSince),
					at: resumed,
					fields: {
						lastSeenAt: serviceTimestamp(silentSince * 1000),
						resumedAt: serviceTimestamp(resumed),
						silentMinutes: Math.floor((resumed - silentSince * 1000) / MINUTE),
					},
				});
			}
			silentSince = undefined;
		}
		if (silentSince === undefined && now - newest * 1000 > settings.silentAfterMs) {
			silentSince = newest;
			if (now > quietUntil) {
				events.push({
					event: 'wentSilent',
					id: String(newest),
					at: now,
					fields: {
						lastSeenAt: serviceTimestamp(newest * 1000),
						silentMinutes: Math.floor((now - newest * 1000) / MINUTE),
					},
				});
			}
		}
		return { memory: silentSince, events };
	},
	encode: (memory, base) => back(memory, base),
	decode: (encoded, base) => fromBack(encoded, base),
	// From the asset's newest reading of either kind: silent since it for Silent After, or
	// reporting again with it after Silent After without a reading. No reading: the times are null.
	sample: (event, { settings, read, now }) => {
		const newest = Math.max(
			...[read.temperature, read.location].map(
				(list) => list?.fresh.at(-1)?.ts ?? Number.NEGATIVE_INFINITY,
			),
		);
		const known = Number.isFinite(newest);
		const silentMinutes = Math.floor(settings.silentAfterMs / MINUTE);
		if (event === 'wentSilent') {
			// Version 5: silent for Silent After as of the service's clock, so "no reading for 120 min,
			// the last one at 06:21" is read at 08:21 (version 4 gave its newest reading as the last).
			if (settings.coherentSample)
				return { lastSeenAt: serviceTimestamp(now - settings.silentAfterMs), silentMinutes };
			return { lastSeenAt: known ? serviceTimestamp(newest) : null, silentMinutes };
		}
		return {
			lastSeenAt: known ? serviceTimestamp(newest - settings.silentAfterMs) : null,
			resumedAt: known ? serviceTimestamp(newest) : null,
			silentMinutes,
		};
	},
	summary: (item, words) =>
		item.event === 'wentSilent'
			? `${assetOf(item)} went silent: no reading for ${text(item.silentMinutes, '?')} min, the last one ${words.at(item.lastSeenAt)}`
			: `${assetOf(item)} is reporting again ${words.at(item.resumedAt)}, after ${text(item.silentMinutes, '?')} min of silence`,
};
