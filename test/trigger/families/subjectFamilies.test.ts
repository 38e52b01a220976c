// Issue 27's families one fold at a time, on records the simulator does not produce: values the
// service leaves out, exits without a time, consignments deactivated and reactivated between two
// reads, arrivals with re-entries. The scenarios (events.test.ts) check them against the oracle.
import type { IDataObject } from 'n8n-workflow';

import { arrivals } from '../../../nodes/AssetTracking/trigger/families/arrivals';
import { completions } from '../../../nodes/AssetTracking/trigger/families/completions';
import {
	consignmentActivations,
	consignmentDeactivations,
} from '../../../nodes/AssetTracking/trigger/families/consignmentActivity';
import { groupAvailability } from '../../../nodes/AssetTracking/trigger/families/groupAvailability';
import { pieceMovements } from '../../../nodes/AssetTracking/trigger/families/pieceMovements';
import { printerStatus } from '../../../nodes/AssetTracking/trigger/families/printerStatus';
import type { AnyFamily, FoldInput } from '../../../nodes/AssetTracking/trigger/families/family';

const MINUTE = 60_000;
const NOW = Date.parse('2026-01-01T12:00:00Z');
const at = (minutesBefore: number) => new Date(NOW - minutesBefore * MINUTE).toISOString();
const ms = (iso: string) => Date.parse(iso);

type Input = Omit<FoldInput<unknown, undefined, Record<string, unknown>>, 'read'> & {
	/** What the family's one read brought (absent: not read). */
	own?: unknown;
};

/** One fold of a family: the subject's record, its memory and where it stands. */
function fold(
	family: AnyFamily,
	item: IDataObject,
	over: Partial<Omit<Input, 'subject'>> = {},
	id = 'S1',
) {
	const quietUntil = over.quietUntil ?? Number.NEGATIVE_INFINITY;
	const seeding = over.seeding ?? false;
	const { own, ...input }: Input = {
		subject: { kind: family.kind.name, id, item },
		settings: undefined,
		memory: undefined,
		quietUntil,
		seeding,
		// As the plan sets it: a consignment listed since the start is quiet up to its first listing.
		firstListed: Number.isFinite(quietUntil) && !seeding,
		sample: false,
		now: NOW,
		windowS: 180 * 60,
		...over,
	};
	const [read] = family.reads ?? [];
	const wanted = read ? (read.wanted?.(input, undefined) ?? true) : false;
	return {
		wanted,
		...family.fold({ ...input, read: own === undefined ? {} : { [read.of.name]: own } }),
	};
}

/** A memory through the saved state's text and back. */
const saved = (family: AnyFamily, memory: unknown) =>
	family.decode(family.encode(memory, Math.floor(NOW / 1000)), Math.floor(NOW / 1000));

describe('printerStatus', () => {
	const printer = (isOnline?: boolean): IDataObject => ({
		printerId: 'P1',
		name: 'Dock printer',
		...(isOnline === undefined ? {} : { isOnline }),
	});

	it('seeds silently, emits a change with exactly its fields, and keeps the last known value through unknowns', () => {
		const seeded = fold(printerStatus, printer(true), {
			quietUntil: Number.POSITIVE_INFINITY,
			seeding: true,
		});
		expect(seeded.events).toEqual([]);
		const unknown = fold(printerStatus, printer(), { memory: saved(printerStatus, seeded.memory) });
		expect(unknown.events).toEqual([]);
		const offline = fold(printerStatus, printer(false), {
			memory: saved(printerStatus, unknown.memory),
		});
		expect(offline.events).toEqual([
			{
				event: 'printerOffline',
				id: '2026-01-01T12:00:00Z',
				at: NOW,
				fields: {
					printerId: 'S1',
					printerName: 'Dock printer',
					observedAt: '2026-01-01T12:00:00Z',
				},
			},
		]);
		const same = fold(printerStatus, printer(false), { memory: offline.memory });
		expect(same.events).toEqual([]);
	});

	it('a printer first seen after the start: its first known value is news, even after unknowns', () => {
		expect(fold(printerStatus, printer(true)).events.map((e) => e.event)).toEqual([
			'printerOnline',
		]);
		const unknown = fold(printerStatus, printer());
		expect(unknown.events).toEqual([]);
		const known = fold(printerStatus, printer(false), {
			memory: saved(printerStatus, unknown.memory),
		});
		expect(known.events.map((e) => e.event)).toEqual(['printerOffline']);
		// Unknown when the family started: its first known value is where it starts.
		const seeded = fold(printerStatus, printer(), { seeding: true });
		const first = fold(printerStatus, printer(false), {
			memory: saved(printerStatus, seeded.memory),
		});
		expect(first.events).toEqual([]);
	});
});

