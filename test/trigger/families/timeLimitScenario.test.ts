/* eslint-disable no-console -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// Issue 36's time limits through n8n-core's real poller against the simulator, at polls of 1 and
// 5 minutes, with failed polls (429s, 5xx, dropped connections), budget cuts, restarts and token
// expiry, against the oracle (timeLimitOracle.ts, from the simulator's ground truth): every
// dwellExceeded of the assets (space and facility stays, some opening and closing between two
// polls) and of the pieces of scheduled shipments (their facility entries, some stuck at the hub,
// some exceeding after their consignment's deactivation; four consignments scripted for the rules
// the random ones miss, six whose gateways upload every other entry 1 to 60 minutes late:
// pieceDwellCases.ts), every consignmentOverdue, each exactly once, every field as the oracle
// says, each with its own eventId. The labels upload their readings in batches up to an hour old,
// as issue 36's acceptance asks; the assets' stays are not readings (the simulator serves them as
// they happen), so those batches change the asset list's embedded readings around them.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { EngineHarness } from '../../../engine/engine';
import { Rng } from '../../../simulator/prng';
import { afterRequests, CUT_POLL, UNCUT_POLL, withCut } from '../cuts';
import {
	bytesOf,
	byId,
	cloneJson,
	MINUTE,
	nodeState,
	startSimulator,
	stopSimulator,
} from '../helpers';
import { compareEvents, line, type EventComparison } from './compare';
import { scheduleDwellCases, scheduleLateStays } from './pieceDwellCases';
import {
	dwellKey,
	expectedDwell,
	expectedOverdue,
	expectedPieceDwell,
	overdueKey,
	type Shipment,
	type Stay,
} from './timeLimitOracle';

const LIMITS = { dwellSpaceMinutes: 20, dwellFacilityMinutes: 45, deliverWithinHours: 1.5 };
/** The late-readings window (the trigger's default, given so the oracle knows it). */
const WINDOW_MINUTES = 180;

interface Scenario {
	stepMinutes: number;
	polls: number;
	seed: number;
}

interface Run {
	dwell: EventComparison;
	pieceDwell: EventComparison;
	overdue: EventComparison;
	/** exitedOn problems: carried with a wrong value, or missing where every poll that read the stay saw it exited. */
	exitedOn: string[];
	/** A piece's item emitted at another poll than the rules say, with other fields, or a summary that does not name the stay. */
	pieceShape: string[];
	/** eventId problems: missing, or not one per event. */
	eventIds: string[];
	/** Piece stays whose verdict would differ had the cut polls read nothing (the oracle assumes they read all). */
	ambiguous: string[];
	/** Piece stays beyond the limit that no read the rules describe saw (shown after their consignment's last read). */
	unread: string[];
	/** Piece stays shown late, and the expected events among them first seen already exceeded. */
	late: { stays: number; firstSeenExceeded: number };
	polls: { failed: number; cut: number; restarts: number };
	stateBytes: number;
	/** Bytes of each time-limit family's memories in the saved state. */
	memoryBytes: Record<string, number>;
	tokens: number;
}

