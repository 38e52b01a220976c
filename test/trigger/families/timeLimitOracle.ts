// Issue 36's time limits by the issue's rules, from the simulator's ground truth: dwell limits
// (an asset's space memberships and facility stays, a piece's facility entries) and overdue
// shipments (a consignment's plan). Independent of the trigger: imports nothing from nodes/.
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
	createdAt: number;
	/** Listed in the workspace from then (moved in from another one); default: from createdAt. */
	movedInAt?: number;
	destination?: { facilityId?: string };
	changes: Array<{ at: number; active: boolean }>;
	pieces: Array<{
		id: string;
		trackingRef: string;
		/** shownAt, exitShownAt: when the service shows the entry and the exit, when uploaded late. */
		stays: Array<{
			facilityId: string;
			enteredOn: number;
			exitedOn: number | null;
			shownAt?: number;
			exitShownAt?: number;
		}>;
	}>;
}

/** A piece's stay as the oracle judges it: which poll saw it exceeded, and its exit when shown. */
export interface PieceStayVerdict {
	stay: Stay;
	/** The first poll that read the stay exceeded: the one that emits it. */
	decidedAt: number;
	/** When the service shows its exit (null: not in the run); an item emitted then or later carries exitedOn. */
	exitShown: number | null;
}

/** When the service shows a piece's stay (its entry) and its exit: as they happen unless late. */
function shownOf(stay: Shipment['pieces'][number]['stays'][number]) {
	const entry = stay.shownAt ?? stay.enteredOn;
	const exit = stay.exitedOn === null ? null : Math.max(entry, stay.exitShownAt ?? stay.exitedOn);
	return { entry, exit };
}

/** Whether the consignment's list shows it active at `poll`: its last change at or before it. */
function listedActive(plan: Shipment, poll: number): boolean {
	let active = false;
	for (const change of plan.changes) if (change.at <= poll) active = change.active;
	return active;
}

/**
 * The dwellExceeded of a consignment's pieces (their `inFacilities` entries), poll by poll from
 * the activation poll (`polls[0]`) on: the rules where a piece's stay is "seen" (from when
 * the service shows it: a stay uploaded late is first seen late). A poll
 * reads the pieces (docs/trigger.md) while the list shows the consignment active, or while a stay
 * of it was seen open before its limit at the last read (that stay may still exceed it). A stay is
 * decided at the first read that sees it exceeded (open at or past enteredOn + limit, or exited
 * more than the limit after its entry); it is news when its exceededAt is after the activation
 * poll's clock and either it was seen open before its limit, or its exceededAt is within the
 * late-readings window at that first sight. `unread` gets the stays that lasted beyond the limit
 * (exceededAt after the activation, shown by the last poll) but that no read saw: a record shown
 * only once its consignment is deactivated and no stay of it is open is not read.
 */
export function expectedPieceDwell(
	plan: Shipment,
	facilityNames: Map<string, string>,
	limitMinutes: number,
	polls: number[],
	windowMinutes: number,
	unread: string[] = [],
): Array<ExpectedEvent & PieceStayVerdict> {
	const limit = limitMinutes * MINUTE;
	const [activatedAt] = polls;
	const stays = plan.pieces.flatMap((piece) =>
		piece.stays.map((s) => ({
			piece,
			stay: {
				placeId: s.facilityId,
				placeName: facilityNames.get(s.facilityId) ?? '',
				enteredOn: s.enteredOn,
				exitedOn: s.exitedOn,
			},
			shows: shownOf(s),
			key: dwellKey(piece.id, 'facility', s.facilityId, s.enteredOn),
		})),
	);
	const out: Array<ExpectedEvent & PieceStayVerdict> = [];
	const decided = new Set<string>();
	let open = new Set<string>();
	for (const poll of polls) {
		if (poll < (plan.movedInAt ?? plan.createdAt)) continue;
		if (!listedActive(plan, poll) && open.size === 0) continue;
		const next = new Set<string>();
		for (const { piece, stay, shows, key } of stays) {
			if (shows.entry > poll || decided.has(key)) continue;
			const exited = shows.exit !== null && shows.exit <= poll;
			const exceededAt = stay.enteredOn + limit;
			const exceeded = exited
				? (stay.exitedOn as number) - stay.enteredOn > limit
				: poll >= exceededAt;
			if (!exceeded) {
				if (!exited) next.add(key);
				continue;
			}
			decided.add(key);
			const news = open.has(key) || exceededAt > poll - windowMinutes * MINUTE;
			if (!news || exceededAt <= activatedAt) continue;
			out.push({
				key,
				event: 'dwellExceeded',
				assetId: plan.id,
				stay,
				decidedAt: poll,
				exitShown: shows.exit,
				fields: {
					place: 'facility',
					consignmentId: plan.id,
					trackingRef: plan.trackingRef,
					pieceId: piece.id,
					pieceTrackingRef: piece.trackingRef,
					facilityId: stay.placeId,
					facilityName: stay.placeName,
					enteredOn: stay.enteredOn,
					limitMinutes,
					exceededAt,
				},
			});
		}
		open = next;
	}
	const upTo = polls[polls.length - 1];
	for (const { piece, stay, shows, key } of stays) {
		const exceededAt = stay.enteredOn + limit;
		const exceeded = stay.exitedOn === null ? upTo >= exceededAt : stay.exitedOn > exceededAt;
		if (exceeded && !decided.has(key) && exceededAt > activatedAt && shows.entry <= upTo)
			unread.push(
				`${plan.trackingRef} ${piece.trackingRef} in ${stay.placeName}: entered +${(stay.enteredOn - activatedAt) / MINUTE} min, shown +${(shows.entry - activatedAt) / MINUTE}`,
			);
	}
	return out;
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
