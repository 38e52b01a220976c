import type { IDataObject } from 'n8n-workflow';

import { KEY_LENGTH, secondOf } from '../core/identity';
import { reachOf, secondOfIdentity, type KindMemory } from '../assets/seen';
import type { AnyFamily } from '../families/family';
import { assets } from '../subjects/assets';
import { KINDS, type PageHint, type ReadingKind } from '../assets/types';
import { emptyState, followedOf, isPending, type Pending, type TriggerState } from './model';
import { b36, p36 } from '../core/numbers';
import { Lanes } from '../core/lanes';

/**
 * The saved state, version 6: readable at the top, keyed by what each part is.
 *
 *   {
 *     "version": 6,
 *     "format": "<the line below, for whoever opens the static data>",
 *     "watermark": "2026-01-01T10:00:00.000Z",   newest reading any watched asset reached
 *     "windowMinutes": 180, "summaryLocations": false,
 *     "lastPoll": "2026-01-01T10:00:03.120Z",    this machine's clock
 *     "serviceTime": "2026-01-01T10:00:03.000Z", the service's clock at that poll (Date header)
 *     "resume": "AST-0042" | null,               where the next poll starts reading
 *     "retry": "AST-0007",                       read first, in whole pages (a read cut mid-list)
 *     "hints": { "temperature": "n,1,3", "location": "n,2,3" },  order, most new, trust
 *     "families": {                              the event families that were active, each with
 *       "readings": "2026-01-01T08:00:02.000Z"   when it started (the service's clock)
 *     },
 *     "assets": ["AST-0001", "AST-0002"],        the assets followed
 *     "subjects": { "printers": ["ZT411…"] },    per other kind of subject, the subjects listed
 *     "lanes": { "alarms": "WOY,JEP" },          per family, the keys its parts write as letters
 *                                                (`A`: the first; version 6's alarms, lanes.ts)
 *     "memories": {                              per list or family: one part per asset above
 *       "temperature": "<part>|<part>",          (per subject of its kind, for a family watching
 *       "location": "…", "excursions": "…",      another kind), in the same order, "|"-separated
 *       "printerStatus": "1|0"
 *     }
 *   }
 *
 * A reading list's part: `<newest>[/<floor>][:<seen>]` (locations `;<seen>`), every number base
 * 36 and counted in seconds back from the watermark. The floor is left out when it is the reach
 * behind the newest (the window plus the sweep period, seen.ts; version 3, otherwise the same,
 * left it out when it was the window behind);
 * `*` means no floor (everything is new); an empty part means the list was never read (it starts
 * from the watermark). `<seen>` lists the readings remembered above the floor, as seconds back
 * from the newest: temperatures as runs `<first>+<step>*<count>`, locations packed as
 * `<gap from the previous><4-character content key>` (encodeGap; versions 3 to 5 wrote the gap in
 * base 36, comma-separated, after a `:`).
 * A family's part is its own (see its file); its numbers count back from the watermark, or for a
 * family watching another kind of subject, from the service's clock at the poll (`serviceTime`).
 * `~<ms base 36>` is a family that has not read the asset (or subject) yet and starts from that
 * time; `~+<ms base 36>`, a subject first seen after the family started, whose first values are
 * news. An empty part holds nothing.
 * Version 5 added `subjects` and the families watching them; version 4 reads as version 5 without
 * them (those families start afresh, as when newly chosen). Version 6 packed the location fixes
 * and keeps each family's start once, so what a family counts from its start is no longer
 * repeated per subject; version 5 reads as it was (its families' starts unknown, its parts as
 * they were).
 */
const STATE_VERSION = 6;
/** Version 3 is read as it was: its omitted floors stand a window behind the newest reading. */
const READABLE_VERSIONS = [3, 4, 5, STATE_VERSION];