async function runTimeLimits(o: Scenario): Promise<Run> {
	const { sim } = await startSimulator({
		labelledAssets: 0,
		historyMinutes: 90,
		lateUploads: { share: 0, delaysMinutes: [], uploadEveryMinutes: [20, 60] },
	});
	try {
		const rng = new Rng(o.seed);
		const ws = sim.seed.workspaceId;
		const spaces = sim.spacesOf(ws);
		const ids = sim.addLabelledAssets(ws, 12, { inSpaceIds: [spaces[0].id] });
		const start = sim.clock.now();
		const end = start + o.polls * o.stepMinutes * MINUTE;
		const [origin, hub, destination] = ['Origin Dock', 'Cross-dock Hub', 'Destination DC'].map(
			(name, i) => sim.addFacility(ws, name, `FAC-${i + 1}`).facilityId,
		);
		const plans = [
			...sim.addShipments(ws, {
				count: 10,
				pieces: [1, 4],
				from: start,
				until: end,
				facilityIds: [origin, hub, destination],
			}),
			...scheduleDwellCases(sim, ws, [origin, hub], start, end),
			...scheduleLateStays(sim, ws, [origin, hub], start, end, new Rng(o.seed * 31 + 7), 6),
		];
		const parameters = {
			events: ['dwellExceeded', 'consignmentOverdue'],
			scope: 'workspace',
			workspaceId: byId(ws),
			options: { concurrency: 1, lateWindowMinutes: WINDOW_MINUTES, ...LIMITS },
			advanced: { retryBaseDelay: 5, maxRetryWait: 2, maxRetries: 1 },
		} as unknown as INodeParameters;
		const v5 = { typeVersion: 5, timezone: 'Europe/Berlin', ...UNCUT_POLL };
		sim.tokens.maxRequestsPerToken = 50;
		let n8n = new EngineHarness(sim);
		let staticData: IDataObject = {};
		const emitted: IDataObject[] = [];
		/** The service's clock at the poll that emitted each item. */
		const emittedAt = new Map<IDataObject, number>();
		const collect = (items: Array<{ json: IDataObject }> | null) => {
			for (const { json } of items ?? []) {
				emitted.push(json);
				emittedAt.set(json, sim.clock.now());
			}
		};
		expect(await n8n.poll(parameters, staticData, 'trigger', 'activate', v5)).toBeNull();
		const activatedAt = sim.clock.now();
		const polls = { failed: 0, cut: 0, restarts: 0 };
		const allPolls = [activatedAt];
		const cutPolls: number[] = [];
		sim.faults.random({ rate: 0.04, kinds: ['429', '500', '503', 'drop'], retryAfterSeconds: 1 });
		for (let i = 1; i <= o.polls; i++) {
			for (let m = 0; m < o.stepMinutes; m++) {
				sim.clock.advance(MINUTE);
				// A move every 2 minutes; every 3rd a visit of a minute or two to another space and
				// back: stays that open and close between two polls.
				if ((sim.clock.now() - start) % (2 * MINUTE) !== 0) continue;
				const id = ids[rng.int(0, ids.length - 1)];
				sim.moveAsset(id, [spaces[rng.int(0, spaces.length - 1)].id]);
			}
			if (i % 9 === 0) {
				staticData = cloneJson(staticData);
				n8n = new EngineHarness(sim);
				polls.restarts++;
			}
			const cut = i % 7 === 0 ? afterRequests(4) : undefined;
			const before = cloneJson(staticData);
			try {
				const poll = () =>
					n8n.poll(parameters, staticData, 'trigger', 'activate', {
						...v5,
						...(cut ? CUT_POLL : {}),
					});
				const items = cut ? await withCut(sim, cut, poll) : await poll();
				collect(items);
				allPolls.push(sim.clock.now());
				if (cut) {
					polls.cut++;
					cutPolls.push(sim.clock.now());
				}
			} catch {
				polls.failed++;
				expect(cloneJson(staticData)).toEqual(before);
			}
		}
		sim.faults.random(null);
		sim.clock.advance(MINUTE);
		collect(await n8n.poll(parameters, staticData, 'trigger', 'activate', v5));
		const upTo = sim.clock.now();
		allPolls.push(upTo);

		// The oracle.
		const dwell = ids.flatMap((id) => [
			...expectedDwell(
				id,
				'space',
				sim.membershipsOf(id).map((m) => ({
					placeId: m.spaceId,
					placeName: m.spaceName,
					enteredOn: m.enteredOn,
					exitedOn: m.exitedOn,
				})),
				LIMITS.dwellSpaceMinutes,
				activatedAt,
				upTo,
			),
			...expectedDwell(
				id,
				'facility',
				sim.facilityStaysOf(id).map((s) => ({
					placeId: s.facilityId,
					placeName: s.facilityName,
					enteredOn: s.enteredOn,
					exitedOn: s.exitedOn,
				})),
				LIMITS.dwellFacilityMinutes,
				activatedAt,
				upTo,
			),
		]);
		const names = new Map(sim.facilitiesOf(ws).map((f) => [f.id, f.name]));
		const overdue = plans.flatMap((plan) => {
			const activations = plan.changes.filter((c) => c.active).map((c) => c.at);
			// Some poll saw this activation as the last one after its dueAt.
			const seen = (at: number, dueAt: number) => {
				const next = activations.find((a) => a > at) ?? Infinity;
				return allPolls.some((poll) => poll > dueAt && poll < next);
			};
			return expectedOverdue(
				plan,
				names.get(plan.destination?.facilityId ?? '') ?? '',
				LIMITS.deliverWithinHours,
				activatedAt,
				upTo,
				seen,
			);
		});
		// The pieces' stays, as the reads the rules describe see them; the same without the cut
		// polls (as if they had read nothing) must give the same events, or the scenario is one
		// whose outcome depends on which consignments a cut poll read.
		const unread: string[] = [];
		const pieceDwellAt = (at: number[], stays?: string[]) =>
			plans.flatMap((plan) =>
				expectedPieceDwell(plan, names, LIMITS.dwellFacilityMinutes, at, WINDOW_MINUTES, stays),
			);
		const pieceDwell = pieceDwellAt(allPolls, unread);
		const uncut = new Set(
			pieceDwellAt(allPolls.filter((p) => !cutPolls.includes(p))).map((e) => e.key),
		);
		const ambiguous = [
			...pieceDwell.filter((e) => !uncut.has(e.key)).map((e) => `${e.key}: only if cut polls read`),
			...[...uncut]
				.filter((k) => !pieceDwell.some((e) => e.key === k))
				.map((k) => `${k}: only if cut polls did not read`),
		];

		const dwellItems = emitted.filter((j) => j.event === 'dwellExceeded');
		const assetDwell = dwellItems.filter((j) => j.assetId !== undefined);
		const pieceItems = dwellItems.filter((j) => j.pieceId !== undefined);
		const place = (j: IDataObject) => String(j.place);
		const dwellKeyOf = (j: IDataObject) =>
			dwellKey(
				String(j.pieceId ?? j.assetId),
				place(j),
				String(j[`${place(j)}Id`]),
				Date.parse(String(j.enteredOn)),
			);
		const exitedOn: string[] = [];
		const checkExit = (j: IDataObject, stay: Stay, mustCarry: boolean) => {
			if (j.exitedOn === undefined ? mustCarry : Date.parse(String(j.exitedOn)) !== stay.exitedOn)
				exitedOn.push(
					`${dwellKeyOf(j)}: exitedOn ${String(j.exitedOn)}, truth ${String(stay.exitedOn)}`,
				);
		};
		const byKey = new Map(dwell.map((e) => [e.key, e.stay]));
		for (const j of assetDwell) {
			const stay = byKey.get(dwellKeyOf(j));
			if (!stay) continue;
			const exceededAt = Date.parse(String(j.exceededAt));
			// Every poll that could emit it (at or past exceededAt) came after its exit.
			const firstPoll = allPolls.find((poll) => poll >= exceededAt) ?? Infinity;
			checkExit(j, stay, stay.exitedOn !== null && stay.exitedOn <= firstPoll);
		}
		// A piece's stay is emitted by the poll the oracle says, or a later one when every poll
		// between was cut (the cut may have left its consignment unread); with exitedOn when the
		// service showed the exit by then.
		const pieceByKey = new Map(pieceDwell.map((e) => [e.key, e]));
		const pieceShape: string[] = [];
		for (const j of pieceItems) {
			const e = pieceByKey.get(dwellKeyOf(j));
			if (!e) continue;
			const at = emittedAt.get(j) ?? NaN;
			const skipped = allPolls.filter((p) => p >= e.decidedAt && p < at);
			if (at < e.decidedAt || skipped.some((p) => !cutPolls.includes(p)))
				pieceShape.push(
					`${e.key}: emitted at +${(at - activatedAt) / MINUTE} min, due at +${(e.decidedAt - activatedAt) / MINUTE}`,
				);
			const shown = e.exitShown !== null && e.exitShown <= at;
			if (j.exitedOn !== undefined && !shown)
				exitedOn.push(`${e.key}: exitedOn ${String(j.exitedOn)} before the service showed it`);
			else checkExit(j, e.stay, shown);
			// The oracle's fields, exitedOn when carried, and what every item has.
			const want = [...Object.keys(e.fields), 'event', 'summary', 'eventId'];
			if (j.exitedOn !== undefined) want.push('exitedOn');
			if (JSON.stringify(Object.keys(j).sort()) !== JSON.stringify(want.sort()))
				pieceShape.push(`${e.key}: fields ${Object.keys(j).join(',')}`);
			const sentence = `Piece ${String(e.fields.pieceTrackingRef)} of consignment ${String(e.fields.trackingRef)} has been in facility ${e.stay.placeName} for more than ${LIMITS.dwellFacilityMinutes} min (since `;
			if (!String(j.summary).startsWith(sentence))
				pieceShape.push(`${e.key}: summary ${String(j.summary)}`);
		}
		const overdueItems = emitted.filter((j) => j.event === 'consignmentOverdue');
		const overdueKeyOf = (j: IDataObject) =>
			overdueKey(String(j.consignmentId), Date.parse(String(j.activatedAt)));
		return {
			dwell: compareEvents(dwell, assetDwell, dwellKeyOf),
			pieceDwell: compareEvents(pieceDwell, pieceItems, dwellKeyOf),
			overdue: compareEvents(overdue, overdueItems, overdueKeyOf),
			exitedOn,
			pieceShape: [
				...pieceShape,
				...dwellItems
					.filter((j) => (j.assetId === undefined) === (j.pieceId === undefined))
					.map((j) => `neither an asset's nor a piece's: ${JSON.stringify(j)}`),
			],
			eventIds: eventIdProblems([
				...dwellItems.map((j) => ({ j, key: dwellKeyOf(j) })),
				...overdueItems.map((j) => ({ j, key: overdueKeyOf(j) })),
			]),
			ambiguous,
			unread,
			late: lateCount(plans, pieceDwell),
			polls,
			stateBytes: bytesOf(nodeState(staticData)),
			memoryBytes: Object.fromEntries(
				['assetDwell', 'pieceDwell', 'overdue'].map((name) => [
					name,
					Buffer.byteLength(
						String((nodeState(staticData)?.memories as IDataObject)?.[name] ?? ''),
						'utf8',
					),
				]),
			),
			tokens: sim.stats.tokenRequests,
		};
	} finally {
		await stopSimulator(sim);
	}
}

