import type { IDataObject } from 'n8n-workflow';

import { hash, secondOf } from '../core/identity';
import { consignments, piecesRead } from '../subjects/consignments';
import { serviceTimestamp } from '../core/timestamp';
import { subjectOf, text } from './words';
import type { EventFamily, TriggerEvent } from './family';
import {
	consignmentFields,
	decodeWatch,
	encodeWatch,
	entriesOf,
	newsOf,
	shipmentOf,
	wantsPieces,
	type News,
	type PieceEntry,
	type Shipment,
	type Watch,
} from './shipments';

/**
 * Per consignment: its watch, and a 4-character hash (piece, facility, enteredOn) of each entry
 * whose latest news (its entry, or its exit) is recent: after the watch's start and within the
 * late-readings window. Older entries need no memory: their entry is old news, and an exit
 * still to come is recent when it comes.
 */
interface PieceMemory {
	watch: Watch;
	entries: Map<string, 'open' | 'exited'>;
}

const KEY_LENGTH = 4;
const keyOf = (e: PieceEntry) =>
	hash(`${e.piece.id as string}|${e.facilityId}|${secondOf(e.enteredOn)}`, KEY_LENGTH);

/**
 * Pieces entering and leaving facilities, from the pieces' facility history
 * (`Piece.inFacilities`), as enteredFacility and leftFacility follow an asset's: an entry not seen
 * before emits pieceEnteredFacility; one whose hasExited turns true (or that appears already
 * exited) emits pieceLeftFacility, after its entry. When each is news: shipments.ts.
 */
export const pieceMovements: EventFamily<PieceMemory, undefined, { pieces: IDataObject[] }> = {
	name: 'pieceMovements',
	events: [
		{
			value: 'pieceEnteredFacility',
			name: 'Piece Entered Facility',
			description: 'A piece of a watched consignment entered a facility (once per entry)',
		},
		{
			value: 'pieceLeftFacility',
			name: 'Piece Left Facility',
			description: 'A piece of a watched consignment left a facility (once per entry)',
		},
	],
	settings: () => undefined,
	kind: consignments,
	reads: [
		{
			of: piecesRead,
			wanted: (context) =>
				wantsPieces(shipmentOf(context.subject.id, context.subject.item), context),
		},
	],
	fold: (input) => {
		const shipment = shipmentOf(input.subject.id, input.subject.item);
		const news = newsOf(shipment, input);
		// Not read: inactive, and what it held is folded; nothing moves until it is active again.
		const watch = news.after(input.read.pieces !== undefined);
		return foldEntries(shipment, input.read.pieces ?? [], input.memory, news, input.now, watch);
	},
	sample: (event, { subject, now, read: { pieces: own } }) => {
		const shipment = shipmentOf(subject.id, subject.item);
		const left = event === 'pieceLeftFacility';
		// The newest entry of its pieces (for a departure, an exited one if any; an open one leaves now).
		const entries = entriesOf(own ?? []).sort((a, b) => a.enteredOn - b.enteredOn);
		const entry = (left ? entries.filter((e) => e.exited).at(-1) : undefined) ?? entries.at(-1);
		if (entry) {
			const fields = pieceFields(shipment, entry, left);
			if (left && (fields.exitedOn === null || fields.exitedOn === undefined))
				fields.exitedOn = serviceTimestamp(now);
			return fields;
		}
		// No entry read: its first piece, at its destination, an hour ago.
		const piece = (own ?? []).find((p) => typeof p?.id === 'string') ?? {};
		const fields: IDataObject = {
			...consignmentFields(shipment),
			pieceId: typeof piece.id === 'string' ? piece.id : null,
			pieceTrackingRef: typeof piece.trackingRef === 'string' ? piece.trackingRef : null,
			facilityId: shipment.destination?.facilityId ?? null,
			facilityName: shipment.destination?.facilityName ?? null,
			userFacilityId: null,
			enteredOn: serviceTimestamp(now - 60 * 60_000),
		};
		if (left) fields.exitedOn = serviceTimestamp(now);
		return fields;
	},
	summary: (item, words) =>
		`${subjectOf('Piece', item.pieceTrackingRef, item.pieceId)} of consignment ${text(item.trackingRef ?? item.consignmentId, 'unknown')} ${item.event === 'pieceLeftFacility' ? 'left' : 'entered'} facility ${text(item.facilityName ?? item.facilityId, 'unknown')} ${words.at(item.event === 'pieceLeftFacility' ? item.exitedOn : item.enteredOn)}`,
	encode: (memory, base) => {
		const open: string[] = [];
		const exited: string[] = [];
		for (const [key, state] of memory.entries) (state === 'open' ? open : exited).push(key);
		const head = encodeWatch(memory.watch, base);
		return memory.entries.size === 0 ? head : `${head}:${open.join('')}.${exited.join('')}`;
	},
	decode: (text, base) => {
		const colon = text.indexOf(':');
		const watch = decodeWatch(colon === -1 ? text : text.slice(0, colon), base);
		const entries = new Map<string, 'open' | 'exited'>();
		if (colon !== -1) {
			const [open = '', exited = ''] = text.slice(colon + 1).split('.');
			for (let i = 0; i + KEY_LENGTH <= open.length; i += KEY_LENGTH)
				entries.set(open.slice(i, i + KEY_LENGTH), 'open');
			for (let i = 0; i + KEY_LENGTH <= exited.length; i += KEY_LENGTH)
				entries.set(exited.slice(i, i + KEY_LENGTH), 'exited');
		}
		return { watch, entries };
	},
};