const FORMAT =
	'memories: one "|"-separated part per asset of "assets"; reading lists as "<newest>[/<floor>][:<seen>]" (locations ";<packed seen>") in seconds (base 36) back from the watermark; see docs/trigger.md, section The state';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const secondsToMs = (second: number | undefined) => (second === undefined ? null : second * 1000);
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
			return `${encodeGap(gap)}${key}`;
		})
		.join('');
}

/**
 * Location fixes (version 6) are packed without separators: each is its gap in seconds from the
 * one before (the first: from the newest), then its 4-character key. A gap is `.` when 0 (a twin
 * at the same second, and the newest fix itself), two base64url characters up to 4,095 seconds (a
 * fix every 20 minutes is 1,200), or `~<base 36>~` beyond. A fix takes 5 or 6 characters.
 */
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const TWO_CHARACTERS = 64 * 64;

function encodeGap(gap: number): string {
	if (gap === 0) return '.';
	if (gap > 0 && gap < TWO_CHARACTERS) return BASE64URL[gap >> 6] + BASE64URL[gap & 63];
	return `~${b36(gap)}~`;
}

/** The fixes of a packed list, as [seconds back from the newest, key]; stops at anything unreadable. */
function unpackFixes(text: string): Array<[number, string]> {
	const fixes: Array<[number, string]> = [];
	let offset = 0;
	for (let i = 0; i < text.length; ) {
		let gap: number;
		if (text[i] === '.') {
			gap = 0;
			i += 1;
		} else if (text[i] === '~') {
			const end = text.indexOf('~', i + 1);
			gap = end === -1 ? Number.NaN : p36(text.slice(i + 1, end));
			i = end + 1;
		} else {
			const high = BASE64URL.indexOf(text[i]);
			const low = i + 1 < text.length ? BASE64URL.indexOf(text[i + 1]) : -1;
			gap = high === -1 || low === -1 ? Number.NaN : high * 64 + low;
			i += 2;
		}
		const key = text.slice(i, i + KEY_LENGTH);
		i += KEY_LENGTH;
		if (!Number.isFinite(gap) || gap < 0 || key.length < KEY_LENGTH) break;
		offset += gap;
		fixes.push([offset, key]);
	}
	return fixes;
}

function decodeSeen(kind: ReadingKind, newest: number, text: string, packed: boolean): Set<string> {
	const seen = new Set<string>();
	if (text === '') return seen;
	if (kind === 'temperature') {
		for (const offset of decodeRuns(text)) seen.add(String(newest - offset));
		return seen;
	}
	if (packed) {
		for (const [offset, key] of unpackFixes(text)) seen.add(`${newest - offset}:${key}`);
		return seen;
	}
	// Versions 3 to 5: comma-separated `<gap base 36><key>`.
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
	behindS: number,
): string {
	if (!memory) return '';
	const { floor, newest, seen } = memory;
	let text = newest === null ? '' : b36(base - newest);
	if (newest === null || floor !== newest - behindS) {
		text += `/${floor === Number.NEGATIVE_INFINITY ? '*' : b36(base - floor)}`;
	}
	// Packed location fixes follow a `;` (version 6), so versions 3 to 5's `:` still read.
	if (newest !== null && seen.size > 0)
		text += `${kind === 'location' ? ';' : ':'}${encodeSeen(kind, newest, seen)}`;
	return text;
}

/** A list's memory from its part; an omitted floor stands `behindS` behind the newest reading. */
export function decodeMemory(
	kind: ReadingKind,
	text: string | undefined,
	base: number,
	behindS: number,
): KindMemory | undefined {
	if (!text) return undefined;
	const colon = text.search(/[:;]/);
	const head = colon === -1 ? text : text.slice(0, colon);
	const [newestText, floorText] = head.split('/');
	const newest = newestText === '' ? null : base - p36(newestText);
	if (newest !== null && !Number.isFinite(newest)) return undefined;
	let floor: number;
	if (floorText === undefined) {
		if (newest === null) return undefined;
		floor = newest - behindS;
	} else {
		floor = floorText === '*' ? Number.NEGATIVE_INFINITY : base - p36(floorText);
		if (Number.isNaN(floor)) return undefined;
	}
	const seen =
		newest !== null && colon !== -1
			? decodeSeen(kind, newest, text.slice(colon + 1), text[colon] === ';')
			: new Set<string>();
	return { floor, newest, seen };
}

