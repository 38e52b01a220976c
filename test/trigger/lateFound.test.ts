/* eslint-disable no-console -- the figures are the test's report */
// Version 6 judges excursions on the complete timeline: readings relayed late (the oldest third of
// every upload, 30 to 90 minutes after it) reveal excursions between readings already judged. Every
// excursion of the complete timeline that started after the activation is reported once (its start
// `late: true` with `foundAt` when late readings revealed it), every Excursion Ended carries the
// complete timeline's figures; an emitted start the complete timeline does not confirm is counted.
// With uploads in order, every item is `late: false` and none is unconfirmed.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import {
	stepExcursion,
	type Direction,
	type OpenExcursion,
} from '../../nodes/AssetTracking/coldChain/excursion';
import { EngineHarness } from '../../engine/engine';
import { afterRequests, CUT_POLL, UNCUT_POLL, withCut } from './cuts';
import { byId, cloneJson, MINUTE, startSimulator, stopSimulator } from './helpers';
import { groundTruth } from './truth';

const RULE = { above: 8, below: 2, minimumMs: 10 * MINUTE, hysteresis: 0.5 };
/** How long before the last poll an excursion must start to be judged: relays, uploads, a sweep. */
const SETTLED = 4 * 60 * MINUTE;

interface Episode {
	assetId: string;
	direction: Direction;
	startedAt: number;
	endedAt?: number;
	peak: number;
}

/** The excursions of the complete timeline (every reading delivered by `upTo`), in start order. */
function completeTimeline(readings: Array<{ ts: number; value: number }>, assetId: string) {
	const episodes: Episode[] = [];
	for (const direction of ['above', 'below'] as const) {
		let open: OpenExcursion | undefined;
		for (const { ts, value } of readings) {
			const step = stepExcursion(RULE, direction, open, ts, value);
			if (step.ended)
				episodes.push({ assetId, direction, ...step.ended, endedAt: ts, peak: step.ended.peak });
			open = step.open;
		}
		if (open?.started)
			episodes.push({ assetId, direction, startedAt: open.startedAt, peak: open.peak });
	}
	return episodes;
}