describe('groupAvailability', () => {
	const group = (fields: IDataObject, id = 'G1'): IDataObject => ({
		id,
		name: 'Wheelchairs',
		facilityId: 'F1',
		...fields,
	});
	const events = (groups: IDataObject[], memory: unknown, seeding = false) =>
		fold(groupAvailability, {}, { own: groups, memory, seeding });

	it('is `available` when given, else count against the threshold (3 by default), else unknown', () => {
		const first = events(
			[
				group({ available: false, count: 9, availabilityThreshold: 2 }, 'A'),
				group({ count: 3 }, 'B'),
				group({ count: 2 }, 'C'),
				group({ count: 4, availabilityThreshold: 5 }, 'D'),
				group({}, 'E'),
				group({ availabilityThreshold: 1 }, 'F'),
			],
			undefined,
			true,
		);
		expect(first.events).toEqual([]);
		// Every known value flips; the unknown ones stay unknown and emit nothing.
		const second = events(
			[
				group({ available: true, count: 1, availabilityThreshold: 2 }, 'A'),
				group({ count: 2 }, 'B'),
				group({ count: 3 }, 'C'),
				group({ count: 5, availabilityThreshold: 5 }, 'D'),
				group({}, 'E'),
				group({ availabilityThreshold: 1 }, 'F'),
			],
			saved(groupAvailability, first.memory),
		);
		expect(second.events.map((e) => `${e.fields.assetGroupId} ${e.event}`)).toEqual([
			'A assetGroupAvailable',
			'B assetGroupUnavailable',
			'C assetGroupAvailable',
			'D assetGroupAvailable',
		]);
		expect(second.events[1].fields).toEqual({
			assetGroupId: 'B',
			assetGroupName: 'Wheelchairs',
			facilityId: 'F1',
			count: 2,
			availabilityThreshold: 3,
			observedAt: '2026-01-01T12:00:00Z',
		});
	});

	it('a group first seen in a facility already watched is news; one that vanishes is forgotten', () => {
		const first = events([group({ count: 5 }, 'A')], undefined, true);
		const second = events(
			[group({ count: 5 }, 'A'), group({ count: 0 }, 'B')],
			saved(groupAvailability, first.memory),
		);
		expect(second.events.map((e) => `${e.fields.assetGroupId} ${e.event}`)).toEqual([
			'B assetGroupUnavailable',
		]);
		const third = events([group({ count: 5 }, 'A')], saved(groupAvailability, second.memory));
		expect((third.memory as Map<string, unknown>).size).toBe(1);
	});
});

