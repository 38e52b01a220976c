import type { IDataObject } from 'n8n-workflow';

import { KEY_LENGTH } from '../identity';
import { secondOfIdentity, type KindMemory } from '../seen';
import type { ReadingKind } from '../types';
import { emptyState, KINDS, type PageHint, type TriggerState } from './model';

/**
 * The saved state, version 2: readable at the top, one short string per asset.
 *
 *   {
 *     "version": 2,
 *     "format": "<the line below, for whoever opens the static data>",
 *     "watermark": "2026-01-01T10:00:00.000Z",   newest reading any watched asset reached
 *     "windowMinutes": 180, "summaryLocations": false,
 *     "lastPoll": "2026-01-01T10:00:03.120Z",    this machine's clock
 *     "resume": "AST-0042" | null,               where the next poll starts reading
 *     "hints": { "temperature": "n,1,3", "location": "n,2,3" },  order, most new, trust
 *     "assets": { "<assetId>": "<temperature>|<location>" }
 *   }
 *
 * Each kind's part: `<newest>[/<floor>][:<seen>]`, every number base 36 and counted in seconds
 * back from the watermark. The floor is left out when it is the window behind the newest; `*`
 * means no floor (everything is new); an empty part means the kind was never read (it starts
 * from the watermark). `<seen>` lists the readings remembered above the floor, as seconds back
 * from the newest: temperatures as runs `<first>+<step>*<count>`, locations as
 * `<gap from the previous><4-character content key>`, comma-separated.
 */
const STATE_VERSION = 2;

const FORMAT =
	'assets: "<temperature>|<location>", each "<newest>[/<floor>][:<seen>]" in seconds (base 36) back from the watermark; see the README, section The trigger';

const b36 = (n: number) => n.toString(36);
const p36 = (text: string) => parseInt(text, 36);
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const parseIso = (value: unknown) => {
	const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
	return Number.isNaN(ms) ? null : ms;
};

/** Offsets of a sorted ascending list as arithmetic runs: `o`, or `o+step*count`. */
function encodeRuns(offsets: number[]): string {
	const runs: string[] = [];
	for (let i = 0; i < offsets.length; ) {
		let j = i + 1;
		const step = offsets[j] - offsets[i];
		while (j < offsets.length && offsets[j] - offsets[j - 1] === step) j++;
		if (j - i >= 3) {
			runs.push(`${b36(offsets[i])}+${b36(step)}*${b36(j - i)}`);
			i = j;
		} else {
			runs.push(b36(offsets[i]));
			i++;
		}
	}
	return runs.join(',');
}

function decodeRuns(text: string): number[] {
	const out: number[] = [];
	for (const run of text.split(',')) {
		const match = /^([0-9a-z]+)\+([0-9a-z]+)\*([0-9a-z]+)$/.exec(run);
		if (!match) {
			if (/^[0-9a-z]+$/.test(run)) out.push(p36(run));
			continue;
		}
		const [first, step, count] = [p36(match[1]), p36(match[2]), p36(match[3])];
		for (let k = 0; k < Math.min(count, 100_000); k++) out.push(first + k * step);
	}
	return out;
}

function encodeSeen(kind: ReadingKind, newest: number, seen: Set<string>): string {
	if (kind === 'temperature') {
		const offsets = [...seen].map((id) => newest - secondOfIdentity(id)).sort((a, b) => a - b);
		return encodeRuns([...new Set(offsets)]);
	}
	const entries = [...seen]
		.map((id) => ({ offset: newest - secondOfIdentity(id), key: id.slice(id.indexOf(':') + 1) }))
		.sort((a, b) => a.offset - b.offset || (a.key < b.key ? -1 : 1));
	let previous = 0;
	return entries
		.map(({ offset, key }) => {
			const gap = offset - previous;
			previous = offset;
			return `${b36(gap)}${key}`;
		})
		.join(',');
}

function decodeSeen(kind: ReadingKind, newest: number, text: string): Set<string> {
	const seen = new Set<string>();
	if (text === '') return seen;
	if (kind === 'temperature') {
		for (const offset of decodeRuns(text)) seen.add(String(newest - offset));
		return seen;
	}
	let offset = 0;
	for (const entry of text.split(',')) {
		if (entry.length <= KEY_LENGTH) continue;
		offset += p36(entry.slice(0, -KEY_LENGTH));
		seen.add(`${newest - offset}:${entry.slice(-KEY_LENGTH)}`);
	}
	return seen;
}

