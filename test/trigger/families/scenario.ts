// Drives the trigger (version 3, every event) through n8n-core's poller against the simulator
// with hovering temperatures, moving assets and quiet labels, with failed polls, budget cuts and
// restarts, and compares what it emitted with the oracle's events, computed from the
// simulator's ground truth by the rules (oracle.ts imports nothing from nodes/).
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { EngineHarness } from '../../../engine/engine';
import type { AnyFamily } from '../../../nodes/AssetTracking/trigger/families/family';
import { FAMILIES } from '../../../nodes/AssetTracking/trigger/families/registry';
import { assets } from '../../../nodes/AssetTracking/trigger/subjects/assets';
import type { Simulator } from '../../../simulator';
import { Rng } from '../../../simulator/prng';
import { CUT_POLL, UNCUT_POLL, withCut, type Cut } from '../cuts';
import { bytesOf, byId, cloneJson, nodeState, startSimulator, stopSimulator } from '../helpers';
import { groundTruth } from '../truth';
import {
	compareEvents,
	familyOf,
	keyOfItem,
	line,
	SUBJECT_FAMILIES,
	type EventComparison,
	type FamilyLabel,
} from './compare';
import {
	DEFAULT_RULES,
	expectedBudget,
	expectedExcursions,
	expectedSilence,
	expectedStays,
	judgeBy,
	MINUTE,
	type ExpectedEvent,
} from './oracle';
import {
	expectedGroup,
	expectedPrinter,
	expectedShipment,
	groupChanges,
	observedAtRange,
} from './subjectOracle';

/** The values of these families' events from version 3 (no `since`), each once, in registry order. */
const version3Events = (families: readonly AnyFamily[]) => [
	...new Set(
		families.flatMap((family) =>
			family.events.filter((choice) => choice.since === undefined).map((choice) => choice.value),
		),
	),
];

/** Version 3's asset events, in the Events list's order: from the registry, so a new family joins. */
export const ASSET_EVENTS = version3Events(FAMILIES.filter((family) => family.kind === assets));

/** Profiles by Space of the profile runs (issue 28): a freezer and a chilled room. */
export const FREEZER = { maxTemperature: -15, minTemperature: -25, budgetMinutes: 60 };
export const CHILLED_ROOM = { maxTemperature: 8, minTemperature: 2, budgetMinutes: 120 };
const THRESHOLDS = [50, 80, 100];

/** Issue 27's events in lifecycle order (the Events list's), each with exactly the fields its items carry. */
export const SUBJECT_EVENT_FIELDS: Record<string, string[]> = {
	consignmentActivated: [
		'consignmentId',
		'trackingRef',
		'activatedAt',
		'facilityId',
		'facilityName',
	],
	pieceEnteredFacility: [
		'consignmentId',
		'trackingRef',
		'pieceId',
		'pieceTrackingRef',
		'facilityId',
		'facilityName',
		'userFacilityId',
		'enteredOn',
	],
	pieceLeftFacility: [
		'consignmentId',
		'trackingRef',
		'pieceId',
		'pieceTrackingRef',
		'facilityId',
		'facilityName',
		'userFacilityId',
		'enteredOn',
		'exitedOn',
	],
	consignmentArrived: [
		'consignmentId',
		'trackingRef',
		'facilityId',
		'facilityName',
		'arrivedAt',
		'piecesArrived',
		'piecesTotal',
	],
	consignmentCompleted: [
		'consignmentId',
		'trackingRef',
		'facilityId',
		'completedAt',
		'piecesTotal',
	],
	consignmentDeactivated: [
		'consignmentId',
		'trackingRef',
		'deactivatedAt',
		'facilityId',
		'facilityName',
	],
	assetGroupUnavailable: [
		'assetGroupId',
		'assetGroupName',
		'facilityId',
		'count',
		'availabilityThreshold',
		'observedAt',
	],
	assetGroupAvailable: [
		'assetGroupId',
		'assetGroupName',
		'facilityId',
		'count',
		'availabilityThreshold',
		'observedAt',
	],
	printerOffline: ['printerId', 'printerName', 'observedAt'],
	printerOnline: ['printerId', 'printerName', 'observedAt'],
};

