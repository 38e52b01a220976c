import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

import type { TriggerConfig } from './parameters';
import type { Reading, ReadingKind } from './types';

/**
 * Where the trigger stands, per asset and kind of reading: the newest timestamp it has seen and
 * the keys of the readings at exactly that timestamp. A reading is new when it is newer than
 * the cursor, or at the cursor's timestamp with a key not yet seen; so readings sharing a
 * second are neither lost nor emitted twice, and the state never holds more than one
 * timestamp's worth of keys per asset, however long the trigger runs.
 *
 * The state lives only in the workflow's static data (n8n saves it after every poll), in a
 * compact form: one short string per asset.
 *
 *   { v: 1, f: <scope fingerprint>, w: <watermark>, t: <last poll>, h: { t: 'n,3,5', l: 'o,1,5' }, a: { <assetId>: 'T|L' } }
 *
 * T and L are the cursors of the watched kinds (temperature first), each `-` (asset known, no
 * reading seen yet) or `<ms base 36>.<key>.<key>`. `w` is the newest timestamp any asset of the
 * scope has reached: an asset that joins the scope later starts there. `h` holds, per kind, the
 * order the service listed readings in last time and how many new readings one asset had (both
 * only size the next poll's first page), and how far the asset list's embedded readings are
 * trusted; `t` is when the last poll ran (see hint.ts).
 */
export const STATE_VERSION = 1;

export interface Cursor {
	/** Epoch ms of the newest reading seen; null while the asset has had no reading. */
	ts: number | null;
	/** Keys of the readings seen at exactly `ts`. */
	keys: string[];
}

/** What earlier polls learnt about one kind's lists. */
export interface PageHint {
	/** 'n' newest first, 'o' oldest first, 'u' unordered; undefined when not known. */
	order?: string;
	/** Most new readings one asset had in the last poll. */
	newest?: number;
	/** How far the asset list's embedded readings are trusted (see hint.ts). */
	trust?: number;
}

export interface TriggerState {
	fingerprint: string;
	watermark: number | null;
	hints: Partial<Record<ReadingKind, PageHint>>;
	/** Epoch ms (this machine's clock) of the last successful poll; hint.ts spreads full reads by it. */
	lastPoll: number | null;
	cursors: Map<string, Partial<Record<ReadingKind, Cursor>>>;
}

const hash = (text: string, length: number) =>
	createHash('sha1').update(text).digest('base64url').slice(0, length);

/** Serialises a value with object keys sorted, so equal content gives equal text. */
function canonical(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
	if (value && typeof value === 'object') {
		const entries = Object.keys(value as object)
			.sort()
			.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
		return `{${entries.join(',')}}`;
	}
	return JSON.stringify(value) ?? 'null';
}

/**
 * A reading's identity: a 48-bit hash of its content. lastSeenTimestamp is left out because a
 * summary location keeps growing it while it stays the same location.
 */
export function readingKey(item: IDataObject): string {
	const content = { ...item };
	delete content.lastSeenTimestamp;
	return hash(canonical(content), 8);
}

/** Identifies what is watched; a change of it starts the trigger afresh. */
export function fingerprint(config: TriggerConfig): string {
	const { scope } = config;
	const what = [
		STATE_VERSION,
		scope.kind,
		scope.kind === 'assets' ? [...scope.assetIds].sort() : scope.workspaceId,
		scope.kind === 'spaces' ? [...scope.spaceIds].sort() : null,
		config.kinds,
		config.summaryLocations,
	];
	return hash(JSON.stringify(what), 12);
}

export function emptyState(fp: string): TriggerState {
	return { fingerprint: fp, watermark: null, hints: {}, lastPoll: null, cursors: new Map() };
}

function encodeCursor(cursor: Cursor | undefined): string {
	if (!cursor || cursor.ts === null) return '-';
	return [cursor.ts.toString(36), ...cursor.keys].join('.');
}

function decodeCursor(text: string | undefined): Cursor | undefined {
	if (text === undefined || text === '') return undefined;
	if (text === '-') return { ts: null, keys: [] };
	const [ts, ...keys] = text.split('.');
	const value = parseInt(ts, 36);
	return Number.isFinite(value) ? { ts: value, keys } : undefined;
}

function encodeHint(hint: PageHint | undefined): string {
	return [hint?.order ?? '', hint?.newest ?? '', hint?.trust ?? ''].join(',');
}

function decodeHint(text: unknown): PageHint {
	if (typeof text !== 'string' || text === '') return {};
	const [order, newest, trust] = text.split(',');
	const number = (part: string | undefined) => {
		const value = parseInt(part ?? '', 10);
		return Number.isFinite(value) ? value : undefined;
	};
	return { order: order || undefined, newest: number(newest), trust: number(trust) };
}