describe('consignmentActivations and consignmentDeactivations', () => {
	const consignment = (activated?: string, deactivated?: string): IDataObject => ({
		id: 'C1',
		trackingRef: 'REF-1042',
		...(activated
			? { activated: { when: activated, where: { facility: { id: 'F1', name: 'Dock' } } } }
			: {}),
		...(deactivated ? { deactivated: { when: deactivated } } : {}),
		isActive: activated !== undefined && (deactivated === undefined || activated > deactivated),
	});

	// Both families, as a poll folds them: their events oldest first.
	const families = [consignmentActivations, consignmentDeactivations];
	const foldBoth = (
		item: IDataObject,
		memories?: unknown[],
		more: Parameters<typeof fold>[2] = {},
	) => {
		const results = families.map((family, i) =>
			fold(family, item, { ...more, ...(memories ? { memory: memories[i] } : {}) }),
		);
		return {
			events: results.flatMap((r) => r.events).sort((a, b) => a.at - b.at),
			memories: results.map((r, i) =>
				r.memory === undefined ? undefined : saved(families[i], r.memory),
			),
		};
	};

	it('emits each new record once, in time order, with the facility when given', () => {
		const seeded = foldBoth(consignment(at(600)), undefined, {
			quietUntil: Number.POSITIVE_INFINITY,
			seeding: true,
		});
		expect(seeded.events).toEqual([]);
		// Deactivated and reactivated between two polls: both, oldest first.
		const both = foldBoth(consignment(at(2), at(4)), seeded.memories);
		expect(both.events).toEqual([
			{
				event: 'consignmentDeactivated',
				id: at(4),
				at: ms(at(4)),
				fields: {
					consignmentId: 'S1',
					trackingRef: 'REF-1042',
					deactivatedAt: at(4),
					facilityId: null,
					facilityName: null,
				},
			},
			{
				event: 'consignmentActivated',
				id: at(2),
				at: ms(at(2)),
				fields: {
					consignmentId: 'S1',
					trackingRef: 'REF-1042',
					activatedAt: at(2),
					facilityId: 'F1',
					facilityName: 'Dock',
				},
			},
		]);
		const again = foldBoth(consignment(at(2), at(4)), both.memories);
		expect(again.events).toEqual([]);
	});

	it('a record first seen older than the late-readings window is not news', () => {
		const late = foldBoth(consignment(at(200), at(5)));
		expect(late.events.map((e) => e.event)).toEqual(['consignmentDeactivated']);
	});
});