/**
 * Version 3's events in the Events list's order (the asset events, then issue 27's): from the
 * registry. Every event of another subject has its fields above (events.test.ts checks).
 */
export const ALL_EVENTS = version3Events(FAMILIES);

/**
 * The events version 5 brought (issue 36's rules), from the node's families by their `since`:
 * versions 3 and 4 neither list nor accept them. One list for every test that needs it.
 */
export const VERSION_5_EVENTS: readonly string[] = [
	...new Set(
		FAMILIES.flatMap((family) => family.events)
			.filter((choice) => choice.since === 5)
			.map((choice) => choice.value),
	),
];

/** What the subject families watch in a scenario (issue 27): scheduled by the simulator. */
export interface SubjectScenario {
	consignments: number;
	/** Pieces per consignment. */
	pieces: [number, number];
	printers: number;
	groups: number;
}

/** The events tests' subjects: consignments coming and going, printers going offline, groups crossing thresholds. */
export const SUBJECTS: SubjectScenario = {
	consignments: 8,
	pieces: [2, 5],
	printers: 5,
	groups: 6,
};

/** The subjects' lists a poll reads besides the asset list: consignments, facilities, printers. */
const SUBJECT_LISTS = 3;

export interface EventScenario {
	assets: number;
	/** Minutes between polls. */
	stepMinutes: number;
	polls: number;
	/** Share of API requests that fail (429, 5xx, dropped connections); failed polls save nothing. */
	faultRate?: number;
	/** Every k-th poll fails midway: one asset's facility history answers 503 until retries run out. */
	failEvery?: number;
	/** Poll i (1-based) is cut where this says (cuts.ts: deterministic, whatever this machine's speed). */
	cutAt?: (poll: number) => Cut | undefined;
	concurrency?: number;
	/** Every k-th poll runs after a restart (static data through JSON, a new engine). */
	restartEvery?: number;
	/** Move one asset to another space every k minutes of simulated time. */
	moveEveryMinutes?: number;
	/** Quiet periods per asset (minutes), scheduled at random after the activation. */
	quietMinutes?: number;
	silentAfterMinutes?: number;
	/** Labels at the spec's cadence (a location every 20 minutes, a quarter with a twin). */
	specCadence?: boolean;
	seed?: number;
	/**
	 * Profiles by Space: the seeded freezer (FREEZER) and Cold Room "A" as a chilled room
	 * (CHILLED_ROOM); `movers` more assets, hovering at the freezer's bound, go from one to the
	 * other every `moveMinutes`, and the random moves may take any asset into either.
	 */
	profiles?: { movers: number; moveMinutes: number };
	/** More assets that make a 9-minute excursion every hour at 9.5 °C (5 °C otherwise). */
	shortExcursions?: number;
	/** The node's Stability Budget (Minutes); default 120 (the option's default). */
	budgetMinutes?: number;
	/** Consignments, printers and asset groups changing over the run, with every event of theirs. */
	subjects?: SubjectScenario;
	/**
	 * Trigger version 5 (else 3) with issue 36's six events chosen too and these options, their
	 * rules (alarms, remindEveryMinutes, dwell and overdue limits); the retry settings then sit in
	 * Advanced, where version 4 moved them, and Alert Above and Below on the node. Every event is
	 * chosen (the consignments', facilities' and printers' lists are read even without `subjects`).
	 * Given the workspace's spaces, for alarms with spaces.
	 */
	version5?: (spaceIds: string[]) => IDataObject;
	/** With `version5`: the trigger version (default 5). */
	typeVersion?: number;
}

type AssetFamily = 'excursion' | 'space' | 'facility' | 'silence' | 'budget';

