import type { IDataObject } from 'n8n-workflow';

import { secondOf } from '../core/identity';
import { identityOf, type KindMemory } from './seen';
import type { PageHint, Reading, ReadingKind } from './types';

/**
 * Skipping assets with nothing new, using what the asset list already says.
 *
 * The workspace's asset list embeds readings in each asset (`temperatures.items`,
 * `locations.items`). The spec does not say which ones; if they are each asset's newest, an
 * asset whose embedded reading is exactly the one its cursor stands on has nothing new, and
 * reading its list can be skipped: a poll of 200 quiet assets is then one request, not 400.
 * An embed with no items (a server that sends empty lists for an asset without readings) skips
 * an asset that has never had a reading of that kind; a missing embed says nothing.
 * A late reading does not change an asset's newest reading, so the embed cannot show it: the
 * late-window sweep (plan.ts) still reads every asset with readings in full once per sweep period.
 * An asset without any reading needs no sweep: a late reading would show in its embed.
 *
 * The embed is only relied on once it has earned it, per kind of reading. Every list the
 * trigger reads is compared with the embed of its asset:
 * - confirmed: the embed is the newest reading the list holds (and the list holds older ones);
 *   a poll with confirmations and no miss adds one to the trust, TRUST_AFTER makes it trusted;
 * - contradicted: the embed is older than the cursor from an earlier poll, so it is not the
 *   newest reading; the embed is then never used again (until the trigger starts afresh);
 * - missed: an asset the embed called quiet had new readings; trust starts over.
 * Even while trusted, every asset with readings is read in full once per sweep period, which is
 * where misses are found.
 *
 * A skip never loses a reading: the memory stays as it is and the next read of the list goes
 * down to its floor. At worst a wrongly trusted embed delays readings until it is caught.
 */
const TRUST_AFTER = 1;
const TRUST_CAP = 99;
/** Trust value of an embed that was caught not showing the newest reading. */
export const DISTRUSTED = -1;

export function embeddedReadings(list: unknown): Reading[] | undefined {
	const items = (list as IDataObject | undefined)?.items;
	if (!Array.isArray(items)) return undefined;
	const out: Reading[] = [];
	for (const item of items as IDataObject[]) {
		const ts = typeof item?.timestamp === 'string' ? Date.parse(item.timestamp) : Number.NaN;
		if (!Number.isNaN(ts)) out.push({ ts, item });
	}
	return out;
}

/** The newest second among readings; -Infinity for none. */
export const newestSecond = (readings: Reading[]) =>
	readings.reduce((max, r) => Math.max(max, secondOf(r.ts)), Number.NEGATIVE_INFINITY);

/** Whether the embed shows nothing new: its newest readings are the newest ones remembered. */
export function embedIsQuiet(
	kind: ReadingKind,
	embed: Reading[] | undefined,
	memory: KindMemory | undefined,
): boolean {
	// An empty embed says the asset has no reading of this kind: quiet if none was ever seen.
	if (embed?.length === 0) return memory !== undefined && memory.newest === null;
	if (!embed || !memory || memory.newest === null) return false;
	const newest = memory.newest;
	if (newestSecond(embed) !== newest) return false;
	// Readings at or below the floor are never new, whether remembered or not.
	return embed.every(
		(r) =>
			secondOf(r.ts) !== newest || newest <= memory.floor || memory.seen.has(identityOf(kind, r)),
	);
}

export type Observation = 'confirmed' | 'contradicted' | 'missed' | undefined;

/**
 * What reading an asset's list taught about its embed.
 * `before` is the memory from the previous poll (it existed before the asset list was read),
 * `listed` what the list held now, `skippable` whether the embed had called the asset quiet.
 */
export function observe(
	kind: ReadingKind,
	embed: Reading[] | undefined,
	before: KindMemory | undefined,
	listed: Reading[],
	skippable: boolean,
): Observation {
	if (!embed) return undefined;
	// An empty embed is right when the list is empty too; a list with readings shows it is not.
	if (embed.length === 0) return listed.length === 0 ? 'confirmed' : 'missed';
	const known = before?.newest ?? null;
	const embedNewest = newestSecond(embed);
	if (known !== null && embedNewest < known) return 'contradicted';
	const newest = newestSecond(listed);
	if (skippable && known !== null && newest > known) return 'missed';
	if (embedNewest !== newest || !listed.some((r) => secondOf(r.ts) < newest)) return undefined;
	const atNewest = new Set(
		listed.filter((r) => secondOf(r.ts) === newest).map((r) => identityOf(kind, r)),
	);
	return embed.some((r) => secondOf(r.ts) === newest && atNewest.has(identityOf(kind, r)))
		? 'confirmed'
		: undefined;
}

/** The trust after a poll's observations of one kind. */
export function nextTrust(previous: number, observations: Observation[]): number {
	if (previous === DISTRUSTED || observations.includes('contradicted')) return DISTRUSTED;
	if (observations.includes('missed')) return 0;
	return observations.includes('confirmed') ? Math.min(TRUST_CAP, previous + 1) : previous;
}

/** The embed is raw readings: summary locations are other items, so it says nothing about them. */
export const embedObservable = (kind: ReadingKind, summaryLocations: boolean) =>
	!(kind === 'location' && summaryLocations);

/** Whether the last poll left the embed of this kind trusted. */
export function embedUsable(
	hint: PageHint | undefined,
	kind: ReadingKind,
	summaryLocations: boolean,
): boolean {
	return embedObservable(kind, summaryLocations) && (hint?.trust ?? 0) >= TRUST_AFTER;
}
