import type { IDataObject } from 'n8n-workflow';

import { back, fromBack } from '../core/numbers';
import type { SubjectContext } from '../subjects/subject';
import type { FoldInput } from './family';

/**
 * What the consignment families share: a consignment as its list gives it, where a family that
 * reads its pieces stands with it (its watch), when an event of it is news, and its pieces'
 * facility entries.
 *
 * Pieces are read while a consignment is active, and once more after its deactivation is seen
 * (for what happened up to it). An event of the pieces (an entry, an exit, an arrival, a
 * completion) is news when it happened:
 * - after the family started watching (its activation; the previous poll for a consignment listed
 *   since; the consignment's activation for one that became active since, or that the family had
 *   seen inactive), and
 * - while the consignment was active: not after its deactivation, nor between a deactivation and
 *   the reactivation after it (the service shows only the last of each: a consignment deactivated
 *   and reactivated twice between two reads of it shows the family only the last pair), and
 * - within the late-readings window at first sight (by the service's clock; for a consignment
 *   listed after the family started, at its first listing).
 */

const time = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : Number.NaN);

/** An `activated` or `deactivated` record: when, as the service wrote it, and where. */
export interface StateChange {
	at: number;
	when: string;
	facility?: IDataObject;
}

/** A consignment's fields the families use, from the list's record. */
export interface Shipment {
	id: string;
	trackingRef: string | null;
	active: boolean;
	activated?: StateChange;
	deactivated?: StateChange;
	destination?: { facilityId: string; facilityName: string | null };
}

function stateChange(record: unknown): StateChange | undefined {
	const object = record as IDataObject | undefined;
	const at = time(object?.when);
	if (Number.isNaN(at)) return undefined;
	const where = object?.where as IDataObject | undefined;
	const facility = where?.facility;
	return {
		at,
		when: object!.when as string,
		facility: facility && typeof facility === 'object' ? (facility as IDataObject) : undefined,
	};
}

export function shipmentOf(id: string, item: IDataObject): Shipment {
	const activated = stateChange(item.activated);
	const deactivated = stateChange(item.deactivated);
	const facility = (item.destination as IDataObject | undefined)?.facility as
		| IDataObject
		| undefined;
	return {
		id,
		trackingRef: typeof item.trackingRef === 'string' ? item.trackingRef : null,
		// isActive is optional: without it, the later of the two records says.
		active:
			typeof item.isActive === 'boolean'
				? item.isActive
				: activated !== undefined && (deactivated === undefined || activated.at > deactivated.at),
		activated,
		deactivated,
		destination:
			typeof facility?.id === 'string' && facility.id !== ''
				? {
						facilityId: facility.id,
						facilityName: typeof facility.name === 'string' ? facility.name : null,
					}
				: undefined,
	};
}

/** The facility of an `activated`/`deactivated` record, as event fields. */
export const placeOf = (change: StateChange | undefined): IDataObject => ({
	facilityId: typeof change?.facility?.id === 'string' ? change.facility.id : null,
	facilityName: typeof change?.facility?.name === 'string' ? change.facility.name : null,
});

/** Where a family that reads a consignment's pieces stands with it. */
export interface Watch {
	/** Events at or before this time (epoch ms, whole seconds) are not news; absent: none held back. */
	from?: number;
	/**
	 * The consignment is inactive and the read after this deactivation (epoch ms; null: none
	 * recorded) was folded: nothing more to read until it is active again.
	 */
	done?: number | null;
}

/**
 * Whether the pieces must be read: while the consignment is active, and once after a
 * deactivation that came after the family started watching it.
 */
export function wantsPieces(shipment: Shipment, context: SubjectContext<{ watch: Watch }>) {
	if (shipment.active) return true;
	const deactivated = shipment.deactivated?.at;
	if (deactivated === undefined || deactivated <= context.quietUntil) return false;
	return context.memory?.watch.done !== deactivated;
}

/** When an event of this consignment is news at this poll (see the header). */
export interface News {
	/** Events at or before it are not news (epoch ms, whole seconds). */
	from: number;
	/** Events first seen at or before it are older than the window. */
	floor: number;
	isNews(at: number, firstSight: boolean): boolean;
	/** The watch to keep after this poll (`read`: the pieces were read). */
	after(read: boolean): Watch;
}

export function newsOf(
	shipment: Shipment,
	input: Pick<
		FoldInput<{ watch: Watch }, unknown, unknown>,
		'memory' | 'quietUntil' | 'firstListed' | 'now' | 'windowS'
	>,
): News {
	const watch = input.memory?.watch;
	const activated = shipment.activated?.at;
	const deactivated = shipment.deactivated?.at;
	// Listed since the start (or its first read cut): what came before its activation is old.
	const joined = input.firstListed;
	const reactivated =
		watch?.done !== undefined && activated !== undefined && activated > (watch.done ?? -Infinity);
	let quiet = Math.max(input.quietUntil, watch?.from ?? Number.NEGATIVE_INFINITY);
	if (activated !== undefined && (joined || reactivated)) quiet = Math.max(quiet, activated);
	// What the family starts with is seeded up to this poll.
	const from = Math.floor(Math.min(quiet, input.now) / 1000) * 1000;
	// News first seen older than the window is not; for a consignment listed since the start, the
	// window is measured from its first listing (quietUntil), however many polls its reads took.
	const window = input.now - input.windowS * 1000;
	const floor = joined ? Math.min(window, input.quietUntil) : window;
	const excluded = (at: number) =>
		shipment.active
			? deactivated !== undefined &&
				activated !== undefined &&
				activated > deactivated &&
				at > deactivated &&
				at <= activated
			: deactivated === undefined || at > deactivated;
	return {
		from,
		floor,
		isNews: (at, firstSight) => at > from && !excluded(at) && (!firstSight || at > floor),
		after: (read) => {
			if (!shipment.active) {
				// Inactive: done once read after its deactivation, or when there was nothing to read.
				const nothingToRead = deactivated === undefined || deactivated <= input.quietUntil;
				if (read || nothingToRead || watch?.done === deactivated)
					return { done: deactivated ?? null };
			}
			return from > floor ? { from } : {};
		},
	};
}