export interface EventRun {
	/** The asset families always; issue 27's with subjects. */
	families: Record<AssetFamily, EventComparison> & Partial<Record<FamilyLabel, EventComparison>>;
	/** Temperature readings above Alert Above or below Alert Below: what Alert Above/Below items would have sent. */
	alertReadings: number;
	/** The saved state after the last poll, and its size as JSON. */
	state: IDataObject;
	stateBytes: number;
	/** Bytes of each list's and family's memories in the saved state ("|"-separated parts). */
	memoryBytes: Record<string, number>;
	polls: { failed: number; cut: number; restarts: number };
	requests: number;
	tokens: number;
	/** Every item emitted, and the assets of the short excursions. */
	items: IDataObject[];
	shortExcursionIds: string[];
}

/** The scenario's result, one line per family, as the issue asks them printed. */
export const summary = (run: EventRun) =>
	Object.entries(run.families)
		.map(([family, c]) => `${family}: ${line(c)}`)
		.join('\n');

/** Every family exact: nothing lost, nothing twice, nothing unexpected, every field as the oracle says. */
export function expectExact(run: EventRun): void {
	for (const [family, c] of Object.entries(run.families) as Array<[string, EventComparison]>) {
		expect({ family, lost: c.lost, duplicated: c.duplicated }).toEqual({
			family,
			lost: 0,
			duplicated: 0,
		});
		expect({ family, unexpected: c.unexpected, mismatched: c.mismatched }).toEqual({
			family,
			unexpected: [],
			mismatched: [],
		});
		expect(c.expected).toBeGreaterThan(0);
	}
}

