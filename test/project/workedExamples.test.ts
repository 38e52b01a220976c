/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// Issue 28: the worked examples of the users' guide (docs/guide/cold-chain.md) and of docs/actions.md (Get
// Temperature Summary) hold the numbers the code computes: the summary's from the cold-chain
// rules, the budget's and the excursions' from the trigger's own families, fed the series the
// text describes. (The profile example is checked by test/trigger/coldChain.test.ts, which runs it.)
import { readRulebook } from '../../nodes/AssetTracking/trigger/parameters/rulebook';
import { readFileSync } from 'fs';
import { join } from 'path';

import { summarise, type PeriodReading } from '../../nodes/AssetTracking/coldChain/summary';
import { excursions } from '../../nodes/AssetTracking/trigger/families/excursions';
import type { AnyFamily } from '../../nodes/AssetTracking/trigger/families/family';
import { stabilityBudget } from '../../nodes/AssetTracking/trigger/families/stabilityBudget';
import { triggerNode } from '../trigger/helpers';

const root = join(__dirname, '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const MINUTE = 60_000;
const T0 = Date.parse('2026-03-01T00:00:00Z');
const RULE = {
	excursion: { above: 8, below: 2, hysteresis: 0.5, minimumMs: 10 * MINUTE },
	activationEnergyKj: 83.144,
};

/** Readings a minute apart from minute 0; NaN marks a minute with no reading. */
function series(values: number[]): PeriodReading[] {
	return values.flatMap((celsius, i) => {
		if (Number.isNaN(celsius)) return [];
		const ts = T0 + i * MINUTE;
		return [{ ts, timestamp: new Date(ts).toISOString(), celsius }];
	});
}
const repeat = (celsius: number, minutes: number) => Array<number>(minutes).fill(celsius);
const number = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

/** One poll's fold of a trigger family over these readings, all of them news. */
function fold(family: AnyFamily, readings: PeriodReading[]) {
	const node = triggerNode(3);
	const selected = new Set(family.events.map((e) => e.value));
	const settings = family.settings({
		node,
		options: {},
		version: 3,
		selected,
		rules: readRulebook({ node, options: {}, version: 3, selected }),
	});
	const fresh = readings.map((r) => ({
		ts: r.ts,
		item: { timestamp: r.timestamp, degreesCelsius: r.celsius },
	}));
	return family.fold({
		subject: { id: 'AST-1', inSpaces: [] },
		seeding: false,
		firstListed: false,
		sample: false,
		settings,
		memory: undefined,
		quietUntil: Number.NEGATIVE_INFINITY,
		now: readings.at(-1)!.ts,
		windowS: 10_800,
		read: {
			temperature: {
				fresh,
				before: undefined,
				after: { floor: Number.NEGATIVE_INFINITY, newest: null, seen: new Set() },
				baseline: false,
			},
		},
	});
}

describe('docs/guide/cold-chain.md: the worked examples', () => {
	const readme = read('docs/guide/cold-chain.md');

	it('22 h at 5 °C, then 2 h at 25 °C: its mean, MKT and minutes above 8 °C', () => {
		const line =
			/- 22 h at 5 °C, then 2 h at 25 °C: mean \*\*([\d.]+) °C\*\*.*?MKT \*\*([\d.]+) °C\*\*[^]*?(\d+) minutes above 8 °C/.exec(
				readme,
			);
		expect(line).not.toBeNull();
		const summary = summarise(series([...repeat(5, 22 * 60), ...repeat(25, 2 * 60)]), RULE);
		expect([number(line![1]), number(line![2]), number(line![3])]).toEqual([
			summary.meanCelsius,
			summary.mktCelsius,
			summary.minutesAbove,
		]);
		expect(summary).toMatchObject({ meanCelsius: 6.67, mktCelsius: 9.83 });
	});

	it('ten 9-minute excursions: no excursion event, and the budget at 50 % in the 7th of them', () => {
		const text =
			/- Ten excursions of (\d+) minutes at ([\d.]+) °C: not one excursion event[^]*?(\d+) minutes of budget: \*\*Stability Budget Consumed\*\* at (\d+) %\s+comes with the (\d+)th minute out of range \(in the (\d+)th excursion\), and (\d+) of the (\d+) minutes remain\./.exec(
				readme,
			);
		expect(text).not.toBeNull();
		const [length, celsius, total, percent, minute, nth, remaining, budget] = text!
			.slice(1)
			.map(number);
		// Ten hours: each starts with `length` minutes at `celsius`, then 5 °C.
		const values = Array.from({ length: 10 }, () => [
			...repeat(celsius, length),
			...repeat(5, 60 - length),
		]).flat();
		const readings = series(values);
		expect(fold(excursions, readings).events).toEqual([]);
		const { events, memory } = fold(stabilityBudget, readings);
		expect(events).toHaveLength(1);
		const [event] = events;
		expect(event.fields).toMatchObject({
			percent,
			budgetMinutes: budget,
			consumedMinutes: minute,
			remainingMinutes: budget - minute,
		});
		// The 60th minute out of range falls in the 7th excursion (each `length` minutes long).
		expect(Math.floor((event.at - T0) / (60 * MINUTE)) + 1).toBe(nth);
		expect((memory as { count: number }).count).toBe(total);
		expect(budget - total).toBe(remaining);
	});
});

describe('docs/actions.md: the worked examples of Get Temperature Summary', () => {
	const SERIES: Record<string, number[]> = {
		'22 h at 5 °C, then 2 h at 25 °C': [...repeat(5, 22 * 60), ...repeat(25, 2 * 60)],
		'10 min at 4 °C, 10 minutes missing, 10 min at 9 °C': [
			...repeat(4, 10),
			...repeat(Number.NaN, 10),
			...repeat(9, 10),
		],
		'2, 8, 2, 8 °C': [2, 8, 2, 8],
	};

	it('each row is the summary of the series it names', () => {
		const doc = read('docs/actions.md');
		const rows = [
			...doc.matchAll(
				/^\| ([^|]+?) +\| ([\d.]+) °C +\| ([\d.]+) °C +\| (\d+) min +\| (\d+) +\|$/gm,
			),
		];
		expect(rows.map((r) => r[1])).toEqual(Object.keys(SERIES));
		for (const [, name, mean, mkt, above, count] of rows) {
			const summary = summarise(series(SERIES[name]), RULE);
			expect({
				name,
				mean: number(mean),
				mkt: number(mkt),
				above: number(above),
				count: number(count),
			}).toEqual({
				name,
				mean: summary.meanCelsius,
				mkt: summary.mktCelsius,
				above: summary.minutesAbove,
				count: summary.excursions,
			});
		}
	});
});
