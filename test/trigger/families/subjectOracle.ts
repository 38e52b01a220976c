// The independent ground truth of issue 27: which consignment, piece, asset-group and printer
// events the trigger must emit, computed from the simulator's plans (what it scheduled to happen,
// and when) by the rules. Imports nothing from nodes/: if the trigger's rules drift, the
// scenario tests see it.
//
// The rules, as the oracle reads them:
// - what exists at the activation seeds: only what happens after it is news; a consignment first
//   listed later (moved into the workspace mid-route) is news back to the late-readings window
//   before the poll that first lists it;
// - a piece event (an entry, an exit, an arrival, a completion) is news only while its
//   consignment is active: after an activation, up to the deactivation after it;
// - a consignment's arrival is the first entry of any of its pieces into its destination, its
//   completion the latest of the pieces' first entries there, once all pieces have one;
// - a printer's or a group's event is a change of its known value between two polls that read it
//   (a printer or group first seen after the activation: its first known value is news).
import type { GroupPlan, PrinterPlan, ShipmentPlan } from '../../../simulator';
import type { ExpectedEvent } from './oracle';

const ms = (iso: string) => Date.parse(iso);
const iso = (t: number) => new Date(t).toISOString();

/** Identity keys, shared by the oracle and by the reading of emitted items. */
export const subjectKeys = {
	activity: (consignmentId: string, event: string, when: string) =>
		`${consignmentId}|${event}|${ms(when)}`,
	piece: (
		consignmentId: string,
		event: string,
		pieceId: string,
		facilityId: string,
		enteredOn: string,
	) => `${consignmentId}|${event}|${pieceId}|${facilityId}|${ms(enteredOn)}`,
	shipment: (consignmentId: string, event: string) => `${consignmentId}|${event}`,
	printer: (printerId: string, event: string, observedAt: string) =>
		`${printerId}|${event}|${ms(observedAt)}`,
	/** A group's event by the time of the change it reports (see groupChanges). */
	group: (groupId: string, event: string, changedAt: number | undefined) =>
		`${groupId}|${event}|${changedAt ?? 'none'}`,
};

export interface FacilityNames {
	get(id: string): { name: string; userFacilityId?: string } | undefined;
}

/** Whether the consignment was active at `t`: its last change before `t` is an activation. */
export function activeAt(plan: ShipmentPlan, t: number): boolean {
	let active = false;
	for (const change of plan.changes) if (change.at < t) active = change.active;
	return active;
}

/**
 * Every event of one consignment the trigger must emit between the activation and `upTo`. One
 * moved into the workspace mid-route (`movedInAt`) is first listed by the first poll at or after
 * its move (`listedAt`): what happened before that is news back to the late-readings window
 * (`windowMs`) from that poll, even from before the activation (the rule: a consignment first seen
 * after the activation is news; news older than the window at first sight is not).
 */
export function expectedShipment(
	plan: ShipmentPlan,
	facilities: FacilityNames,
	activatedAt: number,
	upTo: number,
	listed?: { listedAt: number; windowMs: number },
): ExpectedEvent[] {
	const out: ExpectedEvent[] = [];
	// News from the activation on; for a consignment listed later, from the window before its
	// first listing, whether or not that reaches back before the activation.
	const since =
		plan.movedInAt !== undefined && listed ? listed.listedAt - listed.windowMs : activatedAt;
	const news = (t: number) => t > since && t <= upTo && activeAt(plan, t);
	const base = { trackingRef: plan.trackingRef };
	const place = (facilityId: string | undefined) => ({
		facilityId: facilityId ?? null,
		facilityName: facilityId ? (facilities.get(facilityId)?.name ?? null) : null,
	});
	for (const change of plan.changes) {
		if (change.at <= since || change.at > upTo) continue;
		const event = change.active ? 'consignmentActivated' : 'consignmentDeactivated';
		out.push({
			key: subjectKeys.activity(plan.id, event, iso(change.at)),
			event,
			assetId: plan.id,
			fields: {
				...base,
				[change.active ? 'activatedAt' : 'deactivatedAt']: iso(change.at),
				...place(change.facilityId),
			},
		});
	}
	for (const piece of plan.pieces) {
		for (const stay of piece.stays) {
			const fields = {
				...base,
				pieceTrackingRef: piece.trackingRef,
				facilityName: facilities.get(stay.facilityId)?.name ?? null,
				userFacilityId: facilities.get(stay.facilityId)?.userFacilityId ?? null,
			};
			const key = (event: string) =>
				subjectKeys.piece(plan.id, event, piece.id, stay.facilityId, iso(stay.enteredOn));
			if (news(stay.enteredOn))
				out.push({
					key: key('pieceEnteredFacility'),
					event: 'pieceEnteredFacility',
					assetId: plan.id,
					fields,
				});
			if (stay.exitedOn !== null && news(stay.exitedOn))
				out.push({
					key: key('pieceLeftFacility'),
					event: 'pieceLeftFacility',
					assetId: plan.id,
					fields: { ...fields, exitedOn: iso(stay.exitedOn) },
				});
		}
	}
	const destination = plan.destination?.facilityId;
	if (destination === undefined) return out;
	// Each piece's first entry into the destination, as far as it happened by upTo.
	const firsts: number[] = [];
	for (const piece of plan.pieces) {
		const entries = piece.stays
			.filter((s) => s.facilityId === destination && s.enteredOn <= upTo)
			.map((s) => s.enteredOn);
		if (entries.length > 0) firsts.push(Math.min(...entries));
	}
	if (firsts.length === 0) return out;
	const arrivedAt = Math.min(...firsts);
	if (news(arrivedAt))
		out.push({
			key: subjectKeys.shipment(plan.id, 'consignmentArrived'),
			event: 'consignmentArrived',
			assetId: plan.id,
			fields: {
				...base,
				...place(destination),
				arrivedAt: iso(arrivedAt),
				piecesArrived: firsts.filter((t) => t <= arrivedAt).length,
				piecesTotal: plan.pieces.length,
			},
		});
	const completedAt = Math.max(...firsts);
	if (firsts.length === plan.pieces.length && news(completedAt))
		out.push({
			key: subjectKeys.shipment(plan.id, 'consignmentCompleted'),
			event: 'consignmentCompleted',
			assetId: plan.id,
			fields: {
				...base,
				facilityId: destination,
				completedAt: iso(completedAt),
				piecesTotal: plan.pieces.length,
			},
		});
	return out;
}

