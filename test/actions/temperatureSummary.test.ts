// Issue 28's acceptance: Get Temperature Summary run through n8n's engine against the simulator,
// for 20 assets and 3 periods, against a computation written here from the simulator's own
// series (its ground truth): nothing of the node's code, and the excursions by the trigger
// families' oracle (test/trigger/families/oracle.ts, which imports nothing from nodes/).
import type { IDataObject } from 'n8n-workflow';

import type { Simulator } from '../../simulator';
import { useSimulator } from '../harness/fixtures';
import { expectedExcursions, MINUTE } from '../trigger/families/oracle';
import { byId, ok } from './helpers';

const HOUR = 60 * MINUTE;
const BOUNDS = { maxTemperature: 8, minTemperature: 2, excursionMinutes: 10, hysteresis: 0.5 };

interface Point {
	timestamp: string;
	degreesCelsius: number;
}

const round = (value: number, decimals: number) => {
	const f = 10 ** decimals;
	return Math.round(value * f) / f;
};

/** What the summary must say of these readings (those of the period), worked out here. */
function expectedSummary(assetId: string, from: number, to: number, points: Point[]): IDataObject {
	const values = points.map((p) => p.degreesCelsius);
	const times = points.map((p) => Date.parse(p.timestamp));
	const n = values.length;
	const above = values.filter((v) => v > BOUNDS.maxTemperature).length;
	const below = values.filter((v) => v < BOUNDS.minTemperature).length;
	// USP <1160>: ΔH/R = 83.144 kJ/mol / 8.3144 J/(mol·K) = 10,000 K.
	const k = 83_144 / 8.3144;
	const weights = values.reduce((sum, v) => sum + Math.exp(-k / (v + 273.15)), 0);
	const events = expectedExcursions(assetId, points, Number.NEGATIVE_INFINITY, BOUNDS);
	const started = events.filter((e) => e.event === 'excursionStarted');
	const lengths = started.map((start) => {
		const end = events.find(
			(e) => e.event === 'excursionEnded' && e.key === start.key.replace('Started', 'Ended'),
		);
		const startedAt = Number(start.key.split('|')[3]);
		const until = end ? Date.parse(end.fields.endedAt as string) : times[n - 1];
		return (until - startedAt) / MINUTE;
	});
	const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
	return {
		assetId,
		from: iso(from),
		to: iso(to),
		readings: n,
		firstAt: n ? points[0].timestamp : null,
		lastAt: n ? points[n - 1].timestamp : null,
		minCelsius: n ? Math.min(...values) : null,
		maxCelsius: n ? Math.max(...values) : null,
		meanCelsius: n ? round(values.reduce((a, b) => a + b, 0) / n, 2) : null,
		mktCelsius: n ? round(k / -Math.log(weights / n) - 273.15, 2) : null,
		minutesAbove: above,
		minutesBelow: below,
		minutesInRange: n - above - below,
		// One reading a minute: the minutes from the first to the last that have none.
		missingMinutes: n ? (times[n - 1] - times[0]) / MINUTE + 1 - n : 0,
		excursions: started.length,
		longestExcursionMinutes: round(Math.max(0, ...lengths), 1),
	};
}

/** The simulator's series of an asset within [from, to], oldest first. */
const seriesOf = (sim: Simulator, assetId: string, from: number, to: number): Point[] =>
	sim
		.readingsGenerated({ kind: 'temperature', assetIds: [assetId], after: from - 1, upTo: to })
		.map((r) => r.reading as Point);

/**
 * 20 assets: hovering at 8 °C, at 2 °C (excursions of every length), and the simulator's daily
 * curves (a quarter of them freezers); five of them silent for two hours (a gap). Twelve hours of
 * history, then twelve on the clock.
 */
