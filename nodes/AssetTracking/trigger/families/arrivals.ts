import type { IDataObject } from 'n8n-workflow';

import { consignments, piecesRead } from '../subjects/consignments';
import { serviceTimestamp } from '../core/timestamp';
import { consignmentOf, text } from './words';
import type { EventFamily, TriggerEvent } from './family';
import {
	consignmentFields,
	decodeWatch,
	earliestEntry,
	encodeWatch,
	newsOf,
	towardsDestination,
	wantsDestinationPieces,
	type Watch,
} from './shipments';

/** Per consignment: arrived (nothing more to read or emit), or its watch until then. */
type ArrivalMemory = { arrived: true } | { arrived?: false; watch: Watch };

const watchOf = (memory: ArrivalMemory | undefined) =>
	memory && !memory.arrived ? { watch: memory.watch } : undefined;

/**
 * A consignment arriving at its destination (`destination.facility`): its first piece entry into
 * that facility, once per consignment. `piecesArrived` counts the pieces whose first entry there
 * is at that moment or before it (pieces arriving together), `piecesTotal` the pieces read. When it
 * is news: shipments.ts. An arrival first seen in a read is the earliest entry that read shows; a
 * piece entry that appears later with an earlier time changes nothing.
 */
export const arrivals: EventFamily<ArrivalMemory, undefined, { pieces: IDataObject[] }> = {
	name: 'arrivals',
	events: [
		{
			value: 'consignmentArrived',
			name: 'Consignment Arrived',
			description:
				'The first piece of a watched consignment entered its destination facility (once per consignment)',
		},
	],
	settings: () => undefined,
	kind: consignments,
	reads: [
		{
			of: piecesRead,
			wanted: (context) =>
				!context.memory?.arrived && wantsDestinationPieces(context, watchOf(context.memory)),
		},
	],
	fold: (input) => {
		if (input.memory?.arrived) return { memory: input.memory, events: [] };
		const { shipment, destination, entries, total } = towardsDestination(
			input.subject.id,
			input.subject.item,
			input.read.pieces,
		);
		const news = newsOf(shipment, { ...input, memory: watchOf(input.memory) });
		const watch = news.after(input.read.pieces !== undefined);
		const first = earliestEntry(entries);
		if (destination === undefined || first === undefined) return { memory: { watch }, events: [] };
		const events: TriggerEvent[] = [];
		if (news.isNews(first.enteredOn, true)) {
			events.push({
				event: 'consignmentArrived',
				id: String(first.entry.enteredOn),
				at: first.enteredOn,
				fields: {
					...consignmentFields(shipment),
					facilityId: destination.facilityId,
					facilityName: destination.facilityName ?? first.entry.facilityName ?? null,
					arrivedAt: first.entry.enteredOn,
					piecesArrived: entries.filter((e) => e.enteredOn <= first.enteredOn).length,
					piecesTotal: total,
				},
			});
		}
		return { memory: { arrived: true }, events };
	},
	// Its real first entry into the destination when read, else one piece arriving now.
	sample: (_event, { subject, now, read: { pieces: own } }) => {
		const { shipment, destination, entries, total } = towardsDestination(
			subject.id,
			subject.item,
			own,
		);
		const first = earliestEntry(entries);
		return {
			...consignmentFields(shipment),
			facilityId: destination?.facilityId ?? null,
			facilityName: destination?.facilityName ?? first?.entry.facilityName ?? null,
			arrivedAt: first?.entry.enteredOn ?? serviceTimestamp(now),
			piecesArrived: first ? entries.filter((e) => e.enteredOn <= first.enteredOn).length : 1,
			piecesTotal: Math.max(total, 1),
		};
	},
	summary: (item, words) =>
		`${consignmentOf(item)} arrived at facility ${text(item.facilityName ?? item.facilityId, 'unknown')} ${words.at(item.arrivedAt)}: ${text(item.piecesArrived, '?')} of ${text(item.piecesTotal, '?')} pieces`,
	encode: (memory, base) => (memory.arrived ? 'A' : encodeWatch(memory.watch, base)),
	decode: (text, base) =>
		text === 'A' ? { arrived: true } : { arrived: false, watch: decodeWatch(text, base) },
};
