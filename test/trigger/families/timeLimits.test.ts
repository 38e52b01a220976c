// Issue 36's time limits one fold at a time: dwell limits (assetDwell, pieceDwell) and overdue
// shipments (overdue), on records the simulator does not produce as such: stays that open and
// close between two polls, late records, memories through the saved state's text.
import { readRulebook } from '../../../nodes/AssetTracking/trigger/parameters/rulebook';
import type { IDataObject } from 'n8n-workflow';

import { assetDwell } from '../../../nodes/AssetTracking/trigger/families/assetDwell';
import type { AnyFamily } from '../../../nodes/AssetTracking/trigger/families/family';
import { overdue } from '../../../nodes/AssetTracking/trigger/families/overdue';
import { pieceDwell } from '../../../nodes/AssetTracking/trigger/families/pieceDwell';
import { triggerNode } from '../helpers';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T = (hhmm: string, day = 26) => Date.parse(`2026-11-${day}T${hhmm}:00Z`);
const iso = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;
const WINDOW_S = 180 * 60;
const node = triggerNode(5);

const settingsOf = (family: AnyFamily, options: IDataObject, version = 5): never => {
	const selected = new Set(family.events.map((e) => e.value));
	const rules = readRulebook({ node, options, version, selected });
	return family.settings({ node, options, version, selected, rules }) as never;
};

/** A memory through the saved state's text and back. */
const saved = (family: AnyFamily, memory: unknown) =>
	memory === undefined
		? undefined
		: family.decode(family.encode(memory, 1_800_000_000), 1_800_000_000);

interface Step {
	now: number;
	quietUntil?: number;
	read?: IDataObject;
	subject: IDataObject;
}

/**
 * Folds one family poll after poll, through the saved state: every event of every step. `started`:
 * the family's start (seconds) as the state keeps it from version 6.
 */
function run(family: AnyFamily, options: IDataObject, steps: Step[], started?: number) {
	const settings = settingsOf(family, options);
	let memory: unknown;
	const out: Array<{ now: string; event: string; fields: IDataObject; id?: string }> = [];
	for (const step of steps) {
		const context = {
			subject: step.subject as never,
			memory: saved(family, memory),
			quietUntil: step.quietUntil ?? Number.NEGATIVE_INFINITY,
			seeding: step.quietUntil === Number.POSITIVE_INFINITY,
			firstListed: false,
			sample: false,
			now: step.now,
		};
		const wanted = (family.reads ?? []).filter((r) => r.wanted?.(context, settings) ?? true);
		const read = Object.fromEntries(
			wanted.flatMap((r) =>
				step.read && r.of.name in step.read ? [[r.of.name, step.read[r.of.name]]] : [],
			),
		);
		const folded = family.fold({ ...context, settings, windowS: WINDOW_S, read, started });
		memory = folded.memory;
		for (const e of folded.events)
			out.push({ now: iso(step.now), event: e.event, fields: e.fields, id: e.id });
	}
	return { events: out, memory };
}

const membership = (spaceId: string, enteredOn: number, exitedOn?: number): IDataObject => ({
	spaceId,
	spaceName: `Space ${spaceId}`,
	enteredOn: iso(enteredOn),
	...(exitedOn === undefined ? {} : { hasExited: true, exitedOn: iso(exitedOn) }),
});
const asset = (...inSpaces: IDataObject[]) => ({ id: 'A1', inSpaces });
const START = Number.POSITIVE_INFINITY;