function fleet(sim: Simulator): string[] {
	const ws = sim.addWorkspace('Summary fleet');
	const ids = [
		...sim.addLabelledAssets(ws, 7, { temperatureProfile: { bound: 8, side: 'above' } }),
		...sim.addLabelledAssets(ws, 7, { temperatureProfile: { bound: 2, side: 'below' } }),
		...sim.addLabelledAssets(ws, 6),
	];
	const now = sim.clock.now();
	for (const id of ids.filter((_, i) => i % 4 === 0))
		sim.quietLabel(id, now + 3 * HOUR, now + 5 * HOUR);
	sim.clock.advance(12 * HOUR);
	return ids;
}

const PERIODS: Array<[string, (now: number) => [number, number]]> = [
	['the last 12 hours, with the gaps', (now) => [now - 12 * HOUR, now]],
	['3 hours, from 18 to 15 hours ago', (now) => [now - 18 * HOUR, now - 15 * HOUR]],
	['31 days up to an hour ago: all of the history', (now) => [now - 31 * 24 * HOUR, now - HOUR]],
];

/** Runs the summary of every asset of the fleet over one period and checks it. */
async function summaryCase(
	t: ReturnType<typeof useSimulator>,
	ids: string[],
	[from, to]: [number, number],
): Promise<IDataObject[]> {
	const mark = t.sim.log.length;
	const r = await ok(
		t,
		{
			resource: 'asset',
			operation: 'getTemperatureSummary',
			assetId: byId('={{ $json.id }}'),
			from: new Date(from).toISOString(),
			to: new Date(to).toISOString(),
		},
		{ input: ids.map((id) => ({ id })) },
	);
	const expected = ids.map((id) => expectedSummary(id, from, to, seriesOf(t.sim, id, from, to)));
	expect(r.json).toEqual(expected);
	expect(r.items.map((i) => i.pairedItem)).toEqual(ids.map((_, item) => ({ item })));
	// The series are not trivial: excursions and minutes out of range are there.
	const sum = (field: string) => r.json.reduce((s, j) => s + (j[field] as number), 0);
	expect(sum('excursions')).toBeGreaterThan(0);
	expect(sum('minutesAbove') + sum('minutesBelow')).toBeGreaterThan(0);
	// With To now and the list newest first, one page of each list reaches From.
	const requests = t.sim.log.slice(mark).filter((e) => e.operation?.endsWith('/temperatures'));
	expect(requests.length).toBeGreaterThanOrEqual(ids.length);
	return r.json;
}

describe('Get Temperature Summary of 20 assets over 3 periods (the list newest first)', () => {
	const t = useSimulator({ labelledAssets: 0, historyMinutes: 12 * 60 });
	let ids: string[];
	beforeAll(() => {
		ids = fleet(t.sim);
	});

	it.each(PERIODS)('%s', async (_name, period) => {
		const [from, to] = period(t.sim.clock.now());
		const mark = t.sim.log.length;
		const json = await summaryCase(t, ids, [from, to]);
		if (to === t.sim.clock.now()) {
			// One page per asset: it reaches From, and the reading stops there.
			expect(
				t.sim.log.slice(mark).filter((e) => e.operation?.endsWith('/temperatures')),
			).toHaveLength(ids.length);
			// The five assets silent for two hours miss 120 minutes of it.
			expect(json.map((j) => [j.missingMinutes, j.readings])).toEqual(
				ids.map((_, i) => (i % 4 === 0 ? [120, 721 - 120] : [0, 721])),
			);
		}
	});
});

describe('Get Temperature Summary of 20 assets, the list oldest first', () => {
	const t = useSimulator({
		labelledAssets: 0,
		historyMinutes: 12 * 60,
		readingsOrder: 'oldestFirst',
	});
	it('gives the same summaries: the order is read off the timestamps', async () => {
		const ids = fleet(t.sim);
		const now = t.sim.clock.now();
		await summaryCase(t, ids, [now - 18 * HOUR, now - 15 * HOUR]);
	});
});
