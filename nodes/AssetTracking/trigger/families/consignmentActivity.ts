import { secondOf } from '../identity';
import { back, fromBack } from '../state/numbers';
import { consignments } from '../subjects/consignments';
import type { SubjectFamily } from '../subjects/subject';
import type { TriggerEvent } from './family';
import { consignmentFields, placeOf, shipmentOf, type StateChange } from './shipments';

/** The `when` of the consignment's last activation and deactivation seen (epoch ms). */
interface ActivityMemory {
	activated?: number;
	deactivated?: number;
}

/**
 * Consignments activated and deactivated: the list shows each one's last `activated` and
 * `deactivated` record, so a record with a `when` not seen before is news, once per consignment
 * and `when` (a consignment activated and deactivated between two polls emits both, in time
 * order; one that flips twice between two polls shows only its last pair). News first seen
 * older than the late-readings window is not. The list is read every poll anyway: no request.
 */
export const consignmentActivity: SubjectFamily<ActivityMemory> = {
	name: 'consignmentActivity',
	events: [
		{
			value: 'consignmentActivated',
			name: 'Consignment Activated',
			description: 'A watched consignment was activated (once per activation)',
		},
		{
			value: 'consignmentDeactivated',
			name: 'Consignment Deactivated',
			description: 'A watched consignment was deactivated (once per deactivation)',
		},
	],
	settings: () => undefined,
	subject: consignments,
	fold: ({ subject, memory, quietUntil, now, windowS }) => {
		const shipment = shipmentOf(subject.id, subject.item);
		const news = Math.max(quietUntil, now - windowS * 1000);
		const events: TriggerEvent[] = [];
		const note = (event: string, field: string, change: StateChange | undefined, seen?: number) => {
			if (change === undefined || !(change.at > news)) return;
			if (seen !== undefined && secondOf(change.at) === secondOf(seen)) return;
			events.push({
				event,
				at: change.at,
				fields: { ...consignmentFields(shipment), [field]: change.when, ...placeOf(change) },
			});
		};
		note('consignmentActivated', 'activatedAt', shipment.activated, memory?.activated);
		note('consignmentDeactivated', 'deactivatedAt', shipment.deactivated, memory?.deactivated);
		const next = { activated: shipment.activated?.at, deactivated: shipment.deactivated?.at };
		const empty = next.activated === undefined && next.deactivated === undefined;
		return { memory: empty ? undefined : next, events: events.sort((a, b) => a.at - b.at) };
	},
	encode: (memory, base) =>
		[memory.activated, memory.deactivated]
			.map((ms) => (ms === undefined ? '' : back(secondOf(ms), base)))
			.join(','),
	decode: (text, base) => {
		const [activated, deactivated] = text
			.split(',')
			.map((part) => (part === '' ? undefined : fromBack(part, base)))
			.map((second) => (second === undefined ? undefined : second * 1000));
		return { activated, deactivated };
	},
};
