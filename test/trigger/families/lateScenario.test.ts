/* eslint-disable no-console -- the issue asks the lines printed */
// Issue 46's acceptance: rules judged on the complete timeline, so a late batch cannot hide an
// episode. Trigger version 6 through n8n-core's poller against the simulator over real HTTP: 16
// assets whose temperatures hover around 8 and 2 °C (the default rule, 10 minutes, hysteresis 0.5,
// window 180 minutes), alarms counted consecutively and cumulatively, the stability budget; labels
// uploading every 20 to 60 minutes, the oldest third of every upload relayed 30, 60 or 150 minutes
// late (or, the control, uploads in order); polls every 1 and 5 minutes with restarts, polls cut by
// the budget, random 429s and polls failed by an asset's 429s, then an hour's drain. Every episode of the complete timeline
// (lateOracle.ts, which imports nothing from nodes/) is compared with the items: each run prints
// `episodes N, reported N, missed 0, reported twice 0, unconfirmed K`. Every cut, failure and
// lateness is a function of the poll's number, a seeded PRNG and the simulator's clock: nothing
// depends on this machine's speed.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { EngineHarness } from '../../../engine/engine';
import type { LateUploads } from '../../../simulator';
import { Rng } from '../../../simulator/prng';
import { afterRequests, CUT_POLL, UNCUT_POLL, withCut } from '../cuts';
import { byId, cloneJson, MINUTE, startSimulator, stopSimulator } from '../helpers';
import { COLD, keyOfAlarmItem, WARM, type AlarmSpec } from './alarmOracle';
import { compareEvents, keyOfItem } from './compare';
import {
	episodeKey,
	episodesOf,
	SWEEP_REACH,
	type Episode,
	type Family,
	type Rules,
} from './lateOracle';
import { DEFAULT_RULES, type ExpectedEvent } from './oracle';

const ASSETS = 16;
const WINDOW = 180;
/** Reminders every 5 minutes: many fall due; of a late-found alarm, none before it was found. */
const REMIND = 5;
/** Each upload's oldest third is relayed this late (one of them per upload, seeded). */
const RELAY_FRACTION = 1 / 3;
/** After the faulty polls: a sweep period (30 minutes), half one more and room for the last reads. */
const DRAIN_MINUTES = 60;

const ALARMS: AlarmSpec[] = [
	WARM,
	{ ...WARM, name: 'Too warm', threshold: 9, delayMinutes: 3, severity: 'critical' },
	COLD,
	{ ...WARM, name: 'Warm in total', delayMinutes: 45, counting: 'cumulative', severity: 'info' },
];

const RULES: Rules = {
	excursion: DEFAULT_RULES,
	alarms: ALARMS,
	budgetMinutes: 120,
	thresholds: [50, 80, 100],
	windowMinutes: WINDOW,
};

const EVENTS = [
	'excursionStarted',
	'excursionEnded',
	'budgetConsumed',
	'alarmRaised',
	'alarmOngoing',
	'alarmCleared',
];

/** The field that holds a start item's moment: detection, raise or reach. */
const MOMENT: Record<Family, string> = {
	excursion: 'detectedAt',
	alarm: 'raisedAt',
	budget: 'reachedAt',
};

const START_EVENT: Record<string, Family> = {
	excursionStarted: 'excursion',
	alarmRaised: 'alarm',
	budgetConsumed: 'budget',
};

interface Run {
	stepMinutes: number;
	hours: number;
	/** Relays of the oldest third of every upload; null: uploads in order. */
	relayMinutes: number[] | null;
}

interface Emitted {
	json: IDataObject;
	/** The service's clock at the poll that emitted it. */
	polledAt: number;
}

const iso = (t: number) => new Date(t).toISOString();
const ms = (v: unknown) => Date.parse(String(v));
const hhmm = (t: number) => iso(t).slice(11, 16);