export async function runEventScenario(o: EventScenario): Promise<EventRun> {
	const { sim } = await startSimulator({
		labelledAssets: 0,
		historyMinutes: 60,
		specCadence: o.specCadence,
	});
	try {
		const rng = new Rng(o.seed ?? 17);
		const ws = sim.seed.workspaceId;
		const spaces = sim.spacesOf(ws);
		const half = Math.ceil(o.assets / 2);
		const ids = [
			...sim.addLabelledAssets(ws, half, {
				temperatureProfile: { bound: 8, side: 'above' },
				inSpaceIds: [spaces[0].id],
			}),
			...sim.addLabelledAssets(ws, o.assets - half, {
				temperatureProfile: { bound: 2, side: 'below' },
				inSpaceIds: [spaces[1 % spaces.length].id],
			}),
		];
		const silentAfter = o.silentAfterMinutes ?? 30;
		const freezer = sim.seed.freezerSpaceId;
		const chilled = spaces.find((space) => space.name === 'Cold Room "A"')!.id;
		const profiles: Record<string, typeof FREEZER> = o.profiles
			? { [freezer]: FREEZER, [chilled]: CHILLED_ROOM }
			: {};
		/** The node's own bounds and budget, for readings in no profiled space. */
		const nodeBounds = {
			maxTemperature: DEFAULT_RULES.maxTemperature,
			minTemperature: DEFAULT_RULES.minTemperature,
			budgetMinutes: o.budgetMinutes ?? 120,
		};
		const start = sim.clock.now();
		const end = start + o.polls * o.stepMinutes * MINUTE;
		// After the spaces the assets move between are chosen: these facilities are the subjects'.
		if (o.subjects) scheduleSubjects(sim, ws, o.subjects, start, end);
		const retry = { retryBaseDelay: 5, maxRetryWait: 2, maxRetries: 1 };
		const parameters = {
			events: o.version5
				? [...ALL_EVENTS, ...VERSION_5_EVENTS]
				: o.subjects
					? ALL_EVENTS
					: ASSET_EVENTS,
			scope: 'workspace',
			workspaceId: byId(ws),
			...(o.version5
				? {
						advanced: retry,
						maxTemperature: DEFAULT_RULES.maxTemperature,
						minTemperature: DEFAULT_RULES.minTemperature,
					}
				: {}),
			options: {
				...(o.version5 ? o.version5(spaces.map((space) => space.id)) : retry),
				silentAfterMinutes: silentAfter,
				...(o.concurrency ? { concurrency: o.concurrency } : {}),
				...(o.budgetMinutes ? { budgetMinutes: o.budgetMinutes } : {}),
				...(o.profiles
					? {
							spaceProfiles: {
								profile: Object.entries(profiles).map(([spaceId, p]) => ({
									spaceId: byId(spaceId),
									...p,
								})),
							},
						}
					: {}),
			},
		} as unknown as INodeParameters;
		const v3 = { typeVersion: o.version5 ? (o.typeVersion ?? 5) : 3, ...UNCUT_POLL };

		const movers = o.profiles
			? sim.addLabelledAssets(ws, o.profiles.movers, {
					temperatureProfile: { bound: FREEZER.maxTemperature, side: 'above' },
					inSpaceIds: [freezer],
				})
			: [];
		const shortExcursionIds = o.shortExcursions
			? sim.addLabelledAssets(ws, o.shortExcursions, {
					temperatureScript: shortExcursions(start - 60 * MINUTE, end + 60 * MINUTE),
				})
			: [];
		const all = [...ids, ...movers, ...shortExcursionIds];
		for (const id of ids) {
			if (!o.quietMinutes || rng.int(0, 1) === 0) continue;
			const from =
				start + rng.int(5, Math.max(6, (end - start) / MINUTE - o.quietMinutes)) * MINUTE;
			sim.quietLabel(id, from, from + o.quietMinutes * MINUTE);
		}

		// Tokens expire every 50 requests: a 401 mid-poll, n8n's refresh, the request again.
		sim.tokens.maxRequestsPerToken = 50;
		let n8n = new EngineHarness(sim);
		let staticData: IDataObject = {};
		const emitted: IDataObject[] = [];
		expect(await n8n.poll(parameters, staticData, 'trigger', 'activate', v3)).toBeNull();
		const activatedAt = sim.clock.now();
		// Polls that read every asset, and all polls: a cut poll still sees silence where the
		// asset list shows an asset has nothing new, so a wentSilent may come at either.
		const fullPolls = [activatedAt];
		const allPolls = [activatedAt];
		const polls = { failed: 0, cut: 0, restarts: 0 };
		let lastMove = activatedAt;
		let lastMoverMove = activatedAt;
		let moversIn = freezer;
		if (o.faultRate) {
			sim.faults.random({
				rate: o.faultRate,
				kinds: ['429', '500', '503', 'drop'],
				retryAfterSeconds: 1,
			});
		}
		for (let i = 1; i <= o.polls; i++) {
			sim.clock.advance(o.stepMinutes * MINUTE);
			while (o.moveEveryMinutes && sim.clock.now() - lastMove >= o.moveEveryMinutes * MINUTE) {
				lastMove += o.moveEveryMinutes * MINUTE;
				const id = ids[rng.int(0, ids.length - 1)];
				sim.moveAsset(id, [spaces[rng.int(0, spaces.length - 1)].id]);
			}
			while (o.profiles && sim.clock.now() - lastMoverMove >= o.profiles.moveMinutes * MINUTE) {
				lastMoverMove += o.profiles.moveMinutes * MINUTE;
				moversIn = moversIn === freezer ? chilled : freezer;
				for (const id of movers) sim.moveAsset(id, [moversIn]);
			}
			if (o.restartEvery && i % o.restartEvery === 0) {
				staticData = cloneJson(staticData);
				n8n = new EngineHarness(sim);
				polls.restarts++;
			}
			const given = o.cutAt?.(i);
			// The cuts count the asset list as the poll's first request: the subjects' lists with it.
			const cut: Cut | undefined =
				given && (o.subjects || o.version5) ? (r) => given(Math.max(0, r - SUBJECT_LISTS)) : given;
			if (o.failEvery && i % o.failEvery === 0 && !cut) {
				const victim = ids[rng.int(0, ids.length - 1)];
				sim.faults.queue({
					status: 503,
					match: { path: `/assets/${victim}/facilities` },
					times: 2,
				});
			}
			const before = cloneJson(staticData);
			try {
				const poll = () =>
					n8n.poll(parameters, staticData, 'trigger', 'activate', {
						...v3,
						...(cut ? CUT_POLL : {}),
					});
				const items = cut ? await withCut(sim, cut, poll) : await poll();
				for (const item of items ?? []) emitted.push(item.json);
				allPolls.push(sim.clock.now());
				if (cut) polls.cut++;
				else fullPolls.push(sim.clock.now());
			} catch {
				polls.failed++;
				// A failed poll moves nothing.
				expect(cloneJson(staticData)).toEqual(before);
			}
		}
		// One clean poll at the end: what cut and failed polls left is read now.
		sim.faults.random(null);
		sim.clock.advance(MINUTE);
		const closing = await n8n.poll(parameters, staticData, 'trigger', 'activate', v3);
		for (const item of closing ?? []) emitted.push(item.json);
		const upTo = sim.clock.now();
		fullPolls.push(upTo);
		allPolls.push(upTo);
		/** wentSilent's silentMinutes, as the earliest and the latest poll that may detect it. */
		const silentMinutes = new Map<string, [number, number]>();

		const expected: ExpectedEvent[] = [];
		let alertReadings = 0;
		for (const id of all) {
			const temperatures = groundTruth(sim, ['temperature'], [id], 0, upTo).map((r) => ({
				timestamp: r.timestamp,
				degreesCelsius: (r.reading as { degreesCelsius: number }).degreesCelsius,
			}));
			const locations = groundTruth(sim, ['location'], [id], 0, upTo);
			alertReadings += temperatures.filter(
				(t) =>
					Date.parse(t.timestamp) > activatedAt &&
					(t.degreesCelsius > DEFAULT_RULES.maxTemperature ||
						t.degreesCelsius < DEFAULT_RULES.minTemperature),
			).length;
			const judge = judgeBy(sim.membershipsOf(id), profiles, nodeBounds);
			expected.push(...expectedExcursions(id, temperatures, activatedAt, DEFAULT_RULES, judge));
			expected.push(...expectedBudget(id, temperatures, activatedAt, judge, THRESHOLDS));
			const memberships = sim
				.membershipsOf(id)
				.map((m) => ({ id: m.spaceId, enteredOn: m.enteredOn, exitedOn: m.exitedOn }));
			expected.push(...expectedStays(id, 'space', memberships, activatedAt, upTo));
			const stays = sim
				.facilityStaysOf(id)
				.map((s) => ({ id: s.facilityId, enteredOn: s.enteredOn, exitedOn: s.exitedOn }));
			expected.push(...expectedStays(id, 'facility', stays, activatedAt, upTo));
			const times = [...temperatures, ...locations].map((r) => Date.parse(r.timestamp));
			const early = new Map(
				expectedSilence(id, times, allPolls, silentAfter).map((e) => [e.key, e]),
			);
			for (const event of expectedSilence(id, times, fullPolls, silentAfter)) {
				if (event.event === 'wentSilent') {
					const earliest = early.get(event.key)?.fields.silentMinutes as number | undefined;
					const latest = event.fields.silentMinutes as number;
					silentMinutes.set(event.key, [earliest ?? latest, latest]);
					delete event.fields.silentMinutes;
				}
				expected.push(event);
			}
		}

		for (const j of emitted) {
			const range = silentMinutes.get(keyOfItem(j) ?? '');
			if (!range) continue;
			expect(j.silentMinutes).toBeGreaterThanOrEqual(range[0]);
			expect(j.silentMinutes).toBeLessThanOrEqual(range[1]);
		}
		const assetFamily = (family: AssetFamily) =>
			compareEvents(
				expected.filter((e) => familyOf(e.event) === family),
				emitted.filter((j) => familyOf(j.event) === family),
			);
		const families: EventRun['families'] = {
			excursion: assetFamily('excursion'),
			space: assetFamily('space'),
			facility: assetFamily('facility'),
			silence: assetFamily('silence'),
			budget: assetFamily('budget'),
		};
		if (o.subjects) {
			Object.assign(families, compareSubjects(sim, ws, emitted, activatedAt, allPolls, fullPolls));
		}
		return {
			families,
			alertReadings,
			state: nodeState(staticData) ?? {},
			stateBytes: bytesOf(nodeState(staticData)),
			memoryBytes: Object.fromEntries(
				Object.entries((nodeState(staticData)?.memories ?? {}) as Record<string, string>).map(
					([name, parts]) => [name, Buffer.byteLength(parts, 'utf8')],
				),
			),
			polls,
			requests: sim.stats.requests,
			tokens: sim.stats.tokenRequests,
			items: emitted,
			shortExcursionIds,
		};
	} finally {
		await stopSimulator(sim);
	}
}

