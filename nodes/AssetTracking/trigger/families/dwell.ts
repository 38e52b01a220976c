import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { hash, secondOf } from '../core/identity';
import { back, fromBack } from '../core/numbers';
import { serviceTimestamp } from '../core/timestamp';
import { stayRecords } from './stays';
import { assetOf, subjectOf, text, type Words } from './words';
import type { EventChoice, FoldInput, FoldResult, SettingsInput, TriggerEvent } from './family';

/**
 * Dwell limits (issue 36): a stay (an asset's space membership or facility-history entry, a
 * piece's `inFacilities` entry) that lasts beyond the limit of its kind of place emits
 * dwellExceeded once. A stay is its subject + place + `enteredOn`; it is known to have lasted
 * beyond the limit when it is still open at a poll whose service clock is at or past `exceededAt`
 * (`enteredOn` + limit), or when it is seen exited with `exitedOn` − `enteredOn` > limit.
 *
 * When it is news: an exceeded stay the family knew open before its limit always is (however
 * long the budget kept its subject unread); one first seen exceeded is news when its `exceededAt`
 * is after where the subject's news starts (the activation poll's clock for what existed then:
 * those seed) and within the late-readings window.
 *
 * The memory of one subject: a 4-character hash of each stay known open before its limit, of each
 * stay already exceeded whose `exceededAt` is still within the window (so it is not news again),
 * and, for a subject the family could not read yet (an inactive consignment), the moment its
 * news starts while that moment is within the window.
 */
export interface DwellMemory {
	/** Stays known open before their limit. */
	open: Set<string>;
	/** Stays exceeded (emitted or seeded) whose exceededAt is within the window. */
	done: Set<string>;
	/** Exceeded at or before this (epoch ms, whole seconds) is not news; absent: none held back. */
	from?: number;
}

/** The limits, in ms (0: off). Versions 1 to 4 have none. */
export interface DwellSettings {
	/** Dwell Limit in a Space: the limit of a room without its own. */
	spaceMs: number;
	facilityMs: number;
	/** Version 6: the rooms' own limits, by space id (rulebook.ts). */
	rooms: ReadonlyMap<string, number>;
	/** Version 6: a sample prefers a stay still open (a sentence in one tense). */
	openFirst: boolean;
}

export type Place = 'space' | 'facility';

/** One stay, as a family found it in its subject's records. */
export interface DwellStay {
	/** What identifies it within its subject: its place's id and `enteredOn` (a piece's: the piece too). */
	identity: string;
	place: Place;
	enteredOn: number;
	/** Its place's id (a space's or a facility's). */
	placeId: string;
	/** Known exited (hasExited, or an exitedOn). */
	exited: boolean;
	exitedOn?: number;
	/** The item's fields besides place, the limit and exceededAt: the subject's, the place's, enteredOn (and exitedOn). */
	fields: IDataObject;
}

export const DWELL_EXCEEDED: EventChoice = {
	value: 'dwellExceeded',
	name: 'Dwell Exceeded',
	since: 5,
	description:
		'A watched asset (or a piece of a watched consignment) stayed in a space or facility longer than its Dwell Limit (once per stay)',
};

const MINUTE = 60_000;
const KEY_LENGTH = 4;
const SINCE_VERSION = 5;
const shownFrom5 = { '@version': [{ _cnd: { gte: SINCE_VERSION } }] };

export const SPACE_LIMIT = 'Dwell Limit in a Space (Minutes)';
export const FACILITY_LIMIT = 'Dwell Limit in a Facility (Minutes)';

/** The two limits, shown with Dwell Exceeded from version 5. */
export const DWELL_OPTIONS: INodeProperties[] = [
	{
		displayName: SPACE_LIMIT,
		name: 'dwellSpaceMinutes',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 0,
		description:
			'An asset that stays in one space longer than this emits Dwell Exceeded once per stay (a pallet in the dock longer than 2 hours: 120). A room with a limit of its own keeps its own. 0 = off.',
		displayOptions: { show: { ...shownFrom5, '/events': [DWELL_EXCEEDED.value] } },
	},
	{
		displayName: FACILITY_LIMIT,
		name: 'dwellFacilityMinutes',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 0,
		description:
			"An asset, or a consignment's piece, that stays in one facility longer than this emits Dwell Exceeded once per stay. 0 = off.",
		displayOptions: { show: { ...shownFrom5, '/events': [DWELL_EXCEEDED.value] } },
	},
];

/** The limits, from the rulebook (parameters/rulebook.ts reads them). */
export function dwellSettings({ rules }: SettingsInput): DwellSettings {
	const rooms = new Map<string, number>();
	for (const room of rules.rooms.values())
		if (room.dwellMs !== undefined) rooms.set(room.spaceId, room.dwellMs);
	return {
		spaceMs: rules.dwellSpaceMs,
		facilityMs: rules.dwellFacilityMs,
		rooms,
		openFirst: rules.roomsNamed,
	};
}

