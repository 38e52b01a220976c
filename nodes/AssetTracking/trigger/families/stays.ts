import type { IDataObject } from 'n8n-workflow';

import { hash, secondOf } from '../core/identity';
import { serviceTimestamp } from '../core/timestamp';
import { assetOf, text, type Words } from './words';
import type { ScopedAsset } from '../assets/types';
import type { FoldInput, FoldResult, TriggerEvent } from './family';

/**
 * Stays: an asset's memberships of spaces (the asset list's `inSpaces`) and its facility history
 * (`api.getAssetFacilityHistory`). Both are records with an id, `enteredOn`, and once the
 * asset has left, `hasExited` and `exitedOn`. A record is one stay, identified by its id and its
 * `enteredOn`; `entered` is emitted when a stay first appears, `left` when it is seen exited
 * (both at once, entered first, for a stay that appears already exited).
 *
 * The memory keeps a 4-character hash of each stay known to be open, and of each stay whose exit
 * is within the late-readings window before the service's clock. A stay first seen with all its
 * news older than the window is not news (as for a late reading): an open one seen that way still
 * emits its `left` when it ends, since its exit is recent news. A stay that disappears from the
 * list is forgotten without an event.
 */
export type StayMemory = Map<string, 'open' | 'exited'>;

export interface StayNames {
	/** What the stays are in, as a summary says it: space, facility. */
	noun: string;
	/** The record's id field: spaceId, facilityId. */
	idField: string;
	entered: string;
	left: string;
	/** The record's fields the items carry besides the id and the times; its name first. */
	fields: string[];
}

interface Stay extends StayRecord {
	key: string;
}

/** A stay as the service's records give it (see the header), for this family and dwell.ts. */
export interface StayRecord {
	id: string;
	record: IDataObject;
	enteredOn: number;
	exited: boolean;
	exitedOn?: number;
}

const KEY_LENGTH = 4;
const time = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : Number.NaN);

/** The stays in some records; records without an id or a valid `enteredOn` are left out. */
export function stayRecords(records: unknown, idField: string): StayRecord[] {
	if (!Array.isArray(records)) return [];
	const stays: StayRecord[] = [];
	for (const record of records as IDataObject[]) {
		const id = record?.[idField];
		const enteredOn = time(record?.enteredOn);
		if (typeof id !== 'string' || id === '' || Number.isNaN(enteredOn)) continue;
		const exitedOn = time(record.exitedOn);
		stays.push({
			id,
			record,
			enteredOn,
			exited: record.hasExited === true || !Number.isNaN(exitedOn),
			exitedOn: Number.isNaN(exitedOn) ? undefined : exitedOn,
		});
	}
	return stays;
}

const staysOf = (records: unknown, idField: string): Stay[] =>
	stayRecords(records, idField).map((stay) => ({
		...stay,
		key: hash(`${stay.id}|${secondOf(stay.enteredOn)}`, KEY_LENGTH),
	}));

export function foldStays(
	names: StayNames,
	records: unknown,
	{
		memory,
		quietUntil,
		now,
		windowS,
	}: Pick<
		FoldInput<StayMemory, unknown, unknown, ScopedAsset>,
		'memory' | 'quietUntil' | 'now' | 'windowS'
	>,
): FoldResult<StayMemory> {
	const floor = now - windowS * 1000;
	const news = Math.max(floor, quietUntil);
	const next: StayMemory = new Map();
	const events: TriggerEvent[] = [];
	const emit = (event: string, at: number, stay: Stay, exited: boolean) => {
		events.push({
			event,
			id: `${stay.id}@${secondOf(stay.enteredOn)}`,
			at,
			fields: stayFields(names, stay.record, exited),
		});
	};
	for (const stay of staysOf(records, names.idField)) {
		if (next.has(stay.key)) continue;
		const known = memory?.get(stay.key);
		const exitedAt = stay.exitedOn ?? now;
		if (known === undefined) {
			if (stay.enteredOn > news) emit(names.entered, stay.enteredOn, stay, false);
			if (stay.exited && exitedAt > news) emit(names.left, exitedAt, stay, true);
		} else if (known === 'open' && stay.exited && exitedAt > quietUntil) {
			emit(names.left, exitedAt, stay, true);
		}
		const latest = stay.exited ? exitedAt : stay.enteredOn;
		if (latest > floor || (known === 'open' && !stay.exited))
			next.set(stay.key, stay.exited ? 'exited' : 'open');
	}
	return { memory: next.size > 0 ? next : undefined, events };
}

/** An item's fields for a stay: its id and name, when it was entered, and left (left only). */
function stayFields(names: StayNames, item: IDataObject, exited: boolean): IDataObject {
	const fields: IDataObject = { [names.idField]: item[names.idField] ?? null };
	for (const field of names.fields) fields[field] = item[field] ?? null;
	fields.enteredOn = item.enteredOn ?? null;
	if (exited) fields.exitedOn = item.exitedOn ?? null;
	return fields;
}

/**
 * A sample of `event` from the asset's real stays: for entered, the latest entered; for left, the
 * latest left, else the latest entered as if it ended at `now`. No stays: every field null.
 */
export function sampleStay(
	names: StayNames,
	records: unknown,
	event: string,
	now: number,
): IDataObject {
	const left = event === names.left;
	const stays = staysOf(records, names.idField);
	const exited = stays.filter((stay) => stay.exited);
	const latest = (list: Stay[], time: (stay: Stay) => number) =>
		list.reduce<Stay | undefined>(
			(best, stay) => (!best || time(stay) > time(best) ? stay : best),
			undefined,
		);
	const stay =
		(left ? latest(exited, (s) => s.exitedOn ?? s.enteredOn) : undefined) ??
		latest(stays, (s) => s.enteredOn);
	const fields = stayFields(names, stay?.record ?? {}, left);
	if (left && stay && fields.exitedOn === null) fields.exitedOn = serviceTimestamp(now);
	return fields;
}

/** "Asset Pallet 7 left space Cold Room 2 at 2026-11-26T10:04:00Z". */
export function staySummary(names: StayNames, item: IDataObject, words: Words): string {
	const entered = item.event === names.entered;
	const place = text(item[names.fields[0]] ?? item[names.idField], 'unknown');
	return `${assetOf(item)} ${entered ? 'entered' : 'left'} ${names.noun} ${place} ${words.at(entered ? item.enteredOn : item.exitedOn)}`;
}

export const encodeStays = (memory: StayMemory) =>
	[...memory].map(([key, state]) => (state === 'exited' ? `${key}x` : key)).join(',');

export function decodeStays(text: string): StayMemory | undefined {
	const memory: StayMemory = new Map();
	for (const part of text.split(',')) {
		if (part.length === KEY_LENGTH) memory.set(part, 'open');
		else if (part.length === KEY_LENGTH + 1 && part.endsWith('x'))
			memory.set(part.slice(0, KEY_LENGTH), 'exited');
	}
	return memory.size > 0 ? memory : undefined;
}
