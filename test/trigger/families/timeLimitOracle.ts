// Issue 36's time limits by the issue's rules, from the simulator's ground truth: dwell limits
// (an asset's space memberships and facility stays) and overdue shipments (a consignment's
// plan). Independent of the trigger: imports nothing from nodes/.
import type { ExpectedEvent } from './oracle';

const MINUTE = 60_000;

export interface Stay {
	placeId: string;
	placeName: string;
	enteredOn: number;
	exitedOn: number | null;
}

/** The identity of a dwellExceeded item: subject, place, place id, enteredOn (epoch ms). */
export const dwellKey = (subject: string, place: string, placeId: string, enteredOn: number) =>
	`${subject}|dwellExceeded|${place}|${placeId}|${enteredOn}`;

/**
 * The stays of one subject that emit dwellExceeded: those that lasted beyond the limit (still
 * open at the last poll at or past enteredOn + limit, or exited more than the limit after they
 * were entered) with their exceededAt after the activation (what was already so then seeds).
 * `exitedOn` is left to the caller: whether an item carries it depends on which poll saw it.
 */
export function expectedDwell(
	subject: string,
	place: 'space' | 'facility',
	stays: Stay[],
	limitMinutes: number,
	activatedAt: number,
	upTo: number,
): Array<ExpectedEvent & { stay: Stay }> {
	const limit = limitMinutes * MINUTE;
	const out: Array<ExpectedEvent & { stay: Stay }> = [];
	for (const stay of stays) {
		const exceededAt = stay.enteredOn + limit;
		const exceeded =
			stay.exitedOn === null ? upTo >= exceededAt : stay.exitedOn - stay.enteredOn > limit;
		if (!exceeded || exceededAt <= activatedAt) continue;
		out.push({
			key: dwellKey(subject, place, stay.placeId, stay.enteredOn),
			event: 'dwellExceeded',
			assetId: subject,
			stay,
			fields: {
				place,
				[`${place}Id`]: stay.placeId,
				[`${place}Name`]: stay.placeName,
				enteredOn: stay.enteredOn,
				limitMinutes,
				exceededAt,
			},
		});
	}
	return out;
}

export interface Shipment {
	id: string;
	trackingRef: string;
	destination?: { facilityId?: string };
	changes: Array<{ at: number; active: boolean }>;
	pieces: Array<{ stays: Array<{ facilityId: string; enteredOn: number }> }>;
}

export const overdueKey = (consignmentId: string, activatedAt: number) =>
	`${consignmentId}|consignmentOverdue|${activatedAt}`;

/**
 * The activations of one consignment that emit consignmentOverdue: with a destination facility,
 * not deactivated at or before dueAt (activation + the limit), not complete at dueAt (every
 * piece entered the destination at or before it; no pieces: never complete), dueAt after the
 * activation poll's clock and before the last poll's. `seen(activation, dueAt)`: whether the
 * list still showed that activation at a poll past its dueAt (a consignment deactivated after
 * dueAt and activated again before any poll saw it shows only its last activation).
 */
export function expectedOverdue(
	plan: Shipment,
	facilityName: string,
	hours: number,
	activatedAt: number,
	upTo: number,
	seen: (activation: number, dueAt: number) => boolean,
): ExpectedEvent[] {
	const destination = plan.destination?.facilityId;
	if (!destination) return [];
	const out: ExpectedEvent[] = [];
	plan.changes.forEach((change, i) => {
		if (!change.active) return;
		const dueAt = change.at + hours * 60 * MINUTE;
		const stop = plan.changes.slice(i + 1).find((c) => !c.active);
		if (stop && stop.at <= dueAt) return;
		if (dueAt <= activatedAt || dueAt >= upTo || !seen(change.at, dueAt)) return;
		const arrived = plan.pieces.filter((piece) =>
			piece.stays.some((s) => s.facilityId === destination && s.enteredOn <= dueAt),
		).length;
		if (plan.pieces.length > 0 && arrived === plan.pieces.length) return;
		out.push({
			key: overdueKey(plan.id, change.at),
			event: 'consignmentOverdue',
			assetId: plan.id,
			fields: {
				consignmentId: plan.id,
				trackingRef: plan.trackingRef,
				facilityId: destination,
				facilityName,
				activatedAt: change.at,
				dueAt,
				piecesArrived: arrived,
				piecesTotal: plan.pieces.length,
			},
		});
	});
	return out;
}
