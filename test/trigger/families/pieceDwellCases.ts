// Consignments scripted for the pieces' dwellExceeded (timeLimitScenario.test.ts), each a rule of
// issue 36 the random shipments (simulator/schedule/shipments.ts) seldom or never reach: their
// stays never outlast the limit and then exit, none exceeds before the activation, none first
// shows exceeded. The limit they are cut for: 45 minutes in a facility.
import type { Rng } from '../../../simulator/prng';
import type { ShipmentPlan } from '../../../simulator/schedule/shipments';
import type { Simulator } from '../../../simulator';
import { MINUTE } from '../helpers';

type StayAt = [facilityId: string, enteredOn: number, exitedOn: number | null, shownAt?: number];

/**
 * Four consignments without a destination (consignmentOverdue concerns none), times in minutes
 * from the activation poll (`start`):
 * - DWELL-SEEDED, active since −180: a piece at the hub since −120 (exceeded −75) and one 110
 *   minutes at the origin up to −60: what is so at the activation, no event; a third at the hub
 *   since −30: exceeds at +15. Two whose entries a gateway uploads late, shown at +5: one at the
 *   hub since −50 (exceeded −5, before the activation: no event however late it shows), one at
 *   the origin since −43 (exceeded +2, after it: news at the first poll from +5). Deactivated at
 *   +60.
 * - DWELL-EXIT: a piece at the origin from +30:10 to +75:40, exceeded at +75:10 and gone before
 *   the next poll: the item carries exitedOn; at the hub from +90 to +140, exceeded while open;
 *   another piece exactly 45 minutes at the origin (+10 to +55): not beyond the limit.
 * - DWELL-OFF, deactivated at +20 with no piece inside a facility, activated again at +90: a
 *   piece enters the hub at +25 (exceeded at +70) and another is there from +40 to +88; no poll
 *   reads them before +90, which sees both exceeded first (within the window: news).
 * - DWELL-MOVED-IN, moved into the workspace at `listed` (+240, or 40 minutes before the end of a
 *   shorter run), active since −50: a piece at the hub since 110 minutes before the listing, one
 *   at the origin from +2 to +60 (exceeded at +47: news at +160, older than the 180-minute window
 *   at +240), one at the origin since 20 minutes before the listing (known open, exceeds later).
 */
export function scheduleDwellCases(
	sim: Simulator,
	ws: string,
	[origin, hub]: string[],
	start: number,
	end: number,
): ShipmentPlan[] {
	const at = (minutes: number) => start + Math.round(minutes * 60) * 1000;
	const listed = Math.min(at(240), end - 40 * MINUTE);
	const piece = (trackingRef: string, stays: StayAt[]) => ({
		trackingRef,
		stays: stays.map(([facilityId, enteredOn, exitedOn, shownAt]) => ({
			facilityId,
			enteredOn,
			exitedOn,
			...(shownAt === undefined ? {} : { shownAt }),
		})),
	});
	const draft = (
		trackingRef: string,
		createdAt: number,
		changes: Array<[number, boolean]>,
		pieces: StayAt[][],
		movedInAt?: number,
	) => ({
		trackingRef,
		workspaceId: ws,
		createdAt,
		...(movedInAt === undefined ? {} : { movedInAt }),
		changes: changes.map(([when, active]) => ({ at: when, active, facilityId: origin })),
		pieces: pieces.map((stays, i) => piece(`${trackingRef}-P${i + 1}`, stays)),
	});
	return sim.scheduleShipments([
		draft(
			'DWELL-SEEDED',
			at(-180),
			[
				[at(-180), true],
				[at(60), false],
			],
			[
				[[hub, at(-120), null]],
				[[origin, at(-170), at(-60)]],
				[[hub, at(-30), null]],
				[[hub, at(-50), null, at(5)]],
				[[origin, at(-43), null, at(5)]],
			],
		),
		draft(
			'DWELL-EXIT',
			at(1),
			[
				[at(1), true],
				[at(150), false],
			],
			[
				[
					[origin, at(30 + 1 / 6), at(75 + 2 / 3)],
					[hub, at(90), at(140)],
				],
				[[origin, at(10), at(55)]],
			],
		),
		draft(
			'DWELL-OFF',
			at(5),
			[
				[at(5), true],
				[at(20), false],
				[at(90), true],
			],
			[
				[
					[origin, at(6), at(18)],
					[hub, at(25), null],
				],
				[
					[origin, at(6), at(15)],
					[hub, at(40), at(88)],
				],
			],
		),
		draft(
			'DWELL-MOVED-IN',
			at(-60),
			[[at(-50), true]],
			[
				[[hub, listed - 110 * MINUTE, null]],
				[[origin, at(2), at(60)]],
				[[origin, listed - 20 * MINUTE, null]],
			],
			listed,
		),
	]);
}

/**
 * Consignments whose facility entries a gateway uploads late (issue 36's batch uploads, up to 60
 * minutes): `count` of them without a destination, created over the run (a few before the
 * activation), two or three pieces each through the origin (30 to 70 minutes) and the hub (30 to
 * 70 minutes, or still there), half of them deactivated 10 to 40 minutes after their last move.
 * Every other stay shows 1 to 60 minutes after its entry, its exit 0 to 60 minutes after it.
 * Drawn from `rng`: the same seed, the same plans.
 */
export function scheduleLateStays(
	sim: Simulator,
	ws: string,
	[origin, hub]: string[],
	start: number,
	end: number,
	rng: Rng,
	count: number,
): ShipmentPlan[] {
	const minutes = (min: number, max: number) => rng.int(min * 60, max * 60) * 1000;
	const late = (at: number) => (rng.int(0, 1) === 1 ? at + minutes(1, 60) : undefined);
	return sim.scheduleShipments(
		Array.from({ length: count }, (_, n) => {
			const createdAt = start + minutes(-60, (end - start) / MINUTE - 100);
			let lastMove = createdAt;
			const pieces = Array.from({ length: rng.int(2, 3) }, (_, p) => {
				const enterOrigin = createdAt + minutes(1, 10);
				const leaveOrigin = enterOrigin + minutes(30, 70);
				const enterHub = leaveOrigin + minutes(5, 15);
				const leaveHub = rng.int(1, 3) === 1 ? null : enterHub + minutes(30, 70);
				lastMove = Math.max(lastMove, leaveHub ?? enterHub);
				const stay = (facilityId: string, enteredOn: number, exitedOn: number | null) => {
					const shownAt = late(enteredOn);
					return {
						facilityId,
						enteredOn,
						exitedOn,
						...(shownAt === undefined ? {} : { shownAt }),
						...(shownAt === undefined || exitedOn === null
							? {}
							: { exitShownAt: exitedOn + minutes(0, 60) }),
					};
				};
				return {
					trackingRef: `LATE-${n + 1}-P${p + 1}`,
					stays: [stay(origin, enterOrigin, leaveOrigin), stay(hub, enterHub, leaveHub)],
				};
			});
			const changes = [{ at: createdAt, active: true, facilityId: origin }];
			if (rng.int(0, 1) === 1)
				changes.push({ at: lastMove + minutes(10, 40), active: false, facilityId: hub });
			return { trackingRef: `LATE-${n + 1}`, workspaceId: ws, createdAt, changes, pieces };
		}),
	);
}