/** The item's key as the families' comparisons write it. */
const keyOf = (j: IDataObject) =>
	String(j.event).startsWith('alarm') ? keyOfAlarmItem(j) : keyOfItem(j);

/** Drives one run and returns what it emitted, with the simulator's complete timeline judged. */
async function drive(run: Run) {
	const uploads: LateUploads = { share: 0, delaysMinutes: [], uploadEveryMinutes: [20, 60] };
	const { sim } = await startSimulator({
		labelledAssets: 0,
		historyMinutes: 120,
		lateUploads: uploads,
	});
	try {
		const rng = new Rng(46);
		const ws = sim.seed.workspaceId;
		const spaces = sim.spacesOf(ws);
		const ids = [
			...sim.addLabelledAssets(ws, ASSETS / 2, {
				temperatureProfile: { bound: 8, side: 'above' },
				inSpaceIds: [spaces[0].id],
			}),
			...sim.addLabelledAssets(ws, ASSETS / 2, {
				temperatureProfile: { bound: 2, side: 'below' },
				inSpaceIds: [spaces[1].id],
			}),
		];
		if (run.relayMinutes)
			sim.setLateUploads({
				...uploads,
				relay: { assetIds: ids, fraction: RELAY_FRACTION, delaysMinutes: run.relayMinutes },
			});
		const parameters = {
			events: EVENTS,
			scope: 'workspace',
			workspaceId: byId(ws),
			maxTemperature: DEFAULT_RULES.maxTemperature,
			minTemperature: DEFAULT_RULES.minTemperature,
			advanced: { retryBaseDelay: 5, maxRetryWait: 2, maxRetries: 1 },
			options: {
				// One read at a time: a cut stops at the same request on any machine (cuts.ts).
				concurrency: 1,
				excursionMinutes: DEFAULT_RULES.excursionMinutes,
				hysteresis: DEFAULT_RULES.hysteresis,
				lateWindowMinutes: WINDOW,
				budgetMinutes: RULES.budgetMinutes,
				budgetThresholds: RULES.thresholds.join(','),
				remindEveryMinutes: REMIND,
				alarms: { alarm: ALARMS.map((a) => ({ ...a, spaceIds: [] })) },
			},
		} as unknown as INodeParameters;
		const v6 = { typeVersion: 6, timezone: 'UTC', ...UNCUT_POLL };
		sim.tokens.maxRequestsPerToken = 50;
		let n8n = new EngineHarness(sim);
		let staticData: IDataObject = {};
		expect(await n8n.poll(parameters, staticData, 'trigger', 'activate', v6)).toBeNull();
		const activatedAt = sim.clock.now();
		const items: Emitted[] = [];
		const polls = { done: 0, failed: 0, cut: 0, restarts: 0, readFailed: 0 };
		const poll = async (cut: boolean) => {
			const once = () =>
				n8n.poll(parameters, staticData, 'trigger', 'activate', {
					...v6,
					...(cut ? CUT_POLL : {}),
				});
			const before = cloneJson(staticData);
			try {
				const got = cut ? await withCut(sim, afterRequests(3), once) : await once();
				for (const item of got ?? []) items.push({ json: item.json, polledAt: sim.clock.now() });
				polls.done++;
				if (cut) polls.cut++;
			} catch {
				polls.failed++;
				// A failed poll moves nothing.
				expect(cloneJson(staticData)).toEqual(before);
			}
		};
		// 429s on 2 % of requests, answered again at once (Retry-After 0): a poll fails where both tries do.
		sim.faults.random({ rate: 0.02, kinds: ['429'], retryAfterSeconds: 0 });
		const count = Math.round((run.hours * 60) / run.stepMinutes);
		const every = (minutes: number) => Math.max(2, Math.round(minutes / run.stepMinutes));
		for (let i = 1; i <= count; i++) {
			sim.clock.advance(run.stepMinutes * MINUTE);
			if (i % every(55) === 0) {
				staticData = cloneJson(staticData);
				n8n = new EngineHarness(sim);
				polls.restarts++;
			}
			const cut = i % every(35) === 0;
			// Now and then one asset's temperatures answer 429 until the retries run out: its reads wait.
			if (!cut && i % every(25) === 0) {
				polls.readFailed++;
				sim.faults.queue({
					status: 429,
					retryAfter: '0',
					match: { path: `/assets/${ids[rng.int(0, ids.length - 1)]}/temperatures` },
					times: 2,
				});
			}
			await poll(cut);
		}
		const lastFaultyPoll = sim.clock.now();
		sim.faults.random(null);
		for (let m = 0; m < DRAIN_MINUTES; m += run.stepMinutes) {
			sim.clock.advance(run.stepMinutes * MINUTE);
			await poll(false);
		}
		const end = sim.clock.now();
		const episodes = ids.flatMap((id) =>
			episodesOf(
				id,
				sim
					.readingsGenerated({ kind: 'temperature', assetIds: [id], after: 0, upTo: end })
					.map((r) => ({
						timestamp: r.timestamp,
						t: Date.parse(r.timestamp),
						degreesCelsius: (r.reading as { degreesCelsius: number }).degreesCelsius,
						deliveredAt: r.deliveredAt,
					})),
				activatedAt,
				lastFaultyPoll,
				RULES,
			),
		);
		// The relays' ages at arrival: how late the lists got each reading the run read.
		const ages = sim
			.readingsGenerated({
				kind: 'temperature',
				assetIds: ids,
				after: activatedAt,
				upTo: end,
				byDelivery: true,
			})
			.map((r) => (r.deliveredAt - Date.parse(r.timestamp)) / MINUTE);
		return {
			ids,
			activatedAt,
			items,
			episodes,
			polls,
			oldest: Math.max(...ages),
			requests: sim.stats.requests,
		};
	} finally {
		await stopSimulator(sim);
	}
}

