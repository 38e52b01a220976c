/* eslint-disable no-console -- the issue asks the lines printed */
// Issue 36's acceptance for alarm levels and their reminders: exactly once against the alarm
// oracle (families/alarmOracle.ts, computed from the simulator's readings and memberships), at polls
// of 1 and 5 minutes, with failed polls (429, 5xx, dropped connections), polls cut by the budget
// (deterministic: cuts.ts), restarts (static data through JSON, a new engine) and tokens expiring
// every 50 requests; assets moving between spaces, one alarm for one space only. Every field is
// compared.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { EngineHarness } from '../../engine/engine';
import { Rng } from '../../simulator/prng';
import { afterRequests, CUT_POLL, UNCUT_POLL, withCut } from './cuts';
import {
	escalate,
	expectedAlarm,
	keyOfAlarmItem,
	type AlarmSpec,
	type Version6,
} from './families/alarmOracle';
import { byId, cloneJson, MINUTE, startSimulator, stopSimulator } from './helpers';
import { groundTruth } from './truth';

const HYSTERESIS = 0.5;
const BATCHES = { share: 0, delaysMinutes: [], uploadEveryMinutes: [20, 60] as [number, number] };
const REMIND = 15;

describe.each([
	[1, 90, false, 5],
	[5, 30, false, 5],
	[1, 90, true, 5],
	[5, 30, true, 5],
	// Version 6: every item names its room; a lower alarm's reminders give way to a higher one's.
	[1, 90, false, 6],
	[5, 30, false, 6],
	[1, 90, true, 6],
	[5, 30, true, 6],
])(
	'alarm levels under failures, cuts and restarts (polls every %i min, batch uploads: %s, version %i)',
	(step, polls, batches, version) => {
		it('every alarm event exactly once, every field as the oracle says', async () => {
			const { sim } = await startSimulator({
				labelledAssets: 0,
				historyMinutes: 120,
				// Labels that upload what they buffered every 20 to 60 minutes: readings up to an hour old
				// arrive together, after the polls that came between.
				...(batches ? { lateUploads: BATCHES } : {}),
			});
			try {
				const rng = new Rng(36);
				const ws = sim.seed.workspaceId;
				const spaces = sim.spacesOf(ws);
				const ids = [
					...sim.addLabelledAssets(ws, 3, {
						temperatureProfile: { bound: 8, side: 'above' },
						inSpaceIds: [spaces[0].id],
					}),
					...sim.addLabelledAssets(ws, 3, {
						temperatureProfile: { bound: 2, side: 'below' },
						inSpaceIds: [spaces[1].id],
					}),
				];
				const alarms: AlarmSpec[] = [
					{
						name: 'Warm',
						direction: 'above',
						threshold: 8,
						delayMinutes: 5,
						counting: 'consecutive',
						severity: 'warning',
					},
					{
						name: 'Warm in the first room',
						direction: 'above',
						threshold: 8.2,
						delayMinutes: 3,
						counting: 'consecutive',
						severity: 'critical',
						spaceIds: [spaces[0].id],
					},
					{
						name: 'Cold',
						direction: 'below',
						threshold: 2,
						delayMinutes: 4,
						counting: 'consecutive',
						severity: 'info',
					},
					{
						name: 'Warm in total',
						direction: 'above',
						threshold: 8,
						delayMinutes: 20,
						counting: 'cumulative',
						severity: 'critical',
					},
				];
				const parameters = {
					events: ['alarmRaised', 'alarmOngoing', 'alarmCleared'],
					scope: 'workspace',
					workspaceId: byId(ws),
					// Version 5 reads the retry settings in Advanced (from version 4), not in Options.
					advanced: { retryBaseDelay: 5, maxRetryWait: 2, maxRetries: 1 },
					options: {
						hysteresis: HYSTERESIS,
						remindEveryMinutes: REMIND,
						alarms: { alarm: alarms.map((a) => ({ ...a, spaceIds: a.spaceIds ?? [] })) },
					},
				} as unknown as INodeParameters;
				const v5 = { typeVersion: version, ...UNCUT_POLL };
				sim.tokens.maxRequestsPerToken = 50;
				let n8n = new EngineHarness(sim);
				let staticData: IDataObject = {};
				expect(await n8n.poll(parameters, staticData, 'trigger', 'activate', v5)).toBeNull();
				const activatedAt = sim.clock.now();
				sim.faults.random({
					rate: 0.05,
					kinds: ['429', '500', '503', 'drop'],
					retryAfterSeconds: 1,
				});
				const items: IDataObject[] = [];
				const counts = { failed: 0, failedReads: 0, cut: 0, restarts: 0 };
				for (let i = 1; i <= polls; i++) {
					sim.clock.advance(step * MINUTE);
					if (i % Math.max(1, Math.round(15 / step)) === 0)
						sim.moveAsset(ids[rng.int(0, ids.length - 1)], [spaces[rng.int(0, 1)].id]);
					if (i % 4 === 0) {
						staticData = cloneJson(staticData);
						n8n = new EngineHarness(sim);
						counts.restarts++;
					}
					const cut = i % 5 === 0;
					// Every 7th poll, one asset's temperatures answer 503 until retries run out: its reads wait.
					if (i % 7 === 0 && !cut) {
						counts.failedReads++;
						sim.faults.queue({
							status: 503,
							match: { path: `/assets/${ids[rng.int(0, ids.length - 1)]}/temperatures` },
							times: 2,
						});
					}
					const poll = () =>
						n8n.poll(parameters, staticData, 'trigger', 'activate', {
							...v5,
							...(cut ? CUT_POLL : {}),
						});
					try {
						const got = cut ? await withCut(sim, afterRequests(3), poll) : await poll();
						items.push(...(got ?? []).map((item) => item.json));
						if (cut) counts.cut++;
					} catch {
						counts.failed++;
					}
				}
				sim.faults.random(null);
				sim.clock.advance(MINUTE);
				items.push(
					...((await n8n.poll(parameters, staticData, 'trigger', 'activate', v5)) ?? []).map(
						(item) => item.json,
					),
				);
				const upTo = sim.clock.now();

				/** The newest temperature of an asset that had reached the lists at the activation. */
				const newestRead = (id: string) =>
					Math.max(
						...groundTruth(sim, ['temperature'], [id], 0, activatedAt, true).map((g) =>
							Date.parse(g.timestamp),
						),
					);
				const expected = ids
					.flatMap((id) => {
						// What had reached the lists by the last poll (with batches, the newest readings have not).
						const temperatures = groundTruth(sim, ['temperature'], [id], 0, upTo, batches).map(
							(g) => ({
								timestamp: g.timestamp,
								degreesCelsius: (g.reading as { degreesCelsius: number }).degreesCelsius,
							}),
						);
						const judged = alarms.map((alarm) => {
							const v6: Version6 | undefined = version >= 6 ? { raised: [] } : undefined;
							const events = expectedAlarm(
								id,
								temperatures,
								sim.membershipsOf(id),
								activatedAt,
								alarm,
								HYSTERESIS,
								REMIND,
								batches ? newestRead(id) : activatedAt,
								v6,
							);
							return { alarm, events, raised: v6?.raised ?? [] };
						});
						return version >= 6 ? escalate(judged) : judged.flatMap((j) => j.events);
					})
					// Version 6: uploads in order, every item judged in order (issue 46).
					.map((e) => (version >= 6 ? { ...e, fields: { ...e.fields, late: false } } : e));
				const emitted = new Map<string, IDataObject[]>();
				for (const j of items) {
					const key = keyOfAlarmItem(j);
					emitted.set(key, [...(emitted.get(key) ?? []), j]);
				}
				const lost = expected.filter((e) => !emitted.has(e.key));
				const duplicated = [...emitted.values()].reduce((n, list) => n + list.length - 1, 0);
				const expectedKeys = new Set(expected.map((e) => e.key));
				const unexpected = [...emitted.keys()].filter((key) => !expectedKeys.has(key));
				const byEvent = (event: string) => expected.filter((e) => e.event === event).length;
				// The batches' ages: how long after its timestamp each reading read reached the lists.
				const ages = groundTruth(sim, ['temperature'], ids, activatedAt, upTo, true).map(
					(g) => (g.deliveredAt - Date.parse(g.timestamp)) / MINUTE,
				);
				const oldest = Math.max(...ages);
				if (batches) expect(oldest).toBeGreaterThan(40);
				expect(oldest).toBeLessThanOrEqual(batches ? 60 : 0);
				console.log(
					`alarms (version ${version}), polls every ${step} min${batches ? `, batch uploads up to ${oldest} min old` : ''} (${counts.failed} failed, ${counts.failedReads} with a read failing, ${counts.cut} cut, ${counts.restarts} restarts, ${sim.stats.tokenRequests} tokens): events expected ${expected.length}, emitted ${items.length}, lost ${lost.length}, duplicated ${duplicated} (raised ${byEvent('alarmRaised')}, ongoing ${byEvent('alarmOngoing')}, cleared ${byEvent('alarmCleared')})`,
				);
				expect({ lost, duplicated, unexpected }).toEqual({
					lost: [],
					duplicated: 0,
					unexpected: [],
				});
				const spaceName = new Map(spaces.map((space) => [space.id, space.name]));
				for (const e of expected) {
					const j = emitted.get(e.key)![0];
					const fields = Object.fromEntries(Object.keys(e.fields).map((k) => [k, j[k]]));
					expect({ key: e.key, ...fields }).toEqual({ key: e.key, ...e.fields });
					// Version 5 names the space beside its id (issue 37), as the simulator names it.
					if ('spaceId' in e.fields)
						expect(j.spaceName).toBe(
							e.fields.spaceId === null ? null : spaceName.get(e.fields.spaceId as string),
						);
					// Nothing more than the oracle's fields, the asset's and the item's own.
					expect(
						Object.keys(j).filter(
							(k) =>
								!(k in e.fields) &&
								!('spaceId' in e.fields && k === 'spaceName') &&
								!['event', 'assetId', 'assetName', 'bleId', 'nfcId', 'summary', 'eventId'].includes(
									k,
								),
						),
					).toEqual([]);
				}
				for (const event of ['alarmRaised', 'alarmOngoing', 'alarmCleared'])
					expect(byEvent(event)).toBeGreaterThan(0);
				expect(counts.cut).toBeGreaterThan(0);
			} finally {
				await stopSimulator(sim);
			}
		}, 600_000);
	},
);
