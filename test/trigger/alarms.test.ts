// Issue 36's worked examples for alarm levels, each through n8n-core's poller against the
// simulator (version 5), compared field by field with the alarm oracle (families/alarmOracle.ts,
// which imports nothing from nodes/) and with the numbers the issue states.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Simulator } from '../../simulator';
import { UNCUT_POLL } from './cuts';
import { expectedAlarm, keyOfAlarmItem, WARNING, type AlarmSpec } from './families/alarmOracle';
import { byId, MINUTE, startSimulator, stopSimulator } from './helpers';
import { groundTruth } from './truth';

const CRITICAL: AlarmSpec = {
	name: 'Critical',
	direction: 'above',
	threshold: 15,
	delayMinutes: 5,
	counting: 'consecutive',
	severity: 'critical',
};
const HOT_TRIP: AlarmSpec = {
	name: 'Heat',
	direction: 'above',
	threshold: 30,
	delayMinutes: 600,
	counting: 'cumulative',
	severity: 'critical',
};
const HYSTERESIS = 0.5;

/** Polls one scripted asset every `stepMinutes` up to `minutes` after the activation; its items. */
async function run(
	script: (start: number) => Array<{ from: number; until: number; celsius: number }>,
	alarms: AlarmSpec[],
	minutes: number,
	stepMinutes: number,
	options: IDataObject = {},
	// Alarm Ongoing only with Remind Every: without it the trigger refuses it (ruleGating.test.ts).
	events = options.remindEveryMinutes
		? ['alarmRaised', 'alarmOngoing', 'alarmCleared']
		: ['alarmRaised', 'alarmCleared'],
): Promise<{
	sim: Simulator;
	id: string;
	items: IDataObject[];
	activatedAt: number;
	upTo: number;
}> {
	const { sim, n8n } = await startSimulator({ labelledAssets: 0, historyMinutes: 30 });
	const start = sim.clock.now();
	const [id] = sim.addLabelledAssets(sim.seed.workspaceId, 1, {
		name: 'Pallet 7',
		temperatureScript: [
			...script(start),
			{ from: start - 120 * MINUTE, until: start + (minutes + 60) * MINUTE, celsius: 5 },
		],
	});
	const parameters = {
		events,
		scope: 'workspace',
		workspaceId: byId(sim.seed.workspaceId),
		options: {
			retryBaseDelay: 5,
			maxRetryWait: 2,
			hysteresis: HYSTERESIS,
			...(alarms.length > 0
				? { alarms: { alarm: alarms.map((a) => ({ ...a, spaceIds: a.spaceIds ?? [] })) } }
				: {}),
			...options,
		},
	} as unknown as INodeParameters;
	const v5 = { typeVersion: 5, timezone: 'UTC', ...UNCUT_POLL };
	const staticData: IDataObject = {};
	expect(await n8n.poll(parameters, staticData, 'trigger', 'activate', v5)).toBeNull();
	const activatedAt = sim.clock.now();
	const items: IDataObject[] = [];
	for (let t = stepMinutes; t <= minutes; t += stepMinutes) {
		sim.clock.advance(stepMinutes * MINUTE);
		items.push(
			...((await n8n.poll(parameters, staticData, 'trigger', 'activate', v5)) ?? []).map(
				(item) => item.json,
			),
		);
	}
	return { sim, id, items, activatedAt, upTo: sim.clock.now() };
}

/** The oracle's events for the run's asset, keyed, and the items, keyed. */
function compare(r: Awaited<ReturnType<typeof run>>, alarms: AlarmSpec[], remindEveryMinutes = 0) {
	const temperatures = groundTruth(r.sim, ['temperature'], [r.id], 0, r.upTo).map((g) => ({
		timestamp: g.timestamp,
		degreesCelsius: (g.reading as { degreesCelsius: number }).degreesCelsius,
	}));
	const expected = alarms.flatMap((a) =>
		expectedAlarm(r.id, temperatures, [], r.activatedAt, a, HYSTERESIS, remindEveryMinutes),
	);
	const emitted = new Map(r.items.map((j) => [keyOfAlarmItem(j), j]));
	expect(emitted.size).toBe(r.items.length);
	expect([...emitted.keys()].sort()).toEqual(expected.map((e) => e.key).sort());
	for (const e of expected) {
		const { event, assetId, assetName, summary, eventId, bleId, nfcId, ...fields } = emitted.get(
			e.key,
		)!;
		expect({ event, assetId, ...fields }).toEqual({
			event: e.event,
			assetId: e.assetId,
			...e.fields,
		});
		expect(typeof summary).toBe('string');
		expect(typeof eventId).toBe('string');
		void assetName;
		void bleId;
		void nfcId;
	}
	return expected;
}

const at = (start: number, minutes: number) => start + minutes * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