type Driven = Awaited<ReturnType<typeof drive>>;

/** What an emitted start item says about its episode: family, rule and start. */
function startOf(j: IDataObject) {
	const family = START_EVENT[String(j.event)];
	if (family === 'budget') return { family, rule: String(j.percent), startedAt: 0 };
	return {
		family,
		rule: String(family === 'alarm' ? j.alarm : j.direction),
		startedAt: ms(j.startedAt),
	};
}

const isCumulative = (e: Episode) =>
	ALARMS.find((a) => a.name === e.rule)?.counting === 'cumulative';

/**
 * The start item covers the episode (the rule agreed with the engine): same asset and rule, and
 * the reading it started at lies inside the episode, from its start to before its end. A budget
 * share and a cumulative alarm are reached once per asset.
 */
function covers(j: IDataObject, e: Episode): boolean {
	const s = startOf(j);
	if (s.family !== e.family || j.assetId !== e.assetId || s.rule !== e.rule) return false;
	if (e.family === 'budget' || isCumulative(e)) return true;
	return e.startedAt <= s.startedAt && s.startedAt < (e.endedAt ?? Number.POSITIVE_INFINITY);
}

const nameOf = (e: Episode) => episodeKey(e.family, e.assetId, e.rule, e.startedAt);

interface Verdict {
	line: string;
	episodes: number;
	missed: string[];
	twice: string[];
	unconfirmed: number;
	/** Every field of every reported episode that differs from the complete timeline's. */
	mismatched: string[];
	lateFound: number;
	/** Each item's eventId by its key (what the in-order run gives the relayed runs to compare). */
	eventIds: Map<string, string>;
	items: IDataObject[];
}

/**
 * Compares the items with the episodes of the complete timeline: which are reported (covered by a
 * start item), twice, or not at all; which start items no episode confirms; and, for each episode
 * reported with its own start, every field of its start and end items, `late`, `foundAt`, its
 * `eventId` against the in-order run's (`inOrder`) and its reminders.
 */