const encodeHint = (hint: PageHint | undefined) =>
	[hint?.order ?? '', hint?.newest ?? '', hint?.trust ?? ''].join(',');

export function decodeHint(text: unknown): PageHint {
	if (typeof text !== 'string' || text === '') return {};
	const [order, newest, trust] = text.split(',');
	const number = (part: string | undefined) => {
		const value = parseInt(part ?? '', 10);
		return Number.isFinite(value) ? value : undefined;
	};
	return { order: order || undefined, newest: number(newest), trust: number(trust) };
}

const encodePending = (pending: Pending) => `~${pending.news ? '+' : ''}${b36(pending.quietUntil)}`;

function decodePending(part: string): Pending {
	const news = part.startsWith('~+');
	const quietUntil = p36(part.slice(news ? 2 : 1));
	return news ? { pending: true, quietUntil, news } : { pending: true, quietUntil };
}

/** Where the numbers of a family's part count back from. */
const baseOf = (state: TriggerState, family: AnyFamily) =>
	family.kind === assets ? (state.watermark ?? 0) : secondOf(state.serviceTime ?? 0);

/** The static data form of a state; see the format above. */
export function serialiseState(state: TriggerState, families: readonly AnyFamily[]): IDataObject {
	const base = state.watermark ?? 0;
	const ids = [...state.known];
	const memories: IDataObject = {};
	for (const kind of KINDS) {
		const parts = ids.map((id) =>
			encodeMemory(kind, state.assets.get(id)?.[kind], base, reachOf(state.windowS)),
		);
		if (parts.some((part) => part !== '')) memories[kind] = parts.join('|');
	}
	const lanes: IDataObject = {};
	for (const family of families) {
		const kept = state.families.get(family.name);
		if (!kept || kept.size === 0) continue;
		const familyBase = baseOf(state, family);
		const table = lanesOf(family, kept.values());
		memories[family.name] = followedOf(state, family.kind.name)
			.map((id) => {
				const memory = kept.get(id);
				if (memory === undefined) return '';
				return isPending(memory) ? encodePending(memory) : family.encode(memory, familyBase, table);
			})
			.join('|');
		if (table && table.keys.length > 0) lanes[family.name] = table.keys.join(',');
	}
	const subjects: IDataObject = {};
	for (const [kind, listed] of state.subjects) subjects[kind] = listed;
	const hints: IDataObject = {};
	for (const kind of KINDS) if (state.hints[kind]) hints[kind] = encodeHint(state.hints[kind]);
	return {
		version: STATE_VERSION,
		format: FORMAT,
		watermark: iso(state.watermark === null ? null : state.watermark * 1000),
		windowMinutes: state.windowS / 60,
		summaryLocations: state.summaryLocations,
		lastPoll: iso(state.lastPoll),
		serviceTime: iso(state.serviceTime),
		resume: state.resume,
		...(state.retry ? { retry: state.retry } : {}),
		hints,
		families: Object.fromEntries(
			[...state.families.keys()].map((name) => [name, iso(secondsToMs(state.started.get(name)))]),
		),
		assets: ids,
		...(state.subjects.size > 0 ? { subjects } : {}),
		...(Object.keys(lanes).length > 0 ? { lanes } : {}),
		memories,
	};
}