function lateCount(
	plans: Shipment[],
	expected: Array<{ key: string; fields: Record<string, unknown> }>,
) {
	const shown = new Map<string, number>();
	for (const plan of plans)
		for (const piece of plan.pieces)
			for (const s of piece.stays)
				if (s.shownAt !== undefined)
					shown.set(dwellKey(piece.id, 'facility', s.facilityId, s.enteredOn), s.shownAt);
	return {
		stays: shown.size,
		firstSeenExceeded: expected.filter(
			(e) => Number(e.fields.exceededAt) <= (shown.get(e.key) ?? -Infinity),
		).length,
	};
}

/**
 * Every item has an eventId; one event (its key) has one eventId however often it was emitted,
 * and no two events share one.
 */
function eventIdProblems(items: Array<{ j: IDataObject; key: string }>): string[] {
	const problems: string[] = [];
	const idOf = new Map<string, string>();
	const keyOf = new Map<string, string>();
	for (const { j, key } of items) {
		const id = j.eventId;
		if (typeof id !== 'string' || id === '') {
			problems.push(`${key}: eventId ${String(id)}`);
			continue;
		}
		if ((idOf.get(key) ?? id) !== id) problems.push(`${key}: eventIds ${idOf.get(key)} and ${id}`);
		if ((keyOf.get(id) ?? key) !== key) problems.push(`${id}: events ${keyOf.get(id)} and ${key}`);
		idOf.set(key, id);
		keyOf.set(id, key);
	}
	return problems;
}

