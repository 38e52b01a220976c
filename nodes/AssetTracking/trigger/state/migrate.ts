import type { IDataObject } from 'n8n-workflow';

import { hash, KEY_LENGTH, secondOf } from '../core/identity';
import type { TriggerConfig } from '../parameters/config';
import type { KindMemory } from '../assets/seen';
import { KINDS, type ReadingKind } from '../assets/types';
import { decodeHint, decodeMemory, stateHeader } from './format';
import { emptyState, type TriggerState } from './model';

/**
 * Version 2 (releases before event families): the same header as version 3, and per asset one
 * string of its two reading lists, `"<temperature>|<location>"`, in version 3's list format. It
 * only knew readings, so the readings family is the one active family.
 */
export function migrateV2(saved: IDataObject): TriggerState | null {
	if (saved.version !== 2 || typeof saved.assets !== 'object' || saved.assets === null) return null;
	const state = stateHeader(saved);
	if (!state) return null;
	const base = state.watermark ?? 0;
	for (const [assetId, value] of Object.entries(saved.assets as IDataObject)) {
		if (typeof value !== 'string') continue;
		const parts = value.split('|');
		const entry: Partial<Record<ReadingKind, KindMemory>> = {};
		KINDS.forEach((kind, i) => {
			const memory = decodeMemory(kind, parts[i], base, state.windowS);
			if (memory) entry[kind] = memory;
		});
		state.assets.set(assetId, entry);
		state.known.add(assetId);
	}
	state.families.set(READINGS, new Map());
	return state;
}

/** The one family versions 1 and 2 had. */
const READINGS = 'readings';

/**
 * Version 1 of the state (releases before the late-readings window), so an active workflow keeps
 * its place after an upgrade:
 *
 *   { v: 1, f: <scope fingerprint>, w: <watermark>, t: <last poll>, h: { t: 'n,3,5', l: 'o,1,5' },
 *     a: { <assetId>: '<cursor>|<cursor>' } }
 *
 * one cursor per watched kind (temperature first), `-` (no reading yet) or
 * `<ms base 36>.<8-character key>...`: the newest timestamp seen and the keys of the readings at
 * it. A reading was new when newer than the cursor, or at its timestamp with an unknown key.
 * The same rule in version 2 terms: the floor one second below the cursor's, and the readings at
 * the cursor's second remembered (version 1 keys begin with the version 2 key).
 */
const V1 = 1;

/** What version 1 hashed to recognise its own scope; another scope started afresh then too. */
function fingerprintV1(config: TriggerConfig): string {
	const { scope } = config;
	const what = [
		V1,
		scope.kind,
		scope.kind === 'assets' ? [...scope.assetIds].sort() : scope.workspaceId,
		scope.kind === 'spaces' ? [...scope.spaceIds].sort() : null,
		config.lists,
		config.summaryLocations,
	];
	return hash(JSON.stringify(what), 12);
}

function migrateCursor(kind: ReadingKind, text: unknown): KindMemory | undefined {
	if (typeof text !== 'string' || text === '') return undefined;
	if (text === '-') return { floor: Number.NEGATIVE_INFINITY, newest: null, seen: new Set() };
	const [ts, ...keys] = text.split('.');
	const ms = parseInt(ts, 36);
	if (!Number.isFinite(ms)) return undefined;
	const newest = secondOf(ms);
	const seen = new Set(
		kind === 'temperature'
			? [String(newest)]
			: keys.map((key) => `${newest}:${key.slice(0, KEY_LENGTH)}`),
	);
	return { floor: newest - 1, newest, seen };
}

/** A version 1 state as version 3; null when it is not one or belongs to another scope. */
export function migrateV1(
	saved: IDataObject,
	config: TriggerConfig,
	windowS: number,
): TriggerState | null {
	if (
		saved.v !== V1 ||
		saved.f !== fingerprintV1(config) ||
		typeof saved.a !== 'object' ||
		!saved.a
	)
		return null;
	const state = emptyState(windowS, config.summaryLocations);
	const number36 = (value: unknown) => {
		const n = typeof value === 'string' ? parseInt(value, 36) : Number.NaN;
		return Number.isFinite(n) ? n : null;
	};
	const watermark = number36(saved.w);
	state.watermark = watermark === null ? null : secondOf(watermark);
	state.lastPoll = number36(saved.t);
	const hints = (saved.h ?? {}) as IDataObject;
	for (const kind of config.lists) state.hints[kind] = decodeHint(hints[kind[0]]);
	for (const [assetId, value] of Object.entries(saved.a as IDataObject)) {
		if (typeof value !== 'string') continue;
		const parts = value.split('|');
		const entry: Partial<Record<ReadingKind, KindMemory>> = {};
		config.lists.forEach((kind, i) => {
			const memory = migrateCursor(kind, parts[i]);
			if (memory) entry[kind] = memory;
		});
		state.assets.set(assetId, entry);
		state.known.add(assetId);
	}
	state.families.set(READINGS, new Map());
	return state;
}