/**
 * Reads the state saved in static data. Returns null when there is none, when it was written
 * by another version, or when it belongs to another scope: the trigger then starts afresh.
 */
export function loadState(
	saved: IDataObject,
	kinds: ReadingKind[],
	fp: string,
): TriggerState | null {
	if (
		saved.v !== STATE_VERSION ||
		saved.f !== fp ||
		typeof saved.a !== 'object' ||
		saved.a === null
	)
		return null;
	const state = emptyState(fp);
	state.watermark = typeof saved.w === 'string' ? parseInt(saved.w, 36) : null;
	if (state.watermark !== null && !Number.isFinite(state.watermark)) state.watermark = null;
	state.lastPoll = typeof saved.t === 'string' ? parseInt(saved.t, 36) : null;
	if (state.lastPoll !== null && !Number.isFinite(state.lastPoll)) state.lastPoll = null;
	const hints = (saved.h ?? {}) as IDataObject;
	for (const kind of kinds) state.hints[kind] = decodeHint(hints[kind[0]]);
	for (const [assetId, value] of Object.entries(saved.a as IDataObject)) {
		if (typeof value !== 'string') continue;
		const parts = value.split('|');
		const entry: Partial<Record<ReadingKind, Cursor>> = {};
		kinds.forEach((kind, i) => {
			const cursor = decodeCursor(parts[i]);
			if (cursor) entry[kind] = cursor;
		});
		state.cursors.set(assetId, entry);
	}
	return state;
}

/** The static data form of a state; see the format above. */
export function serialiseState(state: TriggerState, kinds: ReadingKind[]): IDataObject {
	const assets: IDataObject = {};
	for (const [assetId, entry] of state.cursors) {
		assets[assetId] = kinds.map((kind) => encodeCursor(entry[kind])).join('|');
	}
	const hints: IDataObject = {};
	for (const kind of kinds) hints[kind[0]] = encodeHint(state.hints[kind]);
	return {
		v: STATE_VERSION,
		f: state.fingerprint,
		w: state.watermark === null ? null : state.watermark.toString(36),
		t: state.lastPoll === null ? null : state.lastPoll.toString(36),
		h: hints,
		a: assets,
	};
}

/**
 * Replaces the static data's content with `next` in one step, after a poll fully succeeded.
 * Until then the saved state is not touched, so a poll that fails moves no cursor.
 */
export function saveState(staticData: IDataObject, next: IDataObject): void {
	for (const key of Object.keys(staticData)) {
		if (!(key in next)) delete staticData[key];
	}
	Object.assign(staticData, next);
}

/**
 * The lower edge of what counts as new for one asset and kind:
 * a reading is new when ts > floor.ts, or ts === floor.ts and its key is not in floor.keys.
 * floor.ts = +Infinity means nothing is new (the first poll notes where the asset stands).
 */
export interface Floor {
	ts: number;
	keys: ReadonlySet<string>;
}

export const NOTHING_IS_NEW: Floor = { ts: Number.POSITIVE_INFINITY, keys: new Set() };
export const EVERYTHING_IS_NEW: Floor = { ts: Number.NEGATIVE_INFINITY, keys: new Set() };

export function floorOf(cursor: Cursor): Floor {
	return cursor.ts === null ? EVERYTHING_IS_NEW : { ts: cursor.ts, keys: new Set(cursor.keys) };
}

/** Readings from `ts` on (inclusive) are new. */
export const floorAt = (ts: number): Floor => ({ ts, keys: new Set() });

export function isNew(reading: Reading, floor: Floor, key: () => string): boolean {
	if (reading.ts !== floor.ts) return reading.ts > floor.ts;
	return !floor.keys.has(key());
}

/**
 * The cursor after a poll that read `readings` (everything the service listed down to the
 * floor): the newest timestamp seen, with the keys of every reading at it. A cursor never moves
 * back, and keys already known at an unchanged timestamp are kept.
 */
export function advanceCursor(previous: Cursor | undefined, readings: Reading[]): Cursor {
	let newest = previous?.ts ?? null;
	for (const r of readings) if (newest === null || r.ts > newest) newest = r.ts;
	if (newest === null) return { ts: null, keys: [] };
	const keys = new Set(previous?.ts === newest ? previous.keys : []);
	for (const r of readings) if (r.ts === newest) keys.add(readingKey(r.item));
	return { ts: newest, keys: [...keys] };
}