/** Whether a stay in a space may have a limit: the default's, or some room's own. */
export const spaceLimited = (settings: DwellSettings) =>
	settings.spaceMs > 0 || [...settings.rooms.values()].some((ms) => ms > 0);

/**
 * Dwell Exceeded's rule: a limit, either one (the trigger refuses the event without: a trigger
 * that never fires is an error).
 */
export const dwellNeeds = (_event: string, settings: DwellSettings) =>
	!spaceLimited(settings) && settings.facilityMs === 0
		? `a limit: "${SPACE_LIMIT}" or "${FACILITY_LIMIT}" (Options) above 0`
		: undefined;

/** A stay's limit: a room's own, else its kind of place's (0: none). */
export const limitOf = (settings: DwellSettings, place: Place, placeId?: string) =>
	place === 'space'
		? ((placeId === undefined ? undefined : settings.rooms.get(placeId)) ?? settings.spaceMs)
		: settings.facilityMs;

/**
 * The stays in some records of a place, read as the stay events read them (stays.ts
 * stayRecords), with `<place>Id` their id and `<place>Name` their place's name. An item's
 * fields: `subject`'s, then the place's id and name, `enteredOn` (and `exitedOn` when exited).
 * `identity` tells apart records of one subject that share a place (a piece's: the piece).
 */
export function staysIn(
	records: unknown,
	place: Place,
	subject: IDataObject = {},
	identity = '',
): DwellStay[] {
	const idField = `${place}Id`;
	return stayRecords(records, idField).map(({ id, record, enteredOn, exited, exitedOn }) => ({
		identity: `${place}|${identity}${id}|${secondOf(enteredOn)}`,
		place,
		placeId: id,
		enteredOn,
		exited,
		exitedOn,
		fields: {
			...subject,
			[idField]: id,
			[`${place}Name`]: record[`${place}Name`] ?? null,
			enteredOn: record.enteredOn,
			...(exited ? { exitedOn: record.exitedOn ?? null } : {}),
		},
	}));
}

/**
 * One poll's fold of a subject's stays (see the header). `read` false: the subject's stays were
 * not read this poll (an inactive consignment): the memory stays, and a subject met for the first
 * time keeps where its news starts.
 */
export function foldDwell(
	stays: DwellStay[] | undefined,
	settings: DwellSettings,
	{
		memory,
		quietUntil,
		now,
		windowS,
		started,
	}: Pick<
		FoldInput<DwellMemory, unknown, unknown>,
		'memory' | 'quietUntil' | 'now' | 'windowS' | 'started'
	>,
): FoldResult<DwellMemory> {
	const floor = now - windowS * 1000;
	// What was already so when the family started seeds, whenever its record shows (a record
	// uploaded late): the family's start is kept once in the state (version 6; unknown before).
	const familyStart = started === undefined ? Number.NEGATIVE_INFINITY : started * 1000;
	const start = Math.max(
		quietUntil === Number.POSITIVE_INFINITY ? now : quietUntil,
		memory?.from ?? Number.NEGATIVE_INFINITY,
	);
	if (stays === undefined) {
		if (memory !== undefined || start <= familyStart) return { memory, events: [] };
		return {
			memory: { open: new Set(), done: new Set(), from: secondOf(start) * 1000 },
			events: [],
		};
	}
	const news = Math.max(floor, start, familyStart);
	const next: DwellMemory = { open: new Set(), done: new Set() };
	const events: TriggerEvent[] = [];
	for (const stay of stays) {
		const limit = limitOf(settings, stay.place, stay.placeId);
		if (limit <= 0) continue;
		const key = hash(stay.identity, KEY_LENGTH);
		if (next.open.has(key) || next.done.has(key)) continue;
		const exceededAt = stay.enteredOn + limit;
		const exceeded = stay.exited
			? stay.exitedOn !== undefined && stay.exitedOn - stay.enteredOn > limit
			: now >= exceededAt;
		if (!exceeded) {
			if (!stay.exited) next.open.add(key);
			continue;
		}
		const knownOpen = memory?.open.has(key) === true;
		if (!memory?.done.has(key) && (knownOpen || exceededAt > news)) {
			events.push({
				event: DWELL_EXCEEDED.value,
				at: exceededAt,
				id: stay.identity,
				fields: dwellFields(stay, limit),
			});
		}
		if (exceededAt > floor) next.done.add(key);
	}
	const empty = next.open.size === 0 && next.done.size === 0;
	return { memory: empty ? undefined : next, events };
}

