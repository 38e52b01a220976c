// Reading ranges, keyset pages and summaries over the generator's pure functions.
// Keyset paging (cursor = sort key of the last item returned) is what keeps pages stable while
// new readings keep arriving: page 2 continues strictly after page 1's last key, so nothing is
// shifted or served twice.
import type { AssetRec } from '../store/model';
import { iso, MINUTE } from '../time';
import { deliveredAt, type LateUploads } from './late';
import {
	locationIntervalMs,
	locationsAtSlot,
	temperatureAt,
	type LocationItem,
	type Reading,
	type ReadingKind,
} from './generator';
import { hoverTemperature, scriptedTemperature } from './profiles';

export interface ReadingKey {
	t: number;
	seq: number;
}

function temperatureOf(rec: AssetRec, minute: number): Reading {
	const r = temperatureAt(rec.id, minute);
	if (rec.temperatureProfile)
		r.item.degreesCelsius = hoverTemperature(rec.id, minute, rec.temperatureProfile);
	const scripted = rec.temperatureScript && scriptedTemperature(rec.temperatureScript, r.t);
	if (scripted !== undefined) r.item.degreesCelsius = scripted;
	return r;
}

export const compareKeys = (a: ReadingKey, b: ReadingKey) => a.t - b.t || a.seq - b.seq;

/** A fix may sit up to 49 s after its slot start; scanning one slot early never misses one. */
const SLOT_SLACK = 59_000;

interface Window {
	lo: number;
	hi: number;
	intervalMs: number;
}

/** Time windows (inclusive) in which the asset had a label, clipped to [historyStart, now]. */
export function windowsOf(
	rec: AssetRec,
	historyStart: number,
	now: number,
	specCadence = false,
): Window[] {
	const out: Window[] = [];
	for (const p of rec.labels) {
		const lo = Math.max(p.addedOn, historyStart);
		const end = Math.min(p.removedOn ?? Infinity, p.silentFrom ?? Infinity);
		const hi = end === Infinity ? now : Math.min(end - 1, now);
		const intervalMs = locationIntervalMs(p.reportingInterval, specCadence);
		// Quiet periods cut the window: the label says nothing in [from, until).
		let pieces = [{ lo, hi }];
		for (const q of p.quiet ?? []) {
			pieces = pieces.flatMap((w) => [
				{ lo: w.lo, hi: Math.min(w.hi, q.from - 1) },
				{ lo: Math.max(w.lo, q.until), hi: w.hi },
			]);
		}
		for (const w of pieces) if (w.lo <= w.hi) out.push({ ...w, intervalMs });
	}
	return out.sort((a, b) => a.lo - b.lo);
}

function* ascending(
	rec: AssetRec,
	kind: ReadingKind,
	windows: Window[],
	after: ReadingKey | null,
): Generator<Reading> {
	for (const w of windows) {
		if (after && w.hi < after.t) continue;
		const keep = (r: Reading) =>
			r.t >= w.lo && r.t <= w.hi && (!after || compareKeys(r, after) > 0);
		if (kind === 'temperature') {
			let m = Math.ceil(w.lo / MINUTE);
			if (after) m = Math.max(m, Math.floor(after.t / MINUTE));
			for (const last = Math.floor(w.hi / MINUTE); m <= last; m++) {
				const r = temperatureOf(rec, m);
				if (keep(r)) yield r;
			}
		} else {
			const I = w.intervalMs;
			let s = Math.floor((w.lo - SLOT_SLACK) / I);
			if (after) s = Math.max(s, Math.floor(after.t / I) - 1);
			for (const last = Math.floor(w.hi / I); s <= last; s++) {
				for (const r of locationsAtSlot(rec.id, s, I)) if (keep(r)) yield r;
			}
		}
	}
}

function* descending(
	rec: AssetRec,
	kind: ReadingKind,
	windows: Window[],
	before: ReadingKey | null,
): Generator<Reading> {
	for (let wi = windows.length - 1; wi >= 0; wi--) {
		const w = windows[wi];
		if (before && w.lo > before.t) continue;
		const keep = (r: Reading) =>
			r.t >= w.lo && r.t <= w.hi && (!before || compareKeys(r, before) < 0);
		if (kind === 'temperature') {
			let m = Math.floor(w.hi / MINUTE);
			if (before) m = Math.min(m, Math.ceil(before.t / MINUTE));
			for (const first = Math.ceil(w.lo / MINUTE); m >= first; m--) {
				const r = temperatureOf(rec, m);
				if (keep(r)) yield r;
			}
		} else {
			const I = w.intervalMs;
			let s = Math.floor(w.hi / I);
			if (before) s = Math.min(s, Math.floor(before.t / I) + 1);
			for (const first = Math.floor((w.lo - SLOT_SLACK) / I); s >= first; s--) {
				const fixes = locationsAtSlot(rec.id, s, I);
				for (let i = fixes.length - 1; i >= 0; i--) if (keep(fixes[i])) yield fixes[i];
			}
		}
	}
}

