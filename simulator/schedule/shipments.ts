// Consignments over time: created, activated and deactivated (some deactivated on the way and
// activated again), their pieces moving through facilities towards a destination (some stuck on
// the way, never arriving; some leaving the destination and entering it again). A plan is the
// ground truth (tests compute the events they expect from it); the timeline plays it into the
// store as the clock reaches each change.
import type { Rng } from '../prng';
import type { SimState } from '../state';
import type { ConsignmentRec, PieceRec } from '../store/model';
import { MINUTE } from '../time';

export interface StayPlan {
	facilityId: string;
	enteredOn: number;
	/** null: still inside. */
	exitedOn: number | null;
	/**
	 * When the service first shows the entry (a gateway uploading late): default enteredOn. Its
	 * exit shows at `exitShownAt` (default exitedOn), never before the entry.
	 */
	shownAt?: number;
	exitShownAt?: number;
}

export interface PiecePlan {
	id: string;
	trackingRef: string;
	stays: StayPlan[];
}

export interface ShipmentPlan {
	id: string;
	trackingRef: string;
	workspaceId: string;
	/** When it appears in the workspace's list (epoch ms). */
	createdAt: number;
	/**
	 * When it is moved into the workspace from another one (epoch ms): until then it and its
	 * pieces belong to `<workspaceId>-elsewhere`, so a consignment already on its way (active, its
	 * pieces moving) first appears in the workspace's list mid-route. Default: it is created there.
	 */
	movedInAt?: number;
	destination?: { name?: string; facilityId?: string };
	/** Activations and deactivations in time order, starting with an activation. */
	changes: Array<{ at: number; active: boolean; facilityId?: string }>;
	pieces: PiecePlan[];
}

/** Puts a plan on the timeline: each part of it appears in the store when the clock reaches it. */
export function scheduleShipment(state: SimState, plan: ShipmentPlan): void {
	const { store, timeline } = state;
	let consignment: ConsignmentRec | undefined;
	const workspaceId =
		plan.movedInAt === undefined ? plan.workspaceId : `${plan.workspaceId}-elsewhere`;
	timeline.schedule(plan.createdAt, () => {
		consignment = {
			id: plan.id,
			trackingRef: plan.trackingRef,
			workspaceId,
			destination: plan.destination,
			isActive: false,
			pieceIds: [],
			gateways: [],
		};
		store.consignments.set(plan.id, consignment);
		for (const piece of plan.pieces) {
			let nfcId = state.ids.hex(12).toUpperCase();
			while (store.nfcOwners.has(nfcId)) nfcId = state.ids.hex(12).toUpperCase();
			const rec: PieceRec = {
				id: piece.id,
				trackingRef: piece.trackingRef,
				consignmentId: plan.id,
				workspaceId,
				label: {
					bleId: store.allocateBleId(),
					nfcId,
					reportingInterval: 'default',
					addedOn: plan.createdAt,
				},
				createdOn: plan.createdAt,
				inFacilities: [],
			};
			store.pieces.set(rec.id, rec);
			store.nfcOwners.set(nfcId, `piece:${rec.id}`);
			consignment.pieceIds.push(rec.id);
		}
	});
	if (plan.movedInAt !== undefined) {
		timeline.schedule(plan.movedInAt, () => {
			if (!consignment) return;
			consignment.workspaceId = plan.workspaceId;
			for (const id of consignment.pieceIds) {
				const piece = store.pieces.get(id);
				if (piece) piece.workspaceId = plan.workspaceId;
			}
		});
	}
	for (const change of plan.changes) {
		timeline.schedule(change.at, () => {
			if (!consignment) return;
			consignment.isActive = change.active;
			const event = { when: change.at, facilityId: change.facilityId };
			if (change.active) consignment.activated = event;
			else consignment.deactivated = event;
		});
	}
	for (const piece of plan.pieces) {
		for (const stay of piece.stays) {
			const rec = { facilityId: stay.facilityId, enteredOn: stay.enteredOn, exitedOn: null };
			const shownAt = stay.shownAt ?? stay.enteredOn;
			timeline.schedule(shownAt, () => store.pieces.get(piece.id)?.inFacilities.push(rec));
			if (stay.exitedOn !== null) {
				const exitedOn = stay.exitedOn;
				timeline.schedule(Math.max(shownAt, stay.exitShownAt ?? exitedOn), () => {
					(rec as { exitedOn: number | null }).exitedOn = exitedOn;
				});
			}
		}
	}
}

export interface ShipmentOptions {
	/** How many consignments. */
	count: number;
	/** Pieces per consignment: a number, or [min, max]. */
	pieces: number | [number, number];
	/** The first consignments exist from before `from` (with their moves so far); the others are created up to 2 hours before `until`. */
	from: number;
	until: number;
	/** Facilities to move through: the first is where they start, the last where most go, the others hubs. At least 3. */
	facilityIds: string[];
	/** trackingRef prefix. Default 'REF-'. */
	prefix?: string;
}

const SECOND = 1000;