/**
 * A temperature that leaves 2–8 °C for 9 minutes every hour (9.5 °C, readings at minutes 5 to 13),
 * 5 °C otherwise: never an excursion of the default 10 minutes, 9 minutes of budget an hour.
 */
function shortExcursions(from: number, until: number) {
	const hour = 60 * MINUTE;
	const steps = [];
	for (let h = Math.floor(from / hour) * hour; h < until; h += hour)
		steps.push({ from: h + 5 * MINUTE, until: h + 14 * MINUTE, celsius: 9.5 });
	return [...steps, { from, until, celsius: 5 }];
}

/** The scenario's consignments, printers and asset groups, in facilities of their own. */
export function scheduleSubjects(
	sim: Simulator,
	ws: string,
	o: SubjectScenario,
	start: number,
	end: number,
): void {
	const [origin, hub, destination, ward] = [
		'Origin Dock',
		'Cross-dock Hub',
		'Destination DC',
		'Ward 5',
	].map((name, i) => sim.addFacility(ws, name, `FAC-${i + 1}`));
	sim.addShipments(ws, {
		count: o.consignments,
		pieces: o.pieces,
		from: start,
		until: end,
		facilityIds: [origin.facilityId, hub.facilityId, destination.facilityId],
	});
	scheduleMidRoute(
		sim,
		ws,
		[origin, hub, destination].map((f) => f.facilityId),
		start,
		end,
	);
	sim.addPrinterOutages(ws, { count: o.printers, from: start, until: end });
	sim.addGroupSwings(ws, { count: o.groups, places: [ward, hub], from: start, until: end });
}