/**
 * summaryLocations=true (meaning "not shown" in the spec; the simulator's definition): runs of
 * chronologically consecutive fixes at exactly the same latitude/longitude collapse into one
 * item carrying the first fix's timestamp and fields, with lastSeenTimestamp = the last fix's
 * timestamp. The item's sort key is that of its first fix, so keyset paging works unchanged.
 */
export function summarise(readingsAscending: Iterable<Reading>): Reading[] {
	const groups: Reading[] = [];
	let lastCoord: { latitude: number; longitude: number } | null = null;
	for (const r of readingsAscending) {
		const item = r.item as LocationItem;
		const g = groups[groups.length - 1];
		if (
			g &&
			lastCoord &&
			lastCoord.latitude === item.coordinate.latitude &&
			lastCoord.longitude === item.coordinate.longitude
		) {
			(g.item as LocationItem).lastSeenTimestamp = iso(r.t);
			continue;
		}
		groups.push({ t: r.t, seq: r.seq, item: { ...item, lastSeenTimestamp: iso(r.t) } });
		lastCoord = item.coordinate;
	}
	return groups;
}

export interface PageRequest {
	order: 'newestFirst' | 'oldestFirst';
	/** Late uploads (late.ts): readings not delivered by `now` are not listed yet. */
	late?: LateUploads | null;
	/** Locations at the spec's reporting intervals instead of the compressed ones. */
	specCadence?: boolean;
	cursor: ReadingKey | null;
	limit: number;
	now: number;
	historyStart: number;
	summary: boolean;
}

export interface ReadingsPage {
	items: object[];
	/** Sort key of the last item served when more items follow, else null. */
	next: ReadingKey | null;
}

function* delivered(
	source: Iterable<Reading>,
	rec: AssetRec,
	kind: ReadingKind,
	req: PageRequest,
): Generator<Reading> {
	for (const r of source) if (deliveredAt(req.late, rec.id, kind, r.t) <= req.now) yield r;
}

export function pageReadings(rec: AssetRec, kind: ReadingKind, req: PageRequest): ReadingsPage {
	const windows = windowsOf(rec, req.historyStart, req.now, req.specCadence);
	const newest = req.order === 'newestFirst';
	const taken: Reading[] = [];
	if (kind === 'location' && req.summary) {
		const groups = summarise(delivered(ascending(rec, kind, windows, null), rec, kind, req));
		if (newest) groups.reverse();
		for (const g of groups) {
			if (
				req.cursor &&
				(newest ? compareKeys(g, req.cursor) >= 0 : compareKeys(g, req.cursor) <= 0)
			)
				continue;
			taken.push(g);
			if (taken.length > req.limit) break;
		}
	} else {
		const source = newest
			? descending(rec, kind, windows, req.cursor)
			: ascending(rec, kind, windows, req.cursor);
		for (const r of delivered(source, rec, kind, req)) {
			taken.push(r);
			if (taken.length > req.limit) break;
		}
	}
	const more = taken.length > req.limit;
	const served = more ? taken.slice(0, req.limit) : taken;
	const last = served[served.length - 1];
	return { items: served.map((r) => r.item), next: more ? { t: last.t, seq: last.seq } : null };
}

/** The newest reading (or summary item) of an asset, for the Asset representation. */
export function newestReading(
	rec: AssetRec,
	kind: ReadingKind,
	now: number,
	historyStart: number,
	summary: boolean,
	late?: LateUploads | null,
	specCadence?: boolean,
): object | null {
	const page = pageReadings(rec, kind, {
		order: 'newestFirst',
		cursor: null,
		limit: 1,
		now,
		historyStart,
		summary,
		late,
		specCadence,
	});
	return page.items[0] ?? null;
}

/** All raw readings of an asset with after < time <= upTo, oldest first (ground truth). */
export function readingsBetween(
	rec: AssetRec,
	kind: ReadingKind,
	after: number,
	upTo: number,
	historyStart: number,
	specCadence = false,
): Reading[] {
	const windows = windowsOf(rec, historyStart, upTo, specCadence);
	return [...ascending(rec, kind, windows, { t: after, seq: Number.POSITIVE_INFINITY })];
}