/**
 * Random plans: each consignment is created and activated in its origin facility, its pieces
 * travel in batches (pieces of a batch a few seconds apart, or together) through a hub to the
 * destination, about one batch in six stuck at the hub for good; a tenth have no destination.
 * About a third are deactivated on the way and activated again 30 to 60 minutes later (their
 * pieces keep moving); most are deactivated a while after their last move. Consecutive changes
 * of a consignment are at least 30 minutes apart, and no piece moves at the second of one.
 */
export function planShipments(
	rng: Rng,
	ids: Rng,
	workspaceId: string,
	options: ShipmentOptions,
): ShipmentPlan[] {
	const { facilityIds } = options;
	if (facilityIds.length < 3) throw new Error('planShipments needs at least 3 facilities');
	const origin = facilityIds[0];
	const destination = facilityIds[facilityIds.length - 1];
	const hubs = facilityIds.slice(1, -1);
	const minutes = (min: number, max: number) => rng.int(min * 60, max * 60) * SECOND;
	const plans: ShipmentPlan[] = [];
	for (let n = 0; n < options.count; n++) {
		// A quarter exist before `from`, the rest appear over the run.
		const createdAt =
			Math.floor(
				(n < Math.ceil(options.count / 4)
					? options.from - minutes(20, 90)
					: options.from + rng.int(0, Math.max(0, options.until - options.from - 120 * MINUTE))) /
					SECOND,
			) * SECOND;
		const count = Array.isArray(options.pieces)
			? rng.int(options.pieces[0], options.pieces[1])
			: options.pieces;
		const hasDestination = rng.int(1, 10) > 1;
		const hub = rng.pick(hubs);
		const pieces: PiecePlan[] = [];
		const trackingRef = `${options.prefix ?? 'REF-'}${1000 + n}`;
		let lastMove = createdAt;
		let batchStart = createdAt;
		for (let p = 0; p < count; ) {
			const size = Math.min(count - p, rng.int(1, Math.max(1, Math.ceil(count / 2))));
			const stuck = rng.int(1, 6) === 1;
			const together = rng.int(1, 2) === 1;
			batchStart += minutes(1, 10);
			const enterOrigin = batchStart;
			const leaveOrigin = enterOrigin + minutes(15, 45);
			const enterHub = leaveOrigin + minutes(10, 30);
			const leaveHub = enterHub + minutes(15, 45);
			const enterDestination = leaveHub + minutes(10, 30);
			const reenter = rng.int(1, 5) === 1;
			for (let k = 0; k < size; k++, p++) {
				const jitter = together ? 0 : rng.int(0, 120) * SECOND;
				const at = (t: number) => t + jitter;
				const stays: StayPlan[] = [
					{ facilityId: origin, enteredOn: at(enterOrigin), exitedOn: at(leaveOrigin) },
				];
				if (stuck || !hasDestination) {
					stays.push({ facilityId: hub, enteredOn: at(enterHub), exitedOn: null });
				} else {
					stays.push({ facilityId: hub, enteredOn: at(enterHub), exitedOn: at(leaveHub) });
					if (reenter) {
						const out = at(enterDestination) + 20 * MINUTE;
						stays.push({ facilityId: destination, enteredOn: at(enterDestination), exitedOn: out });
						stays.push({ facilityId: destination, enteredOn: out + 15 * MINUTE, exitedOn: null });
					} else {
						stays.push({
							facilityId: destination,
							enteredOn: at(enterDestination),
							exitedOn: null,
						});
					}
				}
				for (const s of stays) lastMove = Math.max(lastMove, s.exitedOn ?? s.enteredOn);
				pieces.push({ id: ids.alnum(20), trackingRef: `${trackingRef}-P${p + 1}`, stays });
			}
		}
		const changes: ShipmentPlan['changes'] = [{ at: createdAt, active: true, facilityId: origin }];
		if (rng.int(1, 3) === 1) {
			// Off on the way and on again: what the pieces do meanwhile is not news.
			const off = createdAt + minutes(35, 70);
			changes.push({ at: off, active: false, facilityId: hub });
			changes.push({ at: off + minutes(30, 60), active: true, facilityId: hub });
		}
		if (rng.int(1, 4) > 1) {
			const last = changes[changes.length - 1].at;
			changes.push({
				at: Math.max(last + 30 * MINUTE, lastMove + minutes(10, 40)),
				active: false,
				facilityId: hasDestination ? destination : hub,
			});
		}
		const plan: ShipmentPlan = {
			id: ids.uuid(),
			trackingRef,
			workspaceId,
			createdAt,
			destination: hasDestination ? { name: 'Destination', facilityId: destination } : undefined,
			changes,
			pieces,
		};
		apart(plan);
		plans.push(plan);
	}
	return plans;
}

/** Moves a piece's times off the seconds of the consignment's changes (no move at an activation). */
function apart(plan: ShipmentPlan): void {
	const taken = new Set(plan.changes.map((c) => c.at));
	const free = (t: number) => {
		while (taken.has(t)) t += SECOND;
		return t;
	};
	for (const piece of plan.pieces)
		for (const stay of piece.stays) {
			stay.enteredOn = free(stay.enteredOn);
			if (stay.exitedOn !== null) stay.exitedOn = free(stay.exitedOn);
		}
}