/** Reads a version 3 to 6 state; null when it is none. Memories of unknown families are dropped. */
export function parseState(
	saved: IDataObject,
	families: readonly AnyFamily[],
): TriggerState | null {
	if (!READABLE_VERSIONS.includes(saved.version as number) || !Array.isArray(saved.assets))
		return null;
	const state = stateHeader(saved);
	if (!state) return null;
	const behindS = saved.version === 3 ? state.windowS : reachOf(state.windowS);
	state.serviceTime = parseIso(saved.serviceTime);
	const ids = (saved.assets as unknown[]).filter((id): id is string => typeof id === 'string');
	const memories = (saved.memories ?? {}) as IDataObject;
	const partsOf = (name: string) =>
		typeof memories[name] === 'string' ? (memories[name] as string).split('|') : [];
	const base = state.watermark ?? 0;
	const lists = KINDS.map((kind) => [kind, partsOf(kind)] as const);
	ids.forEach((id, i) => {
		state.known.add(id);
		const entry: Partial<Record<ReadingKind, KindMemory>> = {};
		for (const [kind, parts] of lists) {
			const memory = decodeMemory(kind, parts[i], base, behindS);
			if (memory) entry[kind] = memory;
		}
		if (Object.keys(entry).length > 0) state.assets.set(id, entry);
	});
	const subjects = (saved.subjects ?? {}) as IDataObject;
	for (const [kind, listed] of Object.entries(subjects)) {
		if (Array.isArray(listed))
			state.subjects.set(
				kind,
				listed.filter((id): id is string => typeof id === 'string'),
			);
	}
	// Versions 3 to 5 list the active families' names; version 6 gives each its start.
	const active = activeFamilies(saved.families);
	for (const family of families) {
		if (!active.has(family.name)) continue;
		const started = active.get(family.name);
		if (started !== null && started !== undefined) state.started.set(family.name, started);
		const kept = new Map<string, unknown>();
		const parts = partsOf(family.name);
		const familyBase = baseOf(state, family);
		const keys = ((saved.lanes ?? {}) as IDataObject)[family.name];
		const table = typeof keys === 'string' ? new Lanes(keys.split(',')) : undefined;
		followedOf(state, family.kind.name).forEach((id, i) => {
			const part = parts[i];
			if (!part) return;
			const memory = part.startsWith('~')
				? decodePending(part)
				: family.decode(part, familyBase, table);
			if (memory !== undefined) kept.set(id, memory);
		});
		state.families.set(family.name, kept);
	}
	return state;
}

/**
 * The family's table of keys when one of its memories writes its keys by letter (version 6's
 * alarms); then all of them do, so that the table's presence says how the parts read.
 */
function lanesOf(family: AnyFamily, memories: Iterable<unknown>): Lanes | undefined {
	if (!family.usesLanes) return undefined;
	for (const memory of memories)
		if (!isPending(memory) && family.usesLanes(memory as never)) return new Lanes();
	return undefined;
}

/** The active families' names, each with its start in seconds (null: not known). */
function activeFamilies(saved: unknown): Map<string, number | null> {
	if (Array.isArray(saved))
		return new Map(saved.filter((name) => typeof name === 'string').map((name) => [name, null]));
	if (typeof saved !== 'object' || saved === null) return new Map();
	return new Map(
		Object.entries(saved).map(([name, started]) => {
			const ms = parseIso(started);
			return [name, ms === null ? null : Math.floor(ms / 1000)];
		}),
	);
}

/** The parts every version since 2 shares: watermark, window, clocks, resume point, hints. */
export function stateHeader(saved: IDataObject): TriggerState | null {
	const windowMinutes = Number(saved.windowMinutes);
	if (!Number.isFinite(windowMinutes) || windowMinutes <= 0) return null;
	const state = emptyState(Math.round(windowMinutes * 60), saved.summaryLocations === true);
	const watermarkMs = parseIso(saved.watermark);
	state.watermark = watermarkMs === null ? null : Math.floor(watermarkMs / 1000);
	state.lastPoll = parseIso(saved.lastPoll);
	state.resume = typeof saved.resume === 'string' ? saved.resume : null;
	state.retry = typeof saved.retry === 'string' ? saved.retry : null;
	const hints = (saved.hints ?? {}) as IDataObject;
	for (const kind of KINDS)
		if (hints[kind] !== undefined) state.hints[kind] = decodeHint(hints[kind]);
	return state;
}