describe('alarm levels (issue 36, version 5)', () => {
	it('Warning > 8 °C for 30 min and Critical > 15 °C for 5 min on one series: two raises, two clears', async () => {
		// 5 °C; 10 °C from +10 to +70 minutes, 16 °C from +30 to +45.
		const r = await run(
			(s) => [
				{ from: at(s, 30), until: at(s, 45), celsius: 16 },
				{ from: at(s, 10), until: at(s, 70), celsius: 10 },
			],
			[WARNING, CRITICAL],
			100,
			5,
		);
		try {
			const expected = compare(r, [WARNING, CRITICAL]);
			const s = r.activatedAt;
			const first = (from: number) =>
				groundTruth(r.sim, ['temperature'], [r.id], 0, r.upTo)
					.map((g) => Date.parse(g.timestamp))
					.filter((t) => t >= from)
					.sort((a, b) => a - b)[0];
			const byEvent = (event: string, alarm: string) =>
				r.items.find((j) => j.event === event && j.alarm === alarm)!;
			expect(r.items.map((j) => `${String(j.event)} ${String(j.alarm)}`)).toEqual([
				'alarmRaised Critical',
				'alarmRaised Warning',
				'alarmCleared Critical',
				'alarmCleared Warning',
			]);
			expect(expected).toHaveLength(4);
			const critical = byEvent('alarmRaised', 'Critical');
			expect(critical.startedAt).toBe(iso(first(at(s, 30))));
			expect(critical.raisedAt).toBe(
				iso(first(Date.parse(critical.startedAt as string) + 5 * MINUTE)),
			);
			expect(critical.peakCelsius).toBe(16);
			expect(byEvent('alarmRaised', 'Warning').raisedAt).toBe(
				iso(first(Date.parse(byEvent('alarmRaised', 'Warning').startedAt as string) + 30 * MINUTE)),
			);
			expect(byEvent('alarmCleared', 'Critical').clearedAt).toBe(iso(first(at(s, 45))));
			expect(byEvent('alarmCleared', 'Warning')).toMatchObject({
				clearedAt: iso(first(at(s, 70))),
				peakCelsius: 16,
			});
			const hhmm = (value: unknown) => (value as string).slice(11, 16);
			expect(critical.summary).toBe(
				`Critical: Pallet 7 above 15 °C since ${new Date(critical.startedAt as string).getUTCDate()} Jan ${hhmm(critical.startedAt)} UTC (raised ${new Date(critical.raisedAt as string).getUTCDate()} Jan ${hhmm(critical.raisedAt)} UTC, peak 16 °C)`,
			);
		} finally {
			await stopSimulator(r.sim);
		}
	});

	it('a cumulative alarm of 10 hours above 30 °C is raised once, in the 7th episode', async () => {
		// Seven episodes of 90 minutes at 31 °C, an hour at 5 °C between them: 540 minutes after six.
		const r = await run(
			(s) =>
				Array.from({ length: 8 }, (_, k) => ({
					from: at(s, 10 + k * 150),
					until: at(s, 100 + k * 150),
					celsius: 31,
				})),
			[HOT_TRIP],
			8 * 150,
			30,
		);
		try {
			const expected = compare(r, [HOT_TRIP]);
			expect(expected).toHaveLength(1);
			expect(r.items).toHaveLength(1);
			const [raised] = r.items;
			const s = r.activatedAt;
			const raisedAt = Date.parse(raised.raisedAt as string);
			expect(raisedAt).toBeGreaterThanOrEqual(at(s, 10 + 6 * 150));
			expect(raisedAt).toBeLessThan(at(s, 100 + 6 * 150));
			expect(raised.totalMinutes).toBe(600);
			expect(Date.parse(raised.startedAt as string)).toBeGreaterThanOrEqual(at(s, 10));
			expect(Date.parse(raised.startedAt as string)).toBeLessThan(at(s, 11));
			expect(raised).not.toHaveProperty('clearedAt');
		} finally {
			await stopSimulator(r.sim);
		}
	});

	it('reminders every 20 minutes while the Warning stays open, none after it clears', async () => {
		const r = await run(
			(s) => [
				{ from: at(s, 30), until: at(s, 45), celsius: 16 },
				{ from: at(s, 10), until: at(s, 115), celsius: 10 },
			],
			[WARNING, CRITICAL],
			140,
			5,
			{ remindEveryMinutes: 20 },
		);
		try {
			compare(r, [WARNING, CRITICAL], 20);
			// Warning: raised at +40, open until +115: reminders due at +60, +80, +100.
			expect(
				r.items
					.filter((j) => j.event === 'alarmOngoing')
					.map((j) => `${String(j.alarm)} ${String(j.reminder)}`),
			).toEqual(['Warning 1', 'Warning 2', 'Warning 3']);
		} finally {
			await stopSimulator(r.sim);
		}
	});

	it('a 3-hour excursion with Remind Every 60: 1 start, 2 reminders (60 and 120 minutes after detection), 1 end', async () => {
		// Above 8 °C from +10 to +190 minutes: detected after the 10-minute Minimum Duration (+20).
		const r = await run(
			(s) => [{ from: at(s, 10), until: at(s, 190), celsius: 12 }],
			[],
			240,
			5,
			{ remindEveryMinutes: 60, excursionMinutes: 10 },
			['excursionStarted', 'excursionOngoing', 'excursionEnded'],
		);
		try {
			expect(r.items.map((j) => j.event)).toEqual([
				'excursionStarted',
				'excursionOngoing',
				'excursionOngoing',
				'excursionEnded',
			]);
			const [started, first, second] = r.items;
			const detected = Date.parse(started.detectedAt as string);
			for (const [k, reminder] of [first, second].entries()) {
				expect(reminder).toMatchObject({
					direction: 'above',
					threshold: 8,
					startedAt: started.startedAt,
					detectedAt: started.detectedAt,
					reminder: k + 1,
					openMinutes:
						(detected + (k + 1) * 60 * MINUTE - Date.parse(started.startedAt as string)) / MINUTE,
					latestCelsius: 12,
					peakCelsius: 12,
				});
			}
			expect(new Set(r.items.map((j) => j.eventId)).size).toBe(4);
			expect(first.summary).toMatch(/^Asset Pallet 7 is still above 8 °C after 70 min, reminder 1/);
		} finally {
			await stopSimulator(r.sim);
		}
	});
});