/**
 * A printer's events: at every poll that read the printer list (the activation first), its value
 * then; a known value that differs from the last known one is a change; the first known value of a
 * printer added after the activation is news, of one there at the activation where it starts.
 */
export function expectedPrinter(plan: PrinterPlan, pollTimes: number[]): ExpectedEvent[] {
	const out: ExpectedEvent[] = [];
	let listed = false;
	let news = false;
	let last: boolean | undefined;
	pollTimes.forEach((poll, i) => {
		if (plan.addedOn > poll) return;
		if (!listed) {
			listed = true;
			news = i > 0;
		}
		let value: boolean | undefined;
		for (const s of plan.states) if (s.at <= poll) value = s.isOnline;
		if (value === undefined || value === last) return;
		if (last !== undefined || news) {
			const event = value ? 'printerOnline' : 'printerOffline';
			out.push({
				key: subjectKeys.printer(plan.printerId, event, iso(poll)),
				event,
				assetId: plan.printerId,
				fields: { printerName: plan.name, observedAt: iso(poll) },
			});
		}
		last = value;
	});
	return out;
}

/** The times a group's availability changed (its creation first: where it starts), with the count then. */
export function groupChanges(
	plan: GroupPlan,
): Array<{ at: number; available: boolean; count: number }> {
	const threshold = plan.availabilityThreshold ?? 3;
	const changes: Array<{ at: number; available: boolean; count: number }> = [];
	for (const { at, count } of plan.counts) {
		const available = count >= threshold;
		if (changes.length === 0 || changes[changes.length - 1].available !== available)
			changes.push({ at, available, count });
	}
	return changes;
}

/**
 * A group's events: each change of its availability after the activation, up to `upTo` (a group
 * created after the activation: its first availability too). Which poll sees a change depends on
 * the budget, so `observedAt` is checked against a range (observedAtRange), not here.
 */
export function expectedGroup(plan: GroupPlan, activatedAt: number, upTo: number): ExpectedEvent[] {
	const out: ExpectedEvent[] = [];
	const changes = groupChanges(plan);
	changes.forEach((change, i) => {
		if (change.at > upTo) return;
		if (i === 0 ? plan.createdAt <= activatedAt : change.at <= activatedAt) return;
		const event = change.available ? 'assetGroupAvailable' : 'assetGroupUnavailable';
		out.push({
			key: subjectKeys.group(plan.id, event, change.at),
			event,
			assetId: plan.id,
			fields: {
				assetGroupName: plan.name,
				facilityId: plan.facilityId,
				count: change.count,
				availabilityThreshold: plan.availabilityThreshold ?? 3,
			},
		});
	});
	return out;
}

/**
 * Where a group change may be seen: from the first poll that could read it (the first successful
 * poll at or after it) to the first poll after it that read everything (an uncut one).
 */
export function observedAtRange(
	changedAt: number,
	allPolls: number[],
	fullPolls: number[],
): [number, number] {
	const first = (polls: number[]) => polls.find((p) => p >= changedAt) ?? Number.POSITIVE_INFINITY;
	return [first(allPolls), first(fullPolls)];
}
