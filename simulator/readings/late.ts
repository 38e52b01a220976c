// Late uploads. Labels buffer readings and upload them in batches; a batch relayed by another
// gateway (or a phone that was offline) reaches the service after newer readings of the same
// asset were already served. The spec gives no ordering guarantee ("Behavioural rules of how
// labels produce readings: not shown"), so a consumer must cope with it.
//
// Each asset's readings of one kind fall into batches of `batchMinutes`; a seeded share of the
// batches is late: the whole batch appears in the lists `delay` minutes after the batch ended
// (one of `delaysMinutes`, chosen per batch). Everything else appears at its own timestamp.
// Like the readings, this is a pure function of (asset, kind, batch): ground truth stays exact.
import { hash32 } from '../prng';
import { MINUTE } from '../time';
import type { ReadingKind } from './generator';

export interface LateUploads {
	/** Share of batches delivered late, 0 to 1. */
	share: number;
	/** Delays after the batch's end, in minutes; each late batch gets one of them. */
	delaysMinutes: number[];
	/** Length of a batch. Default 5 minutes. */
	batchMinutes?: number;
	/** Only these assets' batches can be late; default every asset's. */
	assetIds?: string[];
}

/** When a reading of time `t` appears in the lists (epoch ms). */
export function deliveredAt(
	late: LateUploads | null | undefined,
	assetId: string,
	kind: ReadingKind,
	t: number,
): number {
	if (!late || late.share <= 0 || late.delaysMinutes.length === 0) return t;
	if (late.assetIds && !late.assetIds.includes(assetId)) return t;
	const batchMs = (late.batchMinutes ?? 5) * MINUTE;
	const batch = Math.floor(t / batchMs);
	const key = `${assetId}|${kind}|${batch}`;
	let end = batchEnds.get(late)?.get(key);
	if (end === undefined) {
		end = Number.NEGATIVE_INFINITY; // on time
		if (hash32(assetId, kind, batch, 'late') % 10_000 < late.share * 10_000) {
			const delay =
				late.delaysMinutes[hash32(assetId, kind, batch, 'delay') % late.delaysMinutes.length];
			end = (batch + 1) * batchMs + delay * MINUTE;
		}
		const cache = batchEnds.get(late) ?? new Map<string, number>();
		if (cache.size > 1_000_000) cache.clear();
		cache.set(key, end);
		batchEnds.set(late, cache);
	}
	return Math.max(t, end);
}

/** When each batch appears, per configuration (a batch of minutes is asked about many times). */
const batchEnds = new WeakMap<LateUploads, Map<string, number>>();

/** The longest a reading can wait for its upload: how far back delivery-time queries look. */
export function longestWaitMs(late: LateUploads | null | undefined): number {
	if (!late || late.delaysMinutes.length === 0) return 0;
	return ((late.batchMinutes ?? 5) + Math.max(...late.delaysMinutes)) * MINUTE;
}