describe('pieceMovements', () => {
	const piece = (id: string, entries: IDataObject[]): IDataObject => ({
		id,
		trackingRef: `${id}-ref`,
		inFacilities: entries,
	});
	const entry = (
		facilityId: string,
		entered: number,
		exited?: number | 'untimed',
	): IDataObject => ({
		facilityId,
		facilityName: `${facilityId} name`,
		enteredOn: at(entered),
		...(exited === undefined
			? { hasExited: false }
			: exited === 'untimed'
				? { hasExited: true }
				: { hasExited: true, exitedOn: at(exited) }),
	});
	const consignment = (record: IDataObject = {}): IDataObject => ({
		id: 'C1',
		trackingRef: 'REF-7',
		isActive: true,
		activated: { when: at(600) },
		...record,
	});
	const names = (events: Array<{ event: string; fields: IDataObject }>) =>
		events.map((e) => `${e.event} ${e.fields.pieceId} ${e.fields.facilityId}`);

	it('starts at the activation, then emits entries and exits once, an exit without a time at the poll that sees it', () => {
		const seeded = fold(pieceMovements, consignment(), {
			own: [piece('P1', [entry('F1', 30)]), piece('P2', [entry('F1', 60, 40)])],
			quietUntil: Number.POSITIVE_INFINITY,
			seeding: true,
			now: NOW - 5 * MINUTE,
		});
		expect(seeded.wanted).toBe(true);
		expect(seeded.events).toEqual([]);
		// What existed at the start needs no memory: it is older than the start.
		expect(pieceMovements.encode(seeded.memory, Math.floor(NOW / 1000))).toMatch(/^f-?[0-9a-z]+$/);
		const next = fold(pieceMovements, consignment(), {
			own: [
				piece('P1', [entry('F1', 30, 'untimed'), entry('F2', 1)]),
				piece('P2', [entry('F1', 60, 40)]),
			],
			memory: saved(pieceMovements, seeded.memory),
			now: NOW,
		});
		expect(names(next.events)).toEqual(['pieceLeftFacility P1 F1', 'pieceEnteredFacility P1 F2']);
		expect(next.events[0].fields).toEqual({
			consignmentId: 'S1',
			trackingRef: 'REF-7',
			pieceId: 'P1',
			pieceTrackingRef: 'P1-ref',
			facilityId: 'F1',
			facilityName: 'F1 name',
			userFacilityId: null,
			enteredOn: at(30),
			exitedOn: null,
		});
		const again = fold(pieceMovements, consignment(), {
			own: [
				piece('P1', [entry('F1', 30, 'untimed'), entry('F2', 1)]),
				piece('P2', [entry('F1', 60, 40)]),
			],
			memory: saved(pieceMovements, next.memory),
			now: NOW + MINUTE,
		});
		expect(again.events).toEqual([]);
	});

	it('news first seen older than the late-readings window is not news', () => {
		const first = fold(pieceMovements, consignment(), {
			own: [piece('P1', [entry('F1', 300, 200), entry('F2', 170)])],
		});
		expect(names(first.events)).toEqual(['pieceEnteredFacility P1 F2']);
	});

	// Issue 34: a consignment moved into the workspace mid-route. Listed since the family started,
	// it is news back to the window before its first listing (SubjectContexts: quietUntil), also
	// when its first read completes polls later (a cut); its older moves and its activation are not.
	it('listed mid-route: what happened within the window before its first listing is news, older moves are not', () => {
		const listedAt = NOW;
		const pieces = [
			piece('P1', [entry('F0', 410, 300), entry('F1', 100, 8)]),
			piece('P2', [entry('F0', 405, 290), entry('F1', 5)]),
			piece('P3', [entry('F0', 400, 200), entry('F1', 190, 150)]),
		];
		const expected = [
			'pieceEnteredFacility P1 F1',
			'pieceLeftFacility P3 F1',
			'pieceLeftFacility P1 F1',
			'pieceEnteredFacility P2 F1',
		];
		const quietUntil = listedAt - 180 * MINUTE;
		const first = fold(pieceMovements, consignment({ activated: { when: at(420) } }), {
			own: pieces,
			quietUntil,
			now: listedAt,
		});
		expect(names(first.events).sort()).toEqual([...expected].sort());
		// The same consignment whose first read completed 20 minutes after its listing: the window
		// is still measured from the listing (P3's exit is 170 minutes old by then, P1's entry 120).
		const late = fold(pieceMovements, consignment({ activated: { when: at(420) } }), {
			own: pieces,
			quietUntil,
			now: listedAt + 20 * MINUTE,
		});
		expect(names(late.events).sort()).toEqual([...expected].sort());
		// Nothing twice after that.
		const again = fold(pieceMovements, consignment({ activated: { when: at(420) } }), {
			own: pieces,
			memory: saved(pieceMovements, first.memory),
			now: listedAt + 5 * MINUTE,
		});
		expect(again.events).toEqual([]);
	});

	it('after a deactivation: read once more, what came after it is not news, then nothing is read until a reactivation', () => {
		const deactivated = consignment({ isActive: false, deactivated: { when: at(10) } });
		const last = fold(pieceMovements, deactivated, {
			own: [piece('P1', [entry('F1', 20, 15), entry('F2', 5)])],
			memory: { watch: {}, entries: new Map() },
		});
		expect(last.wanted).toBe(true);
		expect(names(last.events)).toEqual(['pieceEnteredFacility P1 F1', 'pieceLeftFacility P1 F1']);
		const idle = fold(pieceMovements, deactivated, { memory: saved(pieceMovements, last.memory) });
		expect(idle.wanted).toBe(false);
		// Reactivated: what the pieces did while it was inactive is not news, what came after is.
		const reactivated = consignment({ activated: { when: at(3) }, deactivated: { when: at(10) } });
		const back = fold(pieceMovements, reactivated, {
			own: [piece('P1', [entry('F1', 20, 15), entry('F2', 5, 4), entry('F3', 2)])],
			memory: saved(pieceMovements, idle.memory),
		});
		expect(back.wanted).toBe(true);
		expect(names(back.events)).toEqual(['pieceEnteredFacility P1 F3']);
	});

	it('deactivated and reactivated between two reads: the gap is not news, before and after it is', () => {
		const record = consignment({ activated: { when: at(10) }, deactivated: { when: at(30) } });
		const result = fold(pieceMovements, record, {
			own: [piece('P1', [entry('F1', 40, 35), entry('F2', 20, 12), entry('F3', 5)])],
			memory: { watch: {}, entries: new Map() },
		});
		expect(names(result.events)).toEqual([
			'pieceEnteredFacility P1 F1',
			'pieceLeftFacility P1 F1',
			'pieceEnteredFacility P1 F3',
		]);
	});

	it('an inactive consignment when the family starts is not read', () => {
		const inactive = consignment({ isActive: false, deactivated: { when: at(100) } });
		const seeded = fold(pieceMovements, inactive, {
			quietUntil: Number.POSITIVE_INFINITY,
			seeding: true,
		});
		expect(seeded.wanted).toBe(false);
		expect(
			fold(pieceMovements, inactive, { memory: saved(pieceMovements, seeded.memory) }).wanted,
		).toBe(false);
	});
});