describe('dwellExceeded (assetDwell)', () => {
	it('the worked example: into Dock 2 at 10:00, 120 minutes: nothing at 11:58, one event at 12:03 with exceededAt 12:00, nothing after', () => {
		const stay = membership('DOCK2', T('10:00'));
		const { events } = run(assetDwell, { dwellSpaceMinutes: 120 }, [
			{ now: T('09:58'), quietUntil: START, subject: asset() },
			{ now: T('10:03'), subject: asset(stay) },
			{ now: T('11:58'), subject: asset(stay) },
			{ now: T('12:03'), subject: asset(stay) },
			{ now: T('12:08'), subject: asset(stay) },
			{ now: T('16:08'), subject: asset(stay) },
			{ now: T('16:13'), subject: asset(membership('DOCK2', T('10:00'), T('16:10'))) },
		]);
		expect(events).toEqual([
			{
				now: '2026-11-26T12:03:00Z',
				event: 'dwellExceeded',
				id: `space|DOCK2|${T('10:00') / 1000}`,
				fields: {
					place: 'space',
					spaceId: 'DOCK2',
					spaceName: 'Space DOCK2',
					enteredOn: '2026-11-26T10:00:00Z',
					limitMinutes: 120,
					exceededAt: '2026-11-26T12:00:00Z',
				},
			},
		]);
	});

	it('open at the limit exactly: exceeded; a stay that opens and closes between two polls beyond its limit: exceeded, with exitedOn; within it: nothing', () => {
		const { events } = run(assetDwell, { dwellSpaceMinutes: 30 }, [
			{ now: T('10:00'), quietUntil: START, subject: asset() },
			{ now: T('10:30'), subject: asset(membership('S1', T('10:00'))) },
			{
				now: T('12:00'),
				subject: asset(
					membership('S1', T('10:00'), T('11:00')),
					membership('S2', T('10:40'), T('11:20')),
					membership('S3', T('11:00'), T('11:30')),
				),
			},
		]);
		expect(
			events.map((e) => `${e.now} ${String(e.fields.spaceId)} ${String(e.fields.exitedOn)}`),
		).toEqual([
			'2026-11-26T10:30:00Z S1 undefined',
			'2026-11-26T12:00:00Z S2 2026-11-26T11:20:00Z',
		]);
	});

	it('a record shown late: a stay exceeded before the activation seeds however late its record shows; one exceeded after it is news (the state keeps the start from version 6; version 5 did not, and emitted it)', () => {
		const late = () =>
			asset(
				membership('LATE', T('08:30')),
				membership('GONE', T('08:50'), T('09:55')),
				membership('AFTER', T('09:30')),
			);
		const steps = [
			{ now: T('10:00'), quietUntil: START, subject: asset() },
			// The three records show only now, uploaded late.
			{ now: T('10:05'), subject: late() },
			{ now: T('10:35'), subject: late() },
		];
		const spaces = (events: Array<{ now: string; fields: IDataObject }>) =>
			events.map((e) => `${e.now} ${String(e.fields.spaceId)}`);
		expect(
			spaces(run(assetDwell, { dwellSpaceMinutes: 60 }, steps, T('10:00') / 1000).events),
		).toEqual(['2026-11-26T10:35:00Z AFTER']);
		expect(spaces(run(assetDwell, { dwellSpaceMinutes: 60 }, steps).events)).toEqual([
			'2026-11-26T10:05:00Z LATE',
			'2026-11-26T10:05:00Z GONE',
			'2026-11-26T10:35:00Z AFTER',
		]);
	});

	it('seeds what is exceeded at the activation; a stay open then emits when it reaches its limit, however late it is read', () => {
		const { events } = run(assetDwell, { dwellSpaceMinutes: 60 }, [
			{
				now: T('10:00'),
				quietUntil: START,
				subject: asset(membership('OLD', T('08:00')), membership('NEW', T('09:30'))),
			},
			// Its subject unread for 6 hours (the budget): the stay known open is still news.
			{
				now: T('16:00'),
				subject: asset(membership('OLD', T('08:00')), membership('NEW', T('09:30'), T('15:00'))),
			},
		]);
		expect(events.map((e) => `${String(e.fields.spaceId)} ${String(e.fields.exceededAt)}`)).toEqual(
			['NEW 2026-11-26T10:30:00Z'],
		);
	});

	it('a stay first seen exceeded is news within the late-readings window only; a subject first read after a cut activation is quiet up to it', () => {
		const late = run(assetDwell, { dwellSpaceMinutes: 60 }, [
			{ now: T('10:00'), quietUntil: START, subject: asset() },
			{
				now: T('16:00'),
				subject: asset(
					membership('RECENT', T('12:30')),
					membership('STALE', T('11:00'), T('12:30')),
				),
			},
		]);
		expect(late.events.map((e) => e.fields.spaceId)).toEqual(['RECENT']);
		const cut = run(assetDwell, { dwellSpaceMinutes: 60 }, [
			{
				now: T('10:30'),
				quietUntil: T('10:00'),
				subject: asset(membership('BEFORE', T('08:30')), membership('AFTER', T('09:15'))),
			},
		]);
		expect(cut.events.map((e) => e.fields.spaceId)).toEqual(['AFTER']);
	});

	it('facility history: read only with its limit, each place its own limit', () => {
		const options = { dwellSpaceMinutes: 30, dwellFacilityMinutes: 90 };
		const history = [{ facilityId: 'F1', facilityName: 'Hub', enteredOn: iso(T('10:00')) }];
		const { events } = run(assetDwell, options, [
			{ now: T('10:00'), quietUntil: START, subject: asset(), read: { facilityHistory: [] } },
			{
				now: T('11:00'),
				subject: asset(membership('S1', T('10:00'))),
				read: { facilityHistory: history },
			},
			{
				now: T('11:35'),
				subject: asset(membership('S1', T('10:00'))),
				read: { facilityHistory: history },
			},
		]);
		expect(
			events.map((e) => `${e.now} ${String(e.fields.place)} ${String(e.fields.limitMinutes)}`),
		).toEqual(['2026-11-26T11:00:00Z space 30', '2026-11-26T11:35:00Z facility 90']);
		expect(events[1].fields).toEqual({
			place: 'facility',
			facilityId: 'F1',
			facilityName: 'Hub',
			enteredOn: '2026-11-26T10:00:00Z',
			limitMinutes: 90,
			exceededAt: '2026-11-26T11:30:00Z',
		});
		// Space limit only: no facility history read.
		const settings = settingsOf(assetDwell, { dwellSpaceMinutes: 30 });
		const wanted = (assetDwell.reads ?? []).filter((r) =>
			r.wanted?.(
				{
					subject: asset(),
					memory: undefined,
					quietUntil: 0,
					seeding: false,
					firstListed: false,
					sample: false,
				},
				settings,
			),
		);
		expect(wanted).toEqual([]);
	});

	// Version 5 and a limit are required by the trigger for every family alike (ruleGating.test.ts).
	it('needs a limit; an option whose expression gives nothing is an error naming it', () => {
		expect(assetDwell.needs?.('dwellExceeded', settingsOf(assetDwell, {}))).toMatch(/^a limit/);
		expect(
			assetDwell.needs?.('dwellExceeded', settingsOf(assetDwell, { dwellSpaceMinutes: 1 })),
		).toBeUndefined();
		expect(() => settingsOf(assetDwell, { dwellFacilityMinutes: '' })).toThrow(
			'Invalid "Dwell Limit in a Facility (Minutes)"',
		);
		expect(() => settingsOf(assetDwell, { dwellSpaceMinutes: -1 })).toThrow(
			'Invalid "Dwell Limit in a Space (Minutes)"',
		);
	});
});