function expectExact(run: Run) {
	const families = { dwell: run.dwell, pieceDwell: run.pieceDwell, overdue: run.overdue };
	for (const [family, c] of Object.entries(families)) {
		expect({
			family,
			lost: c.lost,
			duplicated: c.duplicated,
			unexpected: c.unexpected,
			mismatched: c.mismatched,
		}).toEqual({
			family,
			lost: 0,
			duplicated: 0,
			unexpected: [],
			mismatched: [],
		});
		expect(c.expected).toBeGreaterThan(0);
	}
	expect(run.exitedOn).toEqual([]);
	expect(run.pieceShape).toEqual([]);
	expect(run.eventIds).toEqual([]);
	expect(run.ambiguous).toEqual([]);
	// A stay shown only after its consignment's last read would be lost: none in these runs.
	expect(run.unread).toEqual([]);
	expect(run.polls.failed).toBeGreaterThan(0);
	expect(run.polls.cut).toBeGreaterThan(0);
	expect(run.polls.restarts).toBeGreaterThan(0);
}

describe('time limits against the oracle (version 5)', () => {
	it.each([
		{ stepMinutes: 1, polls: 200, seed: 36 },
		{ stepMinutes: 5, polls: 60, seed: 37 },
	])(
		"polls every $stepMinutes min: dwellExceeded (assets' and pieces') and consignmentOverdue exactly once",
		async (o) => {
			const run = await runTimeLimits(o);
			console.log(
				`time limits, polls every ${o.stepMinutes} min (${JSON.stringify(run.polls)}, ${run.tokens} tokens, state ${run.stateBytes} bytes, memories ${JSON.stringify(run.memoryBytes)} for 12 assets and 10 random, 4 scripted and 6 late consignments)\n` +
					`assetDwell: ${line(run.dwell)}\npieceDwell: ${line(run.pieceDwell)} (${run.late.stays} stays shown late, ${run.late.firstSeenExceeded} of the events first seen exceeded; unread: ${run.unread.length}${run.unread.map((u) => `\n  ${u}`).join('')})\nconsignmentOverdue: ${line(run.overdue)}`,
			);
			expectExact(run);
		},
		300_000,
	);
});