function judge(name: string, d: Driven, inOrder?: Map<string, string>): Verdict {
	const starts = d.items.filter((e) => START_EVENT[String(e.json.event)] !== undefined);
	const byKey = new Map<string, Emitted[]>();
	for (const e of d.items) {
		const key = keyOf(e.json);
		if (key !== null) byKey.set(key, [...(byKey.get(key) ?? []), e]);
	}
	const must = d.episodes.filter((e) => e.must);
	// Start items and episodes by asset, family and rule: only those can cover one another.
	const group = (family: Family, assetId: unknown, rule: string) =>
		`${family}|${String(assetId)}|${rule}`;
	const startsBy = new Map<string, Emitted[]>();
	for (const s of starts) {
		const { family, rule } = startOf(s.json);
		const key = group(family, s.json.assetId, rule);
		startsBy.set(key, [...(startsBy.get(key) ?? []), s]);
	}
	const coveredBy = new Map(
		d.episodes.map(
			(e) =>
				[
					e,
					(startsBy.get(group(e.family, e.assetId, e.rule)) ?? []).filter((s) => covers(s.json, e)),
				] as const,
		),
	);
	const covered = new Set([...coveredBy.values()].flat());
	const missed = must
		.filter((e) => coveredBy.get(e)!.length === 0)
		.map((e) => `${nameOf(e)} detected ${iso(e.detectedAt)}`);
	const twice = [
		...d.episodes
			.filter((e) => coveredBy.get(e)!.length > 1)
			.map(
				(e) =>
					`${nameOf(e)} by ${coveredBy
						.get(e)!
						.map((s) => keyOf(s.json))
						.join(', ')}`,
			),
		// The same item twice, whether or not the timeline holds its episode (ends and reminders too).
		...[...byKey]
			.filter(([, list]) => list.length > 1)
			.map(([key, list]) => `${key} ×${list.length}`),
	];
	const unconfirmed = starts.filter((s) => !covered.has(s));

	const mismatched: string[] = [];
	// Every item of these events says whether it was found late, and only a late one when.
	for (const e of d.items) {
		const j = e.json;
		if (typeof j.late !== 'boolean')
			mismatched.push(`${keyOf(j)} late ${String(j.late)}, not true or false`);
		else if (j.late ? ms(j.foundAt) !== e.polledAt : j.foundAt !== undefined)
			mismatched.push(
				`${keyOf(j)} late ${j.late}, foundAt ${String(j.foundAt)}, polled at ${iso(e.polledAt)}`,
			);
	}
	// End items by the episode whose span holds their start (the start they were emitted with, or
	// the complete timeline's).
	const endsBy = new Map<string, Emitted[]>();
	for (const x of d.items) {
		const j = x.json;
		if (j.event !== 'excursionEnded' && j.event !== 'alarmCleared') continue;
		const key = group(
			j.event === 'alarmCleared' ? 'alarm' : 'excursion',
			j.assetId,
			String(j.event === 'alarmCleared' ? j.alarm : j.direction),
		);
		endsBy.set(key, [...(endsBy.get(key) ?? []), x]);
	}
	const endsOf = (e: Episode) =>
		(endsBy.get(group(e.family, e.assetId, e.rule)) ?? []).filter(
			(x) =>
				e.startedAt <= ms(x.json.startedAt) &&
				ms(x.json.startedAt) < (e.endedAt ?? Number.POSITIVE_INFINITY),
		);
	for (const e of d.episodes.filter((x) => x.endedAt !== undefined && endsOf(x).length > 1))
		twice.push(
			`${nameOf(e)} ended by ${endsOf(e)
				.map((x) => keyOf(x.json))
				.join(', ')}`,
		);

	let lateFound = 0;
	let early = 0;
	let compared = 0;
	/** The item's fields against the oracle's event (timestamps compared as instants). */
	const compare = (want: ExpectedEvent, got: Emitted, revealedAt: number) =>
		mismatched.push(
			...compareEvents([want], [got.json], () => want.key).mismatched.map(
				(m) =>
					`${m} (emitted ${hhmm(got.polledAt)}, late ${String(got.json.late)}; its readings all in the lists ${hhmm(revealedAt)})`,
			),
		);
	const sameId = (key: string, got: Emitted, say: (what: string) => void) => {
		const theirs = inOrder?.get(key);
		if (theirs === undefined) return;
		compared++;
		if (got.json.eventId !== theirs)
			say(`${key} eventId ${String(got.json.eventId)}, in order ${theirs}`);
	};
	/** The item was emitted with every reading that decides it read. */
	const complete = (item: Emitted, revealedAt: number, settledAt: number) =>
		item.polledAt >= revealedAt &&
		(item.json.late === true || settledAt + SWEEP_REACH <= item.polledAt);
	for (const e of must) {
		const say = (what: string) => mismatched.push(`${e.start.key} ${what}`);
		const own = byKey.get(e.start.key)?.[0];
		// Found with every reading that reveals it read (a late item by its sweep; an item in order a
		// sweep's reach after its late readings came): the complete timeline's figures. Otherwise it
		// was reported in order before its late readings were read (its start lies in it: covered).
		if (own && complete(own, e.revealedAt, e.settledAt)) {
			const j = own.json;
			const start = { ...e.start, fields: { ...e.start.fields } };
			if (e.family === 'budget' && !e.extremesExact) {
				delete start.fields.maxTemperature;
				delete start.fields.minTemperature;
			}
			compare(start, own, e.revealedAt);
			if (own.polledAt > e.revealedAt + SWEEP_REACH)
				say(`found ${(own.polledAt - e.revealedAt) / MINUTE} min after its readings arrived`);
			if (e.late !== null && j.late !== e.late)
				say(`late ${String(j.late)}, expected ${e.late} (emitted ${hhmm(own.polledAt)})`);
			if (j.late === true) lateFound++;
			sameId(e.start.key, own, say);
		} else {
			early++;
			// Its moment's reading came late: an item that names that moment was found by a sweep.
			const moment = own && ms(own.json[MOMENT[e.family]]);
			if (own && e.momentLate && moment === e.detectedAt && own.json.late !== true)
				say(`late ${String(own.json.late)} at ${hhmm(moment)}, its reading came late`);
		}
		// Its end: once, and with the complete timeline's figures when every reading deciding it had come.
		if (!e.end || !e.endExact) continue;
		const ends = endsOf(e);
		if (ends.length === 0) say(`never ended (${e.end.key})`);
		else if (ends.length === 1 && complete(ends[0], e.endRevealedAt!, e.endSettledAt!)) {
			compare(e.end, ends[0], e.endRevealedAt!);
			sameId(e.end.key, ends[0], say);
		}
	}
	// Reminders of every late-found alarm episode: none due before it was found (its raisedAt plus
	// a whole number of intervals at or after foundAt), each once (counted in `twice` above).
	let reminders = 0;
	for (const raised of d.items.filter((x) => x.json.event === 'alarmRaised' && x.json.late)) {
		const j = raised.json;
		for (const { json: x } of d.items) {
			if (x.event !== 'alarmOngoing' || x.assetId !== j.assetId || x.alarm !== j.alarm) continue;
			if (ms(x.startedAt) !== ms(j.startedAt)) continue;
			reminders++;
			const due = ms(j.raisedAt) + Number(x.reminder) * REMIND * MINUTE;
			if (due < ms(j.foundAt))
				mismatched.push(`${String(keyOf(x))} due ${iso(due)}, before its alarm was found`);
		}
	}
	const line = `episodes ${must.length}, reported ${must.length - missed.length}, missed ${missed.length}, reported twice ${twice.length}, unconfirmed ${unconfirmed.length}`;
	const family = (f: Family) => must.filter((e) => e.family === f).length;
	const beyond = d.episodes.filter((e) => !e.must && e.startedAt > d.activatedAt).length;
	console.log(
		`${name} (${d.polls.done} polls done, ${d.polls.failed} failed, ${d.polls.cut} cut, ${d.polls.restarts} restarts, ${d.polls.readFailed} with a read refused, ${d.requests} requests; readings up to ${d.oldest} min late):\n` +
			`${line}\n` +
			`  (excursions ${family('excursion')}, alarm episodes ${family('alarm')}, budget shares ${family('budget')}; found late ${lateFound}; reminders of late-found alarms ${reminders}; reported in order before their late readings came ${early}; eventIds compared with the in-order run ${compared}; fields differing ${mismatched.length}; not counted: ${beyond} episodes after the activation whose readings the window did not reach, or reached only after the faulty polls)`,
	);
	const show = (what: string, list: string[]) => {
		if (list.length > 0) console.log(`  ${what}:\n    ${list.slice(0, 12).join('\n    ')}`);
	};
	show('missed', missed);
	show('reported twice', twice);
	show(
		'unconfirmed',
		unconfirmed.map((s) => String(keyOf(s.json))),
	);
	// Figures first: a missing `late` or `foundAt` repeats on every item.
	const flags = / (late|foundAt) /;
	show('differing', [
		...mismatched.filter((m) => !flags.test(m)),
		...mismatched.filter((m) => flags.test(m)),
	]);
	return {
		line,
		episodes: must.length,
		missed,
		twice,
		unconfirmed: unconfirmed.length,
		mismatched,
		lateFound,
		eventIds: new Map(d.items.map((e) => [String(keyOf(e.json)), String(e.json.eventId)])),
		items: d.items.map((e) => e.json),
	};
}

