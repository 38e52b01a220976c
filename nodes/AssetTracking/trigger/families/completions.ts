import type { IDataObject } from 'n8n-workflow';

import { consignments, piecesRead } from '../subjects/consignments';
import { serviceTimestamp } from '../core/timestamp';
import { consignmentOf, text } from './words';
import type { EventFamily, TriggerEvent } from './family';
import {
	consignmentFields,
	decodeWatch,
	encodeWatch,
	latestEntry,
	newsOf,
	towardsDestination,
	wantsDestinationPieces,
	type Watch,
} from './shipments';

/** Per consignment: completed (nothing more to read or emit), or its watch until then. */
type CompletionMemory = { completed: true } | { completed?: false; watch: Watch };

const watchOf = (memory: CompletionMemory | undefined) =>
	memory && !memory.completed ? { watch: memory.watch } : undefined;

/**
 * A consignment complete at its destination: the moment every piece has an entry into the
 * destination facility (`completedAt`: the latest of the pieces' first entries there), once per
 * consignment. A consignment without pieces never completes. When it is news: shipments.ts.
 */
export const completions: EventFamily<CompletionMemory, undefined, { pieces: IDataObject[] }> = {
	name: 'completions',
	events: [
		{
			value: 'consignmentCompleted',
			name: 'Consignment Completed',
			description:
				'Every piece of a watched consignment has entered its destination facility (once per consignment)',
		},
	],
	settings: () => undefined,
	kind: consignments,
	reads: [
		{
			of: piecesRead,
			wanted: (context) =>
				!context.memory?.completed && wantsDestinationPieces(context, watchOf(context.memory)),
		},
	],
	fold: (input) => {
		if (input.memory?.completed) return { memory: input.memory, events: [] };
		const { shipment, destination, entries, total } = towardsDestination(
			input.subject.id,
			input.subject.item,
			input.read.pieces,
		);
		const news = newsOf(shipment, { ...input, memory: watchOf(input.memory) });
		const watch = news.after(input.read.pieces !== undefined);
		const last = latestEntry(entries);
		if (destination === undefined || last === undefined || entries.length < total)
			return { memory: { watch }, events: [] };
		const events: TriggerEvent[] = [];
		if (news.isNews(last.enteredOn, true)) {
			events.push({
				event: 'consignmentCompleted',
				id: String(last.entry.enteredOn),
				at: last.enteredOn,
				fields: {
					...consignmentFields(shipment),
					facilityId: destination.facilityId,
					completedAt: last.entry.enteredOn,
					piecesTotal: total,
				},
			});
		}
		return { memory: { completed: true }, events };
	},
	// Its last piece's first entry into the destination when read, else completion now.
	sample: (_event, { subject, now, read: { pieces: own } }) => {
		const { shipment, destination, entries, total } = towardsDestination(
			subject.id,
			subject.item,
			own,
		);
		const last = latestEntry(entries);
		return {
			...consignmentFields(shipment),
			facilityId: destination?.facilityId ?? null,
			completedAt: last?.entry.enteredOn ?? serviceTimestamp(now),
			piecesTotal: Math.max(total, 1),
		};
	},
	summary: (item, words) =>
		`${consignmentOf(item)} is complete: all ${text(item.piecesTotal, '?')} pieces in facility ${text(item.facilityName ?? item.facilityId, 'unknown')} ${words.at(item.completedAt)}`,
	encode: (memory, base) => (memory.completed ? 'C' : encodeWatch(memory.watch, base)),
	decode: (text, base) =>
		text === 'C' ? { completed: true } : { completed: false, watch: decodeWatch(text, base) },
};