/** An item's fields: place, the subject's and the place's, enteredOn, limitMinutes, exceededAt (exitedOn). */
export function dwellFields(stay: DwellStay, limit: number): IDataObject {
	const { exitedOn, ...rest } = stay.fields;
	return {
		place: stay.place,
		...rest,
		limitMinutes: limit / MINUTE,
		exceededAt: serviceTimestamp(stay.enteredOn + limit),
		...(stay.exited ? { exitedOn: exitedOn ?? null } : {}),
	};
}

/**
 * Fetch Test Event's stand-in: of the subject's stays that have a limit, the open one that has
 * lasted longest (until `now`), else the exited one that lasted longest, judged by its own limit;
 * no limit set anywhere: 120 minutes. No stay: one entered at the limit before `now`, with the
 * `blank` fields (its place, when the family knows one to assume).
 */
export function sampleDwell(
	stays: DwellStay[],
	settings: DwellSettings,
	now: number,
	blank: DwellStay,
): IDataObject {
	const any = spaceLimited(settings) || settings.facilityMs > 0;
	const limited = (stay: DwellStay) => !any || limitOf(settings, stay.place, stay.placeId) > 0;
	const usable = stays.filter(limited);
	const length = (stay: DwellStay) => (stay.exitedOn ?? now) - stay.enteredOn;
	const longest = (among: DwellStay[]) =>
		among.reduce<DwellStay | undefined>(
			(best, stay) => (!best || length(stay) > length(best) ? stay : best),
			undefined,
		);
	const chosen =
		(settings.openFirst ? longest(usable.filter((stay) => !stay.exited)) : undefined) ??
		longest(usable);
	const limitFor = (stay: DwellStay) => limitOf(settings, stay.place, stay.placeId) || 120 * MINUTE;
	if (chosen) return dwellFields(chosen, limitFor(chosen));
	const limit = limitFor(blank);
	const enteredOn = now - limit;
	const fields = { ...blank.fields, enteredOn: serviceTimestamp(enteredOn) };
	// Version 6: a stay the subject has not had says it is assumed.
	const assumed = settings.openFirst
		? { assumed: `no stay with a limit was read: one entered ${limit / MINUTE} min before now` }
		: {};
	return { ...dwellFields({ ...blank, enteredOn, fields }, limit), ...assumed };
}

/** "Asset Pallet 7 has been in space Dock 2 for more than 120 min (since 27 Nov 10:00 CET)". */
export function dwellSummary(item: IDataObject, words: Words): string {
	const who =
		item.pieceId === undefined
			? assetOf(item)
			: `${subjectOf('Piece', item.pieceTrackingRef, item.pieceId)} of consignment ${text(item.trackingRef ?? item.consignmentId, 'unknown')}`;
	const place = item.place === 'space' ? 'space' : 'facility';
	const name = item[`${place}Name`] ?? item[`${place}Id`];
	const left = item.exitedOn === undefined ? '' : `, left ${words.time(item.exitedOn)}`;
	// Version 6: a stay already over is told in the past ("was in … from …, left …").
	if (words.version >= 6 && item.exitedOn !== undefined)
		return `${who} was in ${place} ${text(name, 'unknown')} for more than ${text(item.limitMinutes, '?')} min (from ${words.time(item.enteredOn)}${left})`;
	return `${who} has been in ${place} ${text(name, 'unknown')} for more than ${text(item.limitMinutes, '?')} min (since ${words.time(item.enteredOn)}${left})`;
}

/**
 * `[<from>:]<open keys>[.<done keys>]`: the start only when kept (versions 3 to 5 always wrote the
 * `:`), the done keys only when any.
 */
export function encodeDwell(memory: DwellMemory, base: number): string {
	const head = memory.from === undefined ? '' : `${back(memory.from / 1000, base)}:`;
	const done = memory.done.size === 0 ? '' : `.${[...memory.done].join('')}`;
	return `${head}${[...memory.open].join('')}${done}`;
}

export function decodeDwell(encoded: string, base: number): DwellMemory | undefined {
	const colon = encoded.indexOf(':');
	const second = colon <= 0 ? undefined : fromBack(encoded.slice(0, colon), base);
	if (colon > 0 && second === undefined) return undefined;
	const [open = '', done = ''] = encoded.slice(colon + 1).split('.');
	const keys = (part: string) => {
		const set = new Set<string>();
		for (let i = 0; i + KEY_LENGTH <= part.length; i += KEY_LENGTH)
			set.add(part.slice(i, i + KEY_LENGTH));
		return set;
	};
	return {
		open: keys(open),
		done: keys(done),
		...(second === undefined ? {} : { from: second * 1000 }),
	};
}