/** A watch as the head of a family's part of the saved state: `f<from>`, `!<done>`, `!`, or ''. */
export function encodeWatch(watch: Watch, base: number): string {
	if (watch.done === null) return '!';
	if (watch.done !== undefined) return `!${back(watch.done / 1000, base)}`;
	return watch.from !== undefined ? `f${back(watch.from / 1000, base)}` : '';
}

export function decodeWatch(text: string, base: number): Watch {
	if (text === '!') return { done: null };
	const second = fromBack(text.slice(1), base);
	if (second === undefined) return {};
	if (text.startsWith('!')) return { done: second * 1000 };
	return text.startsWith('f') ? { from: second * 1000 } : {};
}

/** One entry of a piece's facility history. */
export interface PieceEntry {
	piece: IDataObject;
	entry: IDataObject;
	facilityId: string;
	enteredOn: number;
	exited: boolean;
	exitedOn?: number;
}

/** The facility entries of the pieces read; entries without a facility or a valid enteredOn are left out. */
export function entriesOf(pieces: IDataObject[]): PieceEntry[] {
	const entries: PieceEntry[] = [];
	for (const piece of pieces) {
		if (typeof piece?.id !== 'string') continue;
		const history = Array.isArray(piece.inFacilities) ? (piece.inFacilities as IDataObject[]) : [];
		for (const entry of history) {
			const enteredOn = time(entry?.enteredOn);
			if (typeof entry?.facilityId !== 'string' || Number.isNaN(enteredOn)) continue;
			const exitedOn = time(entry.exitedOn);
			entries.push({
				piece,
				entry,
				facilityId: entry.facilityId,
				enteredOn,
				exited: entry.hasExited === true || !Number.isNaN(exitedOn),
				exitedOn: Number.isNaN(exitedOn) ? undefined : exitedOn,
			});
		}
	}
	return entries;
}

/**
 * Each piece's first entry into a facility (a later re-entry changes nothing): the pieces that
 * have one, and how many pieces were read.
 */
function firstEntriesInto(pieces: IDataObject[], facilityId: string) {
	const first = new Map<string, PieceEntry>();
	for (const entry of entriesOf(pieces)) {
		if (entry.facilityId !== facilityId) continue;
		const id = entry.piece.id as string;
		const known = first.get(id);
		if (!known || entry.enteredOn < known.enteredOn) first.set(id, entry);
	}
	const total = new Set(pieces.map((piece) => piece?.id).filter((id) => typeof id === 'string'));
	return { entries: [...first.values()], total: total.size };
}

/** The entry that came first (`earliest`) or last (`latest`) of some, undefined for none. */
export const earliestEntry = (entries: PieceEntry[]) =>
	entries.reduce<PieceEntry | undefined>(
		(a, b) => (a === undefined || b.enteredOn < a.enteredOn ? b : a),
		undefined,
	);
export const latestEntry = (entries: PieceEntry[]) =>
	entries.reduce<PieceEntry | undefined>(
		(a, b) => (a === undefined || b.enteredOn > a.enteredOn ? b : a),
		undefined,
	);

/**
 * A consignment as the destination families (arrivals, completions) see it: its destination, and
 * each piece's first entry into it among the pieces read (none read: no entries, and a total of
 * the pieces read, 0 when none were).
 */
export function towardsDestination(id: string, item: IDataObject, pieces: IDataObject[] = []) {
	const shipment = shipmentOf(id, item);
	const destination = shipment.destination;
	const { entries, total } = destination
		? firstEntriesInto(pieces, destination.facilityId)
		: { entries: [] as PieceEntry[], total: pieces.length };
	return { shipment, destination, entries, total };
}

/**
 * Whether a destination family reads the pieces of a consignment it has not settled (its watch:
 * undefined once settled): only one with a destination, and as its watch asks.
 */
export function wantsDestinationPieces(
	context: SubjectContext<unknown>,
	watch: { watch: Watch } | undefined,
): boolean {
	const shipment = shipmentOf(context.subject.id, context.subject.item);
	return shipment.destination !== undefined && wantsPieces(shipment, { ...context, memory: watch });
}

/** The fields every consignment event starts with. */
export const consignmentFields = (shipment: Shipment): IDataObject => ({
	consignmentId: shipment.id,
	trackingRef: shipment.trackingRef,
});
