import type { IDataObject } from 'n8n-workflow';

import { consignments, piecesRead } from '../subjects/consignments';
import type { SubjectFamily } from '../subjects/subject';
import { serviceTimestamp } from '../timestamp';
import { at, consignmentOf, text } from '../words';
import type { TriggerEvent } from './family';
import {
	consignmentFields,
	decodeWatch,
	encodeWatch,
	firstEntriesInto,
	newsOf,
	shipmentOf,
	wantsPieces,
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
export const completions: SubjectFamily<CompletionMemory, undefined, IDataObject[]> = {
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
	subject: consignments,
	read: {
		of: piecesRead,
		wanted: (context) => {
			if (context.memory?.completed) return false;
			const shipment = shipmentOf(context.subject.id, context.subject.item);
			return (
				shipment.destination !== undefined &&
				wantsPieces(shipment, { ...context, memory: watchOf(context.memory) })
			);
		},
	},
	fold: (input) => {
		if (input.memory?.completed) return { memory: input.memory, events: [] };
		const shipment = shipmentOf(input.subject.id, input.subject.item);
		const news = newsOf(shipment, { ...input, memory: watchOf(input.memory) });
		const watch = news.after(input.own !== undefined);
		const destination = shipment.destination;
		const idle = { memory: { watch } as CompletionMemory, events: [] as TriggerEvent[] };
		if (input.own === undefined || destination === undefined) return idle;
		const { entries, total } = firstEntriesInto(input.own, destination.facilityId);
		if (total === 0 || entries.length < total) return idle;
		const last = entries.reduce((a, b) => (b.enteredOn > a.enteredOn ? b : a));
		const events: TriggerEvent[] = [];
		if (news.isNews(last.enteredOn, true)) {
			events.push({
				event: 'consignmentCompleted',
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
	sample: (_event, { subject, now, own }) => {
		const shipment = shipmentOf(subject.id, subject.item);
		const destination = shipment.destination;
		const { entries, total } = destination
			? firstEntriesInto(own ?? [], destination.facilityId)
			: { entries: [], total: (own ?? []).length };
		const last = entries.reduce<(typeof entries)[number] | undefined>(
			(a, b) => (a === undefined || b.enteredOn > a.enteredOn ? b : a),
			undefined,
		);
		return {
			...consignmentFields(shipment),
			facilityId: destination?.facilityId ?? null,
			completedAt: last?.entry.enteredOn ?? serviceTimestamp(now),
			piecesTotal: Math.max(total, 1),
		};
	},
	summary: (item) =>
		`${consignmentOf(item)} is complete: all ${text(item.piecesTotal, '?')} pieces in facility ${text(item.facilityId, 'unknown')} ${at(item.completedAt)}`,
	encode: (memory, base) => (memory.completed ? 'C' : encodeWatch(memory.watch, base)),
	decode: (text, base) =>
		text === 'C' ? { completed: true } : { completed: false, watch: decodeWatch(text, base) },
};