/** The tracking reference of the consignment that is moved into the workspace mid-route. */
export const MID_ROUTE = 'MID-ROUTE-1';

/**
 * Issue 34: a consignment moved into the workspace while on its way, listed from the activation +
 * 200 minutes (half the run when it is shorter), active since 420 minutes before that. Before its
 * listing, within the 180-minute window: a piece's entry into the hub 100 minutes before and its
 * exit 8 minutes before, another piece's entry 5 minutes before, a third's exit from the hub 150
 * minutes before (its entry, 190 minutes before, is older than the window); older still, every
 * piece's stay at the origin. After it, all three reach the destination and it is deactivated.
 */
function scheduleMidRoute(
	sim: Simulator,
	ws: string,
	[origin, hub, destination]: string[],
	start: number,
	end: number,
): void {
	const listed = start + Math.min(200 * MINUTE, Math.floor((end - start) / 2 / MINUTE) * MINUTE);
	const at = (minutes: number) => listed + minutes * MINUTE;
	const piece = (n: number, stays: Array<[string, number, number | null]>) => ({
		trackingRef: `${MID_ROUTE}-P${n}`,
		stays: stays.map(([facilityId, enteredOn, exitedOn]) => ({
			facilityId,
			enteredOn: at(enteredOn),
			exitedOn: exitedOn === null ? null : at(exitedOn),
		})),
	});
	sim.scheduleShipments([
		{
			trackingRef: MID_ROUTE,
			workspaceId: ws,
			createdAt: at(-430),
			movedInAt: listed,
			destination: { facilityId: destination },
			changes: [
				{ at: at(-420), active: true, facilityId: origin },
				{ at: at(35), active: false, facilityId: destination },
			],
			pieces: [
				piece(1, [
					[origin, -410, -300],
					[hub, -100, -8],
					[destination, 10, null],
				]),
				piece(2, [
					[origin, -405, -290],
					[hub, -5, 3],
					[destination, 15, null],
				]),
				piece(3, [
					[origin, -400, -200],
					[hub, -190, -150],
					[destination, 20, null],
				]),
			],
		},
	]);
}