describe('arrivals and completions', () => {
	const destination = {
		destination: { name: 'DC', facility: { id: 'D', name: 'Destination DC' } },
	};
	const consignment: IDataObject = {
		id: 'C1',
		trackingRef: 'REF-9',
		isActive: true,
		activated: { when: at(600) },
		...destination,
	};
	const piece = (id: string, entries: Array<[string, number, number?]>): IDataObject => ({
		id,
		inFacilities: entries.map(([facilityId, entered, exited]) => ({
			facilityId,
			facilityName: facilityId,
			enteredOn: at(entered),
			...(exited === undefined ? {} : { hasExited: true, exitedOn: at(exited) }),
		})),
	});

	it('the first piece entry into the destination arrives, counting the pieces that came with it; a re-entry changes nothing', () => {
		const pieces = [
			piece('P1', [
				['D', 20, 10],
				['D', 5],
			]),
			piece('P2', [['D', 20]]),
			piece('P3', [['H', 30]]),
		];
		const arrived = fold(arrivals, consignment, { own: pieces });
		expect(arrived.events).toEqual([
			{
				event: 'consignmentArrived',
				id: at(20),
				at: ms(at(20)),
				fields: {
					consignmentId: 'S1',
					trackingRef: 'REF-9',
					facilityId: 'D',
					facilityName: 'Destination DC',
					arrivedAt: at(20),
					piecesArrived: 2,
					piecesTotal: 3,
				},
			},
		]);
		const after = fold(arrivals, consignment, {
			own: pieces,
			memory: saved(arrivals, arrived.memory),
		});
		expect(after.wanted).toBe(false);
		expect(after.events).toEqual([]);
		expect(fold(completions, consignment, { own: pieces }).events).toEqual([]);
	});

	it('completes when every piece has entered the destination, at the latest first entry', () => {
		const pieces = [
			piece('P1', [
				['D', 20, 10],
				['D', 5],
			]),
			piece('P2', [
				['H', 30, 25],
				['D', 8],
			]),
		];
		const done = fold(completions, consignment, { own: pieces });
		expect(done.events).toEqual([
			{
				event: 'consignmentCompleted',
				id: at(8),
				at: ms(at(8)),
				fields: {
					consignmentId: 'S1',
					trackingRef: 'REF-9',
					facilityId: 'D',
					completedAt: at(8),
					piecesTotal: 2,
				},
			},
		]);
		expect(fold(completions, consignment, { own: [] }).events).toEqual([]);
	});

	it('a consignment without a destination is not read for them', () => {
		const noDestination = { ...consignment, destination: { name: 'somewhere' } };
		expect(fold(arrivals, noDestination).wanted).toBe(false);
		expect(fold(completions, noDestination).wanted).toBe(false);
	});
});
