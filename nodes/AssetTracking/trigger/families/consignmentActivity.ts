import { secondOf } from '../core/identity';
import { back, fromBack } from '../core/numbers';
import { consignments } from '../subjects/consignments';
import { serviceTimestamp } from '../core/timestamp';
import { consignmentOf, text } from './words';
import type { EventFamily, TriggerEvent } from './family';
import { consignmentFields, placeOf, shipmentOf, type Shipment } from './shipments';

/** What tells the two families apart: the record they watch and the field they name its time. */
interface Activity {
	name: string;
	event: string;
	displayName: string;
	description: string;
	verb: string;
	field: 'activatedAt' | 'deactivatedAt';
	record(shipment: Shipment): Shipment['activated'];
}

/**
 * Consignments activated, and consignments deactivated: two families (each at its place in the
 * Events list's lifecycle order: activation first, deactivation after the arrival and the
 * completion), one rule. The list shows each consignment's last `activated` and `deactivated`
 * record, so a record with a `when` not seen before is news, once per consignment and `when`
 * (one that flips twice between two polls shows only its last pair). News first seen older than
 * the late-readings window is not. The memory is the `when` of the last record seen (epoch ms).
 * The list is read every poll anyway: no request.
 */
function activity(a: Activity): EventFamily<number> {
	return {
		name: a.name,
		events: [{ value: a.event, name: a.displayName, description: a.description }],
		settings: () => undefined,
		kind: consignments,
		fold: ({ subject, memory, quietUntil, now, windowS }) => {
			const shipment = shipmentOf(subject.id, subject.item);
			const change = a.record(shipment);
			const news = Math.max(quietUntil, now - windowS * 1000);
			const events: TriggerEvent[] = [];
			const seen = memory !== undefined && change !== undefined;
			if (
				change !== undefined &&
				change.at > news &&
				!(seen && secondOf(change.at) === secondOf(memory))
			) {
				events.push({
					event: a.event,
					id: String(change.when),
					at: change.at,
					fields: { ...consignmentFields(shipment), [a.field]: change.when, ...placeOf(change) },
				});
			}
			return { memory: change?.at, events };
		},
		// The consignment's own record of the event, else one at the service's clock.
		sample: (_event, { subject, now }) => {
			const shipment = shipmentOf(subject.id, subject.item);
			const change = a.record(shipment);
			return {
				...consignmentFields(shipment),
				[a.field]: change?.when ?? serviceTimestamp(now),
				...placeOf(change ?? shipment.activated ?? shipment.deactivated),
			};
		},
		summary: (item, words) =>
			`${consignmentOf(item)} was ${a.verb} ${words.at(item[a.field])}${item.facilityId === null || item.facilityId === undefined ? '' : ` in facility ${text(item.facilityName ?? item.facilityId, '?')}`}`,
		encode: (ms, base) => back(secondOf(ms), base),
		decode: (text, base) => {
			const second = fromBack(text, base);
			return second === undefined ? undefined : second * 1000;
		},
	};
}

export const consignmentActivations = activity({
	name: 'consignmentActivations',
	event: 'consignmentActivated',
	displayName: 'Consignment Activated',
	description: 'A watched consignment was activated (once per activation)',
	verb: 'activated',
	field: 'activatedAt',
	record: (shipment) => shipment.activated,
});

export const consignmentDeactivations = activity({
	name: 'consignmentDeactivations',
	event: 'consignmentDeactivated',
	displayName: 'Consignment Deactivated',
	description: 'A watched consignment was deactivated (once per deactivation)',
	verb: 'deactivated',
	field: 'deactivatedAt',
	record: (shipment) => shipment.deactivated,
});