/**
 * Issue 27's families against the subject oracle: every key once, every field as the oracle says,
 * each item with exactly the issue's fields, and a group's observedAt within the polls that could
 * see its change.
 */
function compareSubjects(
	sim: Simulator,
	ws: string,
	emitted: IDataObject[],
	activatedAt: number,
	allPolls: number[],
	fullPolls: number[],
): Partial<Record<FamilyLabel, EventComparison>> {
	const upTo = allPolls[allPolls.length - 1];
	const facilities = new Map(sim.facilitiesOf(ws).map((f) => [f.id, f]));
	const plans = sim.scheduled();
	// A consignment moved in mid-route is listed by the first poll at or after its move.
	const listedBy = (plan: { movedInAt?: number }) => ({
		listedAt: allPolls.find((poll) => poll >= (plan.movedInAt ?? Infinity)) ?? Infinity,
		windowMs: 180 * MINUTE,
	});
	const expected: ExpectedEvent[] = [
		...plans.shipments.flatMap((plan) =>
			expectedShipment(plan, facilities, activatedAt, upTo, listedBy(plan)),
		),
		...plans.printers.flatMap((plan) => expectedPrinter(plan, allPolls)),
		...plans.groups.flatMap((plan) => expectedGroup(plan, activatedAt, upTo)),
	];
	const changes = new Map(plans.groups.map((plan) => [plan.id, groupChanges(plan)]));
	const groupChange = (groupId: string, observedAt: number) =>
		changes
			.get(groupId)
			?.filter((c) => c.at <= observedAt)
			.at(-1)?.at;
	// One expect for all items: tens of thousands of them in the state-size run.
	const problems: string[] = [];
	for (const j of emitted) {
		const fields = SUBJECT_EVENT_FIELDS[String(j.event)];
		if (!fields) continue;
		const got = Object.keys(j).sort().join(',');
		const want = ['event', ...fields].sort().join(',');
		if (got !== want) problems.push(`${String(j.event)} has ${got}, not ${want}`);
		if (familyOf(j.event) !== 'group') continue;
		const observedAt = Date.parse(String(j.observedAt));
		const changedAt = groupChange(String(j.assetGroupId), observedAt);
		if (changedAt === undefined) continue;
		const [earliest, latest] = observedAtRange(changedAt, allPolls, fullPolls);
		if (observedAt < earliest || observedAt > latest)
			problems.push(
				`${String(j.assetGroupId)} ${String(j.event)} observed at ${String(j.observedAt)}, not between ${new Date(earliest).toISOString()} and ${new Date(latest).toISOString()}`,
			);
	}
	expect(problems).toEqual([]);
	const families: Partial<Record<FamilyLabel, EventComparison>> = {};
	for (const family of SUBJECT_FAMILIES) {
		families[family] = compareEvents(
			expected.filter((e) => familyOf(e.event) === family),
			emitted.filter((j) => familyOf(j.event) === family),
			(j) => keyOfItem(j, groupChange),
		);
	}
	// The consignment moved in mid-route, on its own line (its events are counted above too).
	const midRoute = plans.shipments.find((plan) => plan.trackingRef === MID_ROUTE);
	if (midRoute) {
		families.midRoute = compareEvents(
			expected.filter((e) => e.assetId === midRoute.id),
			emitted.filter((j) => j.consignmentId === midRoute.id),
			(j) => keyOfItem(j, groupChange),
		);
	}
	return families;
}