function encodeMemory(
	kind: ReadingKind,
	memory: KindMemory | undefined,
	base: number,
	windowS: number,
): string {
	if (!memory) return '';
	const { floor, newest, seen } = memory;
	let text = newest === null ? '' : b36(base - newest);
	if (newest === null || floor !== newest - windowS) {
		text += `/${floor === Number.NEGATIVE_INFINITY ? '*' : b36(base - floor)}`;
	}
	if (newest !== null && seen.size > 0) text += `:${encodeSeen(kind, newest, seen)}`;
	return text;
}

function decodeMemory(
	kind: ReadingKind,
	text: string | undefined,
	base: number,
	windowS: number,
): KindMemory | undefined {
	if (!text) return undefined;
	const colon = text.indexOf(':');
	const head = colon === -1 ? text : text.slice(0, colon);
	const [newestText, floorText] = head.split('/');
	const newest = newestText === '' ? null : base - p36(newestText);
	if (newest !== null && !Number.isFinite(newest)) return undefined;
	let floor: number;
	if (floorText === undefined) {
		if (newest === null) return undefined;
		floor = newest - windowS;
	} else {
		floor = floorText === '*' ? Number.NEGATIVE_INFINITY : base - p36(floorText);
		if (Number.isNaN(floor)) return undefined;
	}
	const seen =
		newest !== null && colon !== -1
			? decodeSeen(kind, newest, text.slice(colon + 1))
			: new Set<string>();
	return { floor, newest, seen };
}

const encodeHint = (hint: PageHint | undefined) =>
	[hint?.order ?? '', hint?.newest ?? '', hint?.trust ?? ''].join(',');

function decodeHint(text: unknown): PageHint {
	if (typeof text !== 'string' || text === '') return {};
	const [order, newest, trust] = text.split(',');
	const number = (part: string | undefined) => {
		const value = parseInt(part ?? '', 10);
		return Number.isFinite(value) ? value : undefined;
	};
	return { order: order || undefined, newest: number(newest), trust: number(trust) };
}

/** The static data form of a state; see the format above. */
export function serialiseState(state: TriggerState): IDataObject {
	const base = state.watermark ?? 0;
	const assets: IDataObject = {};
	for (const [assetId, entry] of state.assets) {
		assets[assetId] = KINDS.map((kind) =>
			encodeMemory(kind, entry[kind], base, state.windowS),
		).join('|');
	}
	const hints: IDataObject = {};
	for (const kind of KINDS) if (state.hints[kind]) hints[kind] = encodeHint(state.hints[kind]);
	return {
		version: STATE_VERSION,
		format: FORMAT,
		watermark: iso(state.watermark === null ? null : state.watermark * 1000),
		windowMinutes: state.windowS / 60,
		summaryLocations: state.summaryLocations,
		lastPoll: iso(state.lastPoll),
		resume: state.resume,
		hints,
		assets,
	};
}

/** Reads a version 2 state; null when it is not one. */
export function parseState(saved: IDataObject): TriggerState | null {
	if (saved.version !== STATE_VERSION || typeof saved.assets !== 'object' || saved.assets === null)
		return null;
	const windowMinutes = Number(saved.windowMinutes);
	if (!Number.isFinite(windowMinutes) || windowMinutes <= 0) return null;
	const state = emptyState(Math.round(windowMinutes * 60), saved.summaryLocations === true);
	const watermarkMs = parseIso(saved.watermark);
	state.watermark = watermarkMs === null ? null : Math.floor(watermarkMs / 1000);
	state.lastPoll = parseIso(saved.lastPoll);
	state.resume = typeof saved.resume === 'string' ? saved.resume : null;
	const hints = (saved.hints ?? {}) as IDataObject;
	for (const kind of KINDS)
		if (hints[kind] !== undefined) state.hints[kind] = decodeHint(hints[kind]);
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
	}
	return state;
}

export { decodeHint };
