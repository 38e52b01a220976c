// Late uploads. Labels buffer readings and upload them in batches; a batch relayed by another
// gateway (or a phone that was offline) reaches the service after newer readings of the same
// asset were already served. The spec gives no ordering guarantee ("Behavioural rules of how
// labels produce readings: not shown"), so a consumer must cope with it.
//
// Each asset's readings of one kind fall into batches of `batchMinutes`; a seeded share of the
// batches is late: the whole batch appears in the lists `delay` minutes after the batch ended
// (one of `delaysMinutes`, chosen per batch). Everything else appears at its own timestamp, or,
// with `uploadEveryMinutes`, at its label's next upload: a label that uploads every 20-60 minutes
// makes whole runs of readings appear at once, long after the first of them was taken.
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
	/**
	 * Labels upload what they buffered at intervals between these two numbers of minutes (both
	 * kinds at once, seeded per asset): a reading appears at the first upload at or after its
	 * time. Default: every reading appears at its own time.
	 */
	uploadEveryMinutes?: [number, number];
	/**
	 * Relayed uploads (with `uploadEveryMinutes`): the oldest `fraction` of each upload of these
	 * assets is held back and appears `delay` minutes after the upload (one of `delaysMinutes`,
	 * seeded per asset and upload), as when part of a label's buffer reaches the service through
	 * another gateway: a whole run of old readings lands at once, after newer ones were served.
	 */
	relay?: { assetIds: string[]; fraction: number; delaysMinutes: number[] };
}

/** When a reading of time `t` appears in the lists (epoch ms). */
export function deliveredAt(
	late: LateUploads | null | undefined,
	assetId: string,
	kind: ReadingKind,
	t: number,
): number {
	if (!late) return t;
	const uploaded = late.uploadEveryMinutes ? nextUpload(late.uploadEveryMinutes, assetId, t) : t;
	return Math.max(uploaded, lateBatchEnd(late, assetId, kind, t), relayedAt(late, assetId, t));
}

/**
 * The first upload at or after `t`. Uploads stand on a grid of (min + max) / 2 minutes, each
 * shifted by a seeded part of (max - min) / 2 per asset and grid step, so two uploads in a row are
 * between min and max minutes apart.
 */
function nextUpload(every: [number, number], assetId: string, t: number): number {
	return uploadHolding(every, assetId, t).at;
}

/** The upload that carries a reading of time `t`: its index, time, and the previous upload's. */
function uploadHolding([min, max]: [number, number], assetId: string, t: number) {
	const step = ((min + max) / 2) * MINUTE;
	const spread = ((max - min) / 2) * MINUTE;
	const at = (k: number) => k * step + ((hash32(assetId, k, 'upload') % 1000) / 1000) * spread;
	const k = Math.floor(t / step);
	const index = at(k) >= t ? k : k + 1;
	return { index, at: at(index), previous: at(index - 1) };
}

/** When a relayed reading appears (the oldest part of its upload); -Infinity when it is not one. */
function relayedAt(late: LateUploads, assetId: string, t: number): number {
	const relay = late.relay;
	if (!relay || !late.uploadEveryMinutes || relay.delaysMinutes.length === 0)
		return Number.NEGATIVE_INFINITY;
	if (!relay.assetIds.includes(assetId)) return Number.NEGATIVE_INFINITY;
	const upload = uploadHolding(late.uploadEveryMinutes, assetId, t);
	if (t > upload.previous + (upload.at - upload.previous) * relay.fraction)
		return Number.NEGATIVE_INFINITY;
	const delay =
		relay.delaysMinutes[hash32(assetId, upload.index, 'relay') % relay.delaysMinutes.length];
	return upload.at + delay * MINUTE;
}

/** When the batch holding `t` appears if it is one of the late ones; -Infinity when it is not. */
function lateBatchEnd(late: LateUploads, assetId: string, kind: ReadingKind, t: number): number {
	if (late.share <= 0 || late.delaysMinutes.length === 0) return Number.NEGATIVE_INFINITY;
	if (late.assetIds && !late.assetIds.includes(assetId)) return Number.NEGATIVE_INFINITY;
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
	return end;
}

/** When each batch appears, per configuration (a batch of minutes is asked about many times). */
const batchEnds = new WeakMap<LateUploads, Map<string, number>>();

/** The longest a reading can wait for its upload: how far back delivery-time queries look. */
export function longestWaitMs(late: LateUploads | null | undefined): number {
	if (!late) return 0;
	const relayed = late.relay ? Math.max(0, ...late.relay.delaysMinutes) : 0;
	const upload = ((late.uploadEveryMinutes?.[1] ?? 0) + relayed) * MINUTE;
	if (late.delaysMinutes.length === 0) return upload;
	return Math.max(upload, ((late.batchMinutes ?? 5) + Math.max(...late.delaysMinutes)) * MINUTE);
}