describe('dwellExceeded (pieceDwell)', () => {
	const consignment = (active: boolean) => ({
		id: 'C1',
		kind: 'consignments',
		item: {
			id: 'C1',
			trackingRef: 'REF-1',
			isActive: active,
			activated: { when: iso(T('08:00')) },
			...(active ? {} : { deactivated: { when: iso(T('12:00')) } }),
		},
	});
	const pieces = (exitedOn?: number) => [
		{
			id: 'P1',
			trackingRef: 'REF-1-P1',
			inFacilities: [
				{
					facilityId: 'F1',
					facilityName: 'Hub',
					enteredOn: iso(T('09:00')),
					...(exitedOn ? { hasExited: true, exitedOn: iso(exitedOn) } : {}),
				},
			],
		},
	];

	it("a piece's stay beyond the limit, with the piece's fields; read after the deactivation while a stay known open may still exceed", () => {
		const { events, memory } = run(pieceDwell, { dwellFacilityMinutes: 240 }, [
			{
				now: T('09:30'),
				quietUntil: START,
				subject: consignment(true),
				read: { pieces: pieces() },
			},
			{ now: T('12:30'), subject: consignment(false), read: { pieces: pieces() } },
			{ now: T('13:30'), subject: consignment(false), read: { pieces: pieces() } },
		]);
		expect(events).toEqual([
			{
				now: '2026-11-26T13:30:00Z',
				event: 'dwellExceeded',
				id: `facility|P1|F1|${T('09:00') / 1000}`,
				fields: {
					place: 'facility',
					consignmentId: 'C1',
					trackingRef: 'REF-1',
					pieceId: 'P1',
					pieceTrackingRef: 'REF-1-P1',
					facilityId: 'F1',
					facilityName: 'Hub',
					enteredOn: '2026-11-26T09:00:00Z',
					limitMinutes: 240,
					exceededAt: '2026-11-26T13:00:00Z',
				},
			},
		]);
		// Nothing open any more: an inactive consignment is not read.
		const settings = settingsOf(pieceDwell, { dwellFacilityMinutes: 240 });
		expect(
			pieceDwell.reads![0].wanted!(
				{
					subject: consignment(false),
					memory: saved(pieceDwell, memory),
					quietUntil: 0,
					seeding: false,
					firstListed: false,
					sample: false,
				},
				settings,
			),
		).toBe(false);
	});

	it('a consignment inactive when the family starts: what exceeded before its activation later is not news', () => {
		const { events } = run(pieceDwell, { dwellFacilityMinutes: 30 }, [
			{ now: T('10:00'), quietUntil: START, subject: consignment(false) },
			{ now: T('11:00'), subject: consignment(true), read: { pieces: pieces(T('10:30')) } },
		]);
		expect(events).toEqual([]);
	});
});