describe.each([
	{
		stepMinutes: 5,
		hours: 8,
		relays: [
			{ relay: [30], label: '30' },
			{ relay: [60], label: '60' },
			{ relay: [150], label: '150' },
		],
	},
	// One of the three, seeded per upload.
	{ stepMinutes: 1, hours: 4, relays: [{ relay: [30, 60, 150], label: '30, 60 or 150' }] },
])(
	'late batches cannot hide an episode (polls every $stepMinutes min)',
	({ stepMinutes, hours, relays }) => {
		let control: Verdict | undefined;
		const inOrder = async () => {
			control ??= judge(
				`uploads in order, polls every ${stepMinutes} min`,
				await drive({ stepMinutes, hours, relayMinutes: null }),
			);
			return control;
		};

		it('uploads in order: every episode once, nothing unconfirmed, none found late', async () => {
			const v = await inOrder();
			expect(v.episodes).toBeGreaterThan(50);
			expect({ missed: v.missed, twice: v.twice, unconfirmed: v.unconfirmed }).toEqual({
				missed: [],
				twice: [],
				unconfirmed: 0,
			});
			expect(v.items.filter((j) => j.late !== false)).toEqual([]);
			expect(v.mismatched).toEqual([]);
		}, 900_000);

		it.each(relays)(
			'the oldest third of every upload relayed $label minutes late: every episode once, as the complete timeline has it',
			async ({ relay: relayMinutes }) => {
				const { eventIds } = await inOrder();
				const d = await drive({ stepMinutes, hours, relayMinutes });
				const v = judge(
					`oldest third of every upload ${relayMinutes.join('/')} min late, polls every ${stepMinutes} min`,
					d,
					eventIds,
				);
				expect(v.episodes).toBeGreaterThan(50);
				expect({ missed: v.missed, twice: v.twice }).toEqual({ missed: [], twice: [] });
				expect(v.lateFound).toBeGreaterThan(0);
				expect(v.mismatched).toEqual([]);
			},
			900_000,
		);
	},
);