/** An entry's item fields (`exitedOn` for a departure: null when the service gives no time). */
function pieceFields(shipment: Shipment, e: PieceEntry, exited: boolean): IDataObject {
	const fields: IDataObject = {
		...consignmentFields(shipment),
		pieceId: e.piece.id,
		pieceTrackingRef: typeof e.piece.trackingRef === 'string' ? e.piece.trackingRef : null,
		facilityId: e.facilityId,
		facilityName: e.entry.facilityName ?? null,
		userFacilityId: e.entry.userFacilityId ?? null,
		enteredOn: e.entry.enteredOn,
	};
	if (exited) fields.exitedOn = e.entry.exitedOn ?? null;
	return fields;
}

function foldEntries(
	shipment: Shipment,
	pieces: IDataObject[],
	memory: PieceMemory | undefined,
	news: News,
	now: number,
	watch: Watch,
) {
	const events: TriggerEvent[] = [];
	const entries = new Map<string, 'open' | 'exited'>();
	// Memory is kept only for entries whose latest news is after both of these.
	const remember = Math.max(news.floor, news.from);
	const emit = (event: string, at: number, e: PieceEntry, exited: boolean) =>
		events.push({
			event,
			id: `${e.piece.id as string}@${e.facilityId}@${secondOf(e.enteredOn)}`,
			at,
			fields: pieceFields(shipment, e, exited),
		});
	for (const e of entriesOf(pieces)) {
		const key = keyOf(e);
		if (entries.has(key)) continue;
		const known = memory?.entries.get(key);
		// An exit the service gives no time for counts from the poll that sees it.
		const exitedAt = e.exitedOn ?? now;
		if (known === undefined) {
			if (news.isNews(e.enteredOn, true)) emit('pieceEnteredFacility', e.enteredOn, e, false);
			if (e.exited && news.isNews(exitedAt, true)) emit('pieceLeftFacility', exitedAt, e, true);
		} else if (known === 'open' && e.exited && news.isNews(exitedAt, false)) {
			emit('pieceLeftFacility', exitedAt, e, true);
		}
		if ((e.exited ? exitedAt : e.enteredOn) > remember)
			entries.set(key, e.exited ? 'exited' : 'open');
	}
	// Done (inactive): nothing is read until a reactivation, and that starts from its activation.
	if (watch.done !== undefined) entries.clear();
	const empty = entries.size === 0 && watch.done === undefined && watch.from === undefined;
	return { memory: empty ? undefined : { watch, entries }, events };
}