describe('consignmentOverdue', () => {
	const consignment = (activated: number, deactivated?: number, destination = true) => ({
		id: 'C1',
		kind: 'consignments',
		item: {
			id: 'C1',
			trackingRef: 'REF-1',
			isActive: deactivated === undefined || activated > deactivated,
			activated: { when: iso(activated) },
			...(deactivated === undefined ? {} : { deactivated: { when: iso(deactivated) } }),
			...(destination ? { destination: { facility: { id: 'DC', name: 'Destination DC' } } } : {}),
		},
	});
	const piece = (id: string, arrives?: number) => ({
		id,
		inFacilities: arrives === undefined ? [] : [{ facilityId: 'DC', enteredOn: iso(arrives) }],
	});
	const options = { deliverWithinHours: 48 };

	it('activated 08:00 with 48 h, one piece arriving 09:00 two days later, another never: one event at the first poll past dueAt 08:00, pieces read once', () => {
		const steps: Step[] = [];
		for (let t = T('07:30'); t <= T('12:00', 28); t += HOUR)
			steps.push({
				now: t,
				quietUntil: t === T('07:30') ? START : undefined,
				subject: consignment(T('08:00')),
				read: { pieces: [piece('P1', T('09:00', 28)), piece('P2')] },
			});
		const { events } = run(overdue, options, steps);
		expect(events).toEqual([
			{
				now: '2026-11-28T08:30:00Z',
				event: 'consignmentOverdue',
				id: '2026-11-26T08:00:00Z',
				fields: {
					consignmentId: 'C1',
					trackingRef: 'REF-1',
					facilityId: 'DC',
					facilityName: 'Destination DC',
					activatedAt: '2026-11-26T08:00:00Z',
					dueAt: '2026-11-28T08:00:00Z',
					piecesArrived: 0,
					piecesTotal: 2,
				},
			},
		]);
		const settings = settingsOf(overdue, options);
		const wants = (now: number) =>
			overdue.reads![0].wanted!(
				{
					subject: consignment(T('08:00')) as never,
					memory: undefined,
					quietUntil: -Infinity,
					firstListed: false,
					sample: false,
					seeding: false,
					now,
				},
				settings,
			);
		expect([wants(T('08:00', 28)), wants(T('08:01', 28))]).toEqual([false, true]);
	});

	it('none when deactivated at or before dueAt, complete at dueAt, due at or before the activation, or without a destination; a reactivation is due anew', () => {
		const at = (now: number, subject: Step['subject'], quietUntil?: number): Step => ({
			now,
			quietUntil,
			subject,
			read: { pieces: [piece('P1', T('07:59', 28))] },
		});
		const none = (steps: Step[], o: IDataObject = options) =>
			expect(run(overdue, o, steps).events).toEqual([]);
		none([
			at(T('09:00'), consignment(T('08:00')), START),
			at(T('09:00', 28), consignment(T('08:00'), T('08:00', 28))),
		]);
		none([
			at(T('09:00'), consignment(T('08:00')), START),
			at(T('09:00', 28), consignment(T('08:00'))),
		]);
		none([
			at(T('09:00', 28), consignment(T('08:00')), START),
			at(T('10:00', 28), consignment(T('08:00'))),
		]);
		none([
			at(T('09:00'), consignment(T('08:00'), undefined, false), START),
			at(T('09:00', 28), consignment(T('08:00'), undefined, false)),
		]);
		// Deactivated after dueAt, seen only then: it was overdue.
		const late = run(overdue, { deliverWithinHours: 24 }, [
			{
				now: T('09:00'),
				quietUntil: START,
				subject: consignment(T('08:00')),
				read: { pieces: [piece('P1')] },
			},
			{
				now: T('09:00', 28),
				subject: consignment(T('08:00'), T('10:00', 27)),
				read: { pieces: [piece('P1')] },
			},
			{
				now: T('10:00', 28),
				subject: consignment(T('09:30', 28), T('10:00', 27)),
				read: { pieces: [piece('P1')] },
			},
			{
				now: T('10:00', 29),
				subject: consignment(T('09:30', 28), T('10:00', 27)),
				read: { pieces: [piece('P1')] },
			},
		]);
		expect(late.events.map((e) => `${e.now} ${String(e.fields.dueAt)}`)).toEqual([
			'2026-11-28T09:00:00Z 2026-11-27T08:00:00Z',
			'2026-11-29T10:00:00Z 2026-11-29T09:30:00Z',
		]);
	});

	it('a consignment moved into the workspace after the activation: due before the activation seeds, due after it is news (the state keeps the start from version 6)', () => {
		const listed = (activated: number): Step[] => [
			{ now: T('12:00', 28), quietUntil: START, subject: consignment(T('13:00', 20)) },
			// Listed since the last poll: news back to the late-readings window before it.
			{
				now: T('13:00', 28),
				quietUntil: T('10:00', 28),
				subject: consignment(activated),
				read: { pieces: [piece('P1')] },
			},
		];
		const started = T('12:00', 28) / 1000;
		const dueAt = (steps: Step[], start?: number) =>
			run(overdue, options, steps, start).events.map((e) => e.fields.dueAt);
		expect(dueAt(listed(T('11:00', 26)), started)).toEqual([]);
		expect(dueAt(listed(T('11:00', 26)))).toEqual(['2026-11-28T11:00:00Z']);
		expect(dueAt(listed(T('12:30', 26)), started)).toEqual(['2026-11-28T12:30:00Z']);
	});

	it('needs Deliver Within', () => {
		expect(overdue.needs?.('consignmentOverdue', settingsOf(overdue, {}))).toBe(
			'"Deliver Within (Hours)" (Options) above 0',
		);
		expect(overdue.needs?.('consignmentOverdue', settingsOf(overdue, options))).toBeUndefined();
		expect(() => settingsOf(overdue, { deliverWithinHours: null })).toThrow(
			'Invalid "Deliver Within (Hours)"',
		);
	});
});