async function run(relayed: boolean) {
	const { sim } = await startSimulator({
		labelledAssets: 0,
		historyMinutes: 60,
	});
	const uploads = { share: 0, delaysMinutes: [], uploadEveryMinutes: [20, 40] as [number, number] };
	try {
		const ws = sim.seed.workspaceId;
		const ids = [
			...sim.addLabelledAssets(ws, 4, { temperatureProfile: { bound: 8, side: 'above' } }),
			...sim.addLabelledAssets(ws, 4, { temperatureProfile: { bound: 2, side: 'below' } }),
		];
		sim.setLateUploads({
			...uploads,
			...(relayed
				? { relay: { assetIds: ids, fraction: 1 / 3, delaysMinutes: [30, 60, 90] } }
				: {}),
		});
		const parameters = {
			events: ['excursionStarted', 'excursionEnded', 'alarmRaised', 'alarmCleared'],
			scope: 'workspace',
			workspaceId: byId(ws),
			maxTemperature: RULE.above,
			minTemperature: RULE.below,
			options: {
				hysteresis: RULE.hysteresis,
				excursionMinutes: 10,
				// The excursions' rule above 8 °C as an alarm: its episodes are the excursions above.
				alarms: {
					alarm: [
						{
							name: 'Warm',
							direction: 'above',
							threshold: RULE.above,
							delayMinutes: 10,
							counting: 'consecutive',
							severity: 'warning',
							spaceIds: [],
						},
					],
				},
			},
		} as unknown as INodeParameters;
		const v6 = { typeVersion: 6, ...UNCUT_POLL };
		let n8n = new EngineHarness(sim);
		let staticData: IDataObject = {};
		expect(await n8n.poll(parameters, staticData, 'trigger', 'activate', v6)).toBeNull();
		const activatedAt = sim.clock.now();
		const items: IDataObject[] = [];
		// Ten hours of polls every 5 minutes; a restart (the state through JSON, a new engine)
		// every 7th, a poll cut by the budget (deterministically) every 9th.
		for (let i = 1; i <= 120; i++) {
			sim.clock.advance(5 * MINUTE);
			if (i % 7 === 0) {
				staticData = cloneJson(staticData);
				n8n = new EngineHarness(sim);
			}
			const poll = () =>
				n8n.poll(
					parameters,
					staticData,
					'trigger',
					'activate',
					i % 9 === 0 ? { ...v6, ...CUT_POLL } : v6,
				);
			const got = i % 9 === 0 ? await withCut(sim, afterRequests(5), poll) : await poll();
			items.push(...(got ?? []).map((item) => item.json));
		}
		const upTo = sim.clock.now();
		const episodes = ids
			.flatMap((id) =>
				completeTimeline(
					groundTruth(sim, ['temperature'], [id], 0, upTo, true)
						.map((g) => ({
							ts: Date.parse(g.timestamp),
							value: (g.reading as { degreesCelsius: number }).degreesCelsius,
						}))
						.sort((a, b) => a.ts - b.ts),
					id,
				),
			)
			// Their readings have all landed and been swept by the last poll.
			.filter((e) => e.startedAt > activatedAt && e.startedAt <= upTo - SETTLED);
		const starts = items.filter((j) => j.event === 'excursionStarted');
		const ends = items.filter((j) => j.event === 'excursionEnded');
		const within = (e: Episode, j: IDataObject) => {
			const at = Date.parse(j.startedAt as string);
			return (
				j.assetId === e.assetId &&
				j.direction === e.direction &&
				e.startedAt <= at &&
				at < (e.endedAt ?? Infinity)
			);
		};
		const raised = items.filter((j) => j.event === 'alarmRaised');
		const above = episodes.filter((e) => e.direction === 'above');
		const alarmCovering = above.map(
			(e) => raised.filter((j) => within(e, { ...j, direction: 'above' })).length,
		);
		const covering = episodes.map((e) => starts.filter((j) => within(e, j)).length);
		const unconfirmed = starts.filter(
			(j) =>
				Date.parse(j.startedAt as string) <= upTo - SETTLED && !episodes.some((e) => within(e, j)),
		);
		const settledEnds = ends.filter(
			(j) =>
				Date.parse(j.startedAt as string) > activatedAt &&
				Date.parse(j.endedAt as string) <= upTo - SETTLED,
		);
		const endsOk = settledEnds.filter((j) =>
			episodes.some(
				(e) =>
					e.assetId === j.assetId &&
					e.direction === j.direction &&
					e.startedAt === Date.parse(j.startedAt as string) &&
					e.endedAt !== undefined &&
					e.endedAt <= upTo - SETTLED &&
					e.endedAt === Date.parse(j.endedAt as string) &&
					e.peak === j.peakCelsius,
			),
		);
		const report = {
			episodes: episodes.length,
			reported: covering.filter((n) => n > 0).length,
			missed: covering.filter((n) => n === 0).length,
			twice: covering.filter((n) => n > 1).length,
			unconfirmed: unconfirmed.length,
			late: items.filter((j) => j.late === true).length,
			alarms: above.length,
			alarmsMissed: alarmCovering.filter((n) => n === 0).length,
			alarmsTwice: alarmCovering.filter((n) => n > 1).length,
			ends: settledEnds.length,
			endsAsTimeline: endsOk.length,
		};
		console.log(`${relayed ? 'relayed' : 'in order'}: ${JSON.stringify(report)}`);
		return { report, items };
	} finally {
		await stopSimulator(sim);
	}
}

describe('version 6 judges excursions on the complete timeline', () => {
	it('relayed batches: nothing missed, nothing twice, late ones found late', async () => {
		const { report, items } = await run(true);
		expect(report.episodes).toBeGreaterThan(10);
		expect(report.late).toBeGreaterThan(0);
		expect({ missed: report.missed, twice: report.twice }).toEqual({ missed: 0, twice: 0 });
		expect(report.alarms).toBeGreaterThan(5);
		expect({ missed: report.alarmsMissed, twice: report.alarmsTwice }).toEqual({
			missed: 0,
			twice: 0,
		});
		// A late-found one says so in its sentence.
		const late = items.find((j) => j.late === true && j.event === 'excursionEnded');
		expect(late?.summary).toMatch(/ from .* to .*; its readings arrived late, found /);
		for (const j of items) {
			expect(typeof j.late).toBe('boolean');
			expect(j.foundAt === undefined).toBe(j.late === false);
		}
	}, 300_000);

	it('uploads in order: every item late: false, none unconfirmed', async () => {
		const { report, items } = await run(false);
		expect(report.episodes).toBeGreaterThan(10);
		expect({ missed: report.missed, twice: report.twice, unconfirmed: report.unconfirmed }).toEqual(
			{
				missed: 0,
				twice: 0,
				unconfirmed: 0,
			},
		);
		expect(report.endsAsTimeline).toBe(report.ends);
		for (const j of items) expect(j).toMatchObject({ late: false });
	}, 300_000);
});
