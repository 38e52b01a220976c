import type { IDataObject } from 'n8n-workflow';

import { numberOption, rules } from '../../helpers/validation';
import { secondOf } from '../core/identity';
import { back, fromBack } from '../core/numbers';
import { serviceTimestamp } from '../core/timestamp';
import { consignments, piecesRead } from '../subjects/consignments';
import type { EventFamily, TriggerEvent } from './family';
import { consignmentFields, shipmentOf, towardsDestination, type Shipment } from './shipments';
import { consignmentOf, text } from './words';

const HOUR = 3_600_000;
const LABEL = 'Deliver Within (Hours)';

interface OverdueSettings {
	/** Deliver Within, in ms. */
	withinMs: number;
	/** Version 6: a sample is overdue in its counts too (fewer pieces arrived than in all). */
	consistentSample: boolean;
}

/** The second of the last activation settled (emitted, seeded, delivered, or deactivated in time). */
type OverdueMemory = number;

/** An activation whose `dueAt` is still to be judged. */
interface Activation {
	shipment: Shipment;
	at: number;
	when: string;
	dueAt: number;
	/** Deactivated at or before dueAt (after this activation): never overdue. */
	stopped: boolean;
}

/** The consignment's last activation, when it has one and a destination facility. */
function activationOf(id: string, item: IDataObject, settings: OverdueSettings) {
	const shipment = shipmentOf(id, item);
	const activated = shipment.activated;
	if (!activated || !shipment.destination) return undefined;
	const dueAt = activated.at + settings.withinMs;
	const deactivated = shipment.deactivated?.at;
	const after = deactivated !== undefined && deactivated > activated.at;
	return {
		shipment,
		at: activated.at,
		when: activated.when,
		dueAt,
		// Inactive with no deactivation after this activation: not active since, as far as it shows.
		stopped: after ? deactivated <= dueAt : !shipment.active,
	} satisfies Activation;
}

/** Where news starts for a consignment: the activation poll's clock while the family starts. */
const startOf = (quietUntil: number, now: number) =>
	quietUntil === Number.POSITIVE_INFINITY ? now : quietUntil;

/**
 * Overdue shipments (version 5): a consignment with a destination facility that is not complete
 * there (the consignmentCompleted rule: every piece has entered it) at `dueAt` = `activated.when`
 * + Deliver Within, and was not deactivated at or before `dueAt`, emits consignmentOverdue once
 * per activation, at the first poll whose service clock has passed `dueAt` (the pieces are read
 * then, once). `piecesArrived`: the pieces whose first entry into the destination is at or before
 * `dueAt`. A `dueAt` at or before the activation poll's clock (the family's start) seeds; for a
 * consignment listed since, one older than the late-readings window is not news either. The
 * memory: the activation settled.
 */
export const overdue: EventFamily<OverdueMemory, OverdueSettings, { pieces: IDataObject[] }> = {
	name: 'overdue',
	events: [
		{
			value: 'consignmentOverdue',
			name: 'Consignment Overdue',
			since: 5,
			description:
				'A watched consignment was not complete at its destination within Deliver Within of its activation (once per activation)',
		},
	],
	options: [
		{
			displayName: LABEL,
			name: 'deliverWithinHours',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 2 },
			default: 0,
			description:
				'A consignment not complete at its destination this many hours after its activation emits Consignment Overdue (48: a shipment not delivered within two days). 0 = off.',
			displayOptions: {
				show: { '@version': [{ _cnd: { gte: 5 } }], '/events': ['consignmentOverdue'] },
			},
		},
	],
	settings: ({ node, options, rules: rulebook }) => {
		const hours =
			numberOption(node, `"${LABEL}"`, options, 'deliverWithinHours', rules.number(0, 8_760)) ?? 0;
		return { withinMs: Math.round(hours * HOUR), consistentSample: rulebook.roomsNamed };
	},
	needs: (_event, settings) =>
		settings.withinMs === 0 ? `"${LABEL}" (Options) above 0` : undefined,
	kind: consignments,
	reads: [
		{
			of: piecesRead,
			wanted: ({ subject, memory, quietUntil, now }, settings) => {
				const a = activationOf(subject.id, subject.item, settings);
				if (!a || a.stopped || memory === secondOf(a.at)) return false;
				const clock = now ?? Number.POSITIVE_INFINITY;
				return clock > a.dueAt && a.dueAt > startOf(quietUntil, clock);
			},
		},
	],
	fold: ({ subject, settings, memory, quietUntil, now, read, started }) => {
		const a = activationOf(subject.id, subject.item, settings);
		if (!a) return { memory, events: [] };
		const settled = secondOf(a.at);
		if (memory === settled) return { memory, events: [] };
		// Due at or before the family started seeds, also for a consignment listed since then.
		const news = Math.max(startOf(quietUntil, now), (started ?? -Infinity) * 1000);
		if (a.stopped || a.dueAt <= news) return { memory: settled, events: [] };
		// Not due yet, or due and its pieces not read this poll: judged at a later poll.
		if (now <= a.dueAt || read.pieces === undefined) return { memory, events: [] };
		const { destination, entries, total } = towardsDestination(
			subject.id,
			subject.item,
			read.pieces,
		);
		const arrived = entries.filter((e) => e.enteredOn <= a.dueAt).length;
		const events: TriggerEvent[] = [];
		if (total === 0 || arrived < total) {
			events.push({
				event: 'consignmentOverdue',
				at: a.dueAt,
				id: a.when,
				fields: overdueFields(a, destination, arrived, total),
			});
		}
		return { memory: settled, events };
	},
	sample: (_event, { subject, settings, now, read }) => {
		const found = activationOf(subject.id, subject.item, settings);
		const shipment = found?.shipment ?? shipmentOf(subject.id, subject.item);
		const at = found?.at ?? now - settings.withinMs;
		const a = found ?? { shipment, at, when: serviceTimestamp(at), dueAt: now, stopped: false };
		const { destination, entries, total } = towardsDestination(
			subject.id,
			subject.item,
			read.pieces,
		);
		const arrived = entries.filter((e) => e.enteredOn <= a.dueAt).length;
		// Version 6: a consignment complete by its due time is no overdue one: the sample assumes one
		// piece still missing, and says so.
		if (settings.consistentSample && arrived >= total)
			return {
				...overdueFields(a, destination, Math.max(0, total - 1), Math.max(total, 1)),
				assumed: `one piece not arrived by the due time (${arrived} of ${total} had)`,
			};
		return overdueFields(a, destination, arrived, total);
	},
	summary: (item, words) => {
		const hours = (Date.parse(String(item.dueAt)) - Date.parse(String(item.activatedAt))) / HOUR;
		return `${consignmentOf(item)} is overdue: not delivered to facility ${text(item.facilityName ?? item.facilityId, 'unknown')} within ${Number.isFinite(hours) ? Math.round(hours * 100) / 100 : '?'} h of its activation (due ${words.time(item.dueAt)}; ${text(item.piecesArrived, '?')} of ${text(item.piecesTotal, '?')} pieces arrived)`;
	},
	encode: (second, base) => back(second, base),
	decode: (encoded, base) => fromBack(encoded, base),
};

function overdueFields(
	a: Activation,
	destination: Shipment['destination'],
	arrived: number,
	total: number,
): IDataObject {
	return {
		...consignmentFields(a.shipment),
		facilityId: destination?.facilityId ?? null,
		facilityName: destination?.facilityName ?? null,
		activatedAt: a.when,
		dueAt: serviceTimestamp(a.dueAt),
		piecesArrived: arrived,
		piecesTotal: total,
	};
}
