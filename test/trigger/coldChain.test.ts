/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// Issue 28 poll by poll: Profiles by Space (a profile change in the middle of an excursion, the
// README's example), the stability budget (late readings count when they arrive), the one record
// read per asset that Specific Assets needs, the settings refused before anything is sent, and the
// two examples that use them: the demo's frozen boxes in the Slack example's freezer profile, and
// the QA line of the cold-chain example.
import { readFileSync } from 'fs';
import { join } from 'path';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { renderParameter } from '../harness/expressions';
import {
	byId,
	cloneJson,
	MINUTE,
	nodeState,
	pollFor,
	startSimulator,
	stopSimulator,
} from './helpers';

const v3 = { typeVersion: 3 };
const HOUR = 60 * MINUTE;
const FREEZER = { maxTemperature: -15, minTemperature: -25, budgetMinutes: 60 };
const CHILLED_ROOM = { maxTemperature: 8, minTemperature: 2, budgetMinutes: 120 };

const example = (file: string) =>
	JSON.parse(readFileSync(join(__dirname, '..', '..', 'examples', file), 'utf8')) as {
		nodes: Array<{ name: string; type: string; typeVersion: number; parameters: IDataObject }>;
	};
const exampleNode = (file: string, type: string) =>
	example(file).nodes.find((n) => n.type.endsWith(type))!;
const nodeOf = (file: string, type: string) => exampleNode(file, type).parameters;

describe('Profiles by Space and the stability budget', () => {
	it('a move from the freezer to the chilled room mid-excursion: the freezer excursion ends at the first reading judged by the chilled room, which opens its own (the README example)', async () => {
		const start = Date.parse('2026-03-02T13:50:00Z');
		const { sim, n8n } = await startSimulator({ labelledAssets: 0, startTime: start });
		try {
			const ws = sim.seed.workspaceId;
			const freezer = sim.seed.freezerSpaceId;
			const chilled = sim.spacesOf(ws).find((s) => s.name === 'Cold Room "A"')!.id;
			const at = (hhmm: string) => Date.parse(`2026-03-02T${hhmm}:00Z`);
			// −20 °C, then −12 °C from 14:00 (above the freezer's −15), then 5 °C from 14:50.
			const [box] = sim.addLabelledAssets(ws, 1, {
				inSpaceIds: [freezer],
				temperatureScript: [
					{ from: at('14:00'), until: at('14:50'), celsius: -12 },
					{ from: at('14:50'), until: at('16:00'), celsius: 5 },
					{ from: at('13:00'), until: at('16:00'), celsius: -20 },
				],
			});
			const parameters = {
				events: ['excursionStarted', 'excursionEnded', 'budgetConsumed'],
				scope: 'workspace',
				workspaceId: byId(ws),
				options: {
					spaceProfiles: {
						profile: [
							{ spaceId: byId(freezer), ...FREEZER },
							{ spaceId: byId(chilled), ...CHILLED_ROOM },
						],
					},
				},
			} as unknown as INodeParameters;
			const staticData: IDataObject = {};
			const poll = () => n8n.poll(parameters, staticData, 'trigger', 'activate', v3);
			expect(await poll()).toBeNull();
			const items = await pollFor(sim, poll, 35, 5);
			// The move at 14:30, seen by the poll of 14:30.
			sim.clock.advance(5 * MINUTE);
			expect(sim.clock.now()).toBe(at('14:30'));
			sim.moveAsset(box, [chilled]);
			for (const item of (await poll()) ?? []) items.push(item.json);
			items.push(...(await pollFor(sim, poll, 30, 5)));
			const events = items.map(({ event, assetId, ...fields }) => ({ event, ...fields, assetId }));
			const common = { assetId: box };
			expect(events).toEqual([
				expect.objectContaining({
					...common,
					event: 'excursionStarted',
					direction: 'above',
					threshold: -15,
					startedAt: '2026-03-02T14:00:00Z',
					detectedAt: '2026-03-02T14:10:00Z',
					peakCelsius: -12,
					spaceId: freezer,
				}),
				// 30 readings above −15 °C (14:00 to 14:29): half of the freezer's 60 minutes.
				expect.objectContaining({
					...common,
					event: 'budgetConsumed',
					percent: 50,
					budgetMinutes: 60,
					consumedMinutes: 30,
					remainingMinutes: 30,
					reachedAt: '2026-03-02T14:29:00Z',
					maxTemperature: -12,
					minTemperature: -20,
					spaceId: freezer,
				}),
				expect.objectContaining({
					...common,
					event: 'excursionEnded',
					direction: 'above',
					threshold: -15,
					startedAt: '2026-03-02T14:00:00Z',
					endedAt: '2026-03-02T14:30:00Z',
					durationMinutes: 30,
					peakCelsius: -12,
					spaceId: freezer,
				}),
				expect.objectContaining({
					...common,
					event: 'excursionStarted',
					direction: 'below',
					threshold: 2,
					startedAt: '2026-03-02T14:30:00Z',
					detectedAt: '2026-03-02T14:40:00Z',
					peakCelsius: -12,
					spaceId: chilled,
				}),
				expect.objectContaining({
					...common,
					event: 'excursionEnded',
					direction: 'below',
					threshold: 2,
					startedAt: '2026-03-02T14:30:00Z',
					endedAt: '2026-03-02T14:50:00Z',
					durationMinutes: 20,
					peakCelsius: -12,
					spaceId: chilled,
				}),
			]);
			// The users' guide (cold-chain QA) tells this run, with these times.
			const readme = readFileSync(
				join(__dirname, '..', '..', 'docs', 'guide', 'cold-chain.md'),
				'utf8',
			);
			expect(readme.replace(/\s+/g, ' ')).toContain(
				'A box at −12 °C in the freezer (profile −25/−15 °C) from 14:00 is moved to the chilled room (2/8 °C) at 14:30: its excursion above −15 °C, started at 14:10, ends at 14:30 after 30 minutes, and the reading of 14:30 opens an excursion below 2 °C, started at 14:40.',
			);
			// 30 minutes in the freezer and 20 in the chilled room count: 50 of the budget.
			const part = (nodeState(staticData)!.memories as IDataObject).stabilityBudget as string;
			expect(parseInt(part.split('~')[0], 36)).toBe(50);
		} finally {
			await stopSimulator(sim);
		}
	});

	it('the budget counts a late reading when it arrives, once, and never one from before the activation', async () => {
		const { sim, n8n } = await startSimulator({ labelledAssets: 0, historyMinutes: 60 });
		try {
			const ws = sim.seed.workspaceId;
			const start = sim.clock.now();
			const [id] = sim.addLabelledAssets(ws, 1, {
				temperatureScript: [{ from: start - 2 * HOUR, until: start + 4 * HOUR, celsius: 9.5 }],
			});
			// Half the 5-minute batches arrive 12 minutes after they end.
			sim.setLateUploads({ share: 0.5, delaysMinutes: [12], batchMinutes: 5, assetIds: [id] });
			const parameters = {
				events: ['budgetConsumed'],
				scope: 'workspace',
				workspaceId: byId(ws),
				options: { budgetMinutes: 40, budgetThresholds: '25, 50,100' },
			} as unknown as INodeParameters;
			const staticData: IDataObject = {};
			const poll = () => n8n.poll(parameters, staticData, 'trigger', 'activate', v3);
			expect(await poll()).toBeNull();
			const activatedAt = sim.clock.now();
			const items = await pollFor(sim, poll, 60, 5);
			// Long enough after for every late batch to have arrived and its sweep to have run.
			items.push(...(await pollFor(sim, poll, 60, 30)));
			const upTo = sim.clock.now();
			// What had arrived by the last poll, timestamped at or after the activation.
			const truth = sim
				.readingsGenerated({ kind: 'temperature', assetIds: [id], after: activatedAt - 1, upTo })
				.filter((r) => r.deliveredAt <= upTo);
			const late = truth.filter((r) => r.deliveredAt > Date.parse(r.timestamp) + 5 * MINUTE);
			expect(late.length).toBeGreaterThan(10);
			// Every reading since the activation counted once: the late ones too, none before it.
			const part = (nodeState(staticData)!.memories as IDataObject).stabilityBudget as string;
			expect(parseInt(part.split('~')[0], 36)).toBe(truth.length);
			expect(items.map((j) => [j.percent, j.consumedMinutes, j.remainingMinutes])).toEqual([
				[25, 10, 30],
				[50, 20, 20],
				[100, 40, 0],
			]);
			for (const j of items) {
				expect(Date.parse(j.reachedAt as string)).toBeGreaterThanOrEqual(activatedAt);
				expect(j).toMatchObject({ budgetMinutes: 40, maxTemperature: 9.5, minTemperature: 9.5 });
				expect(j.spaceId).toBeUndefined();
			}
		} finally {
			await stopSimulator(sim);
		}
	});

	it('Specific Assets: the memberships profiles need are one record read per asset and poll, shared with the space events', async () => {
		const { sim, n8n } = await startSimulator({ labelledAssets: 0 });
		try {
			const ws = sim.seed.workspaceId;
			const freezer = sim.seed.freezerSpaceId;
			const start = sim.clock.now();
			const temperature = (celsius: number) => ({
				temperatureScript: [{ from: start - HOUR, until: start + HOUR, celsius }],
			});
			const [frozen] = sim.addLabelledAssets(ws, 1, { inSpaceIds: [freezer], ...temperature(-20) });
			const [chilled] = sim.addLabelledAssets(ws, 1, temperature(5));
			const parameters = (events: string[], profiles: boolean) =>
				({
					events,
					scope: 'assets',
					assets: { asset: [{ id: byId(frozen) }, { id: byId(chilled) }] },
					options: profiles
						? { spaceProfiles: { profile: [{ spaceId: byId(freezer), ...FREEZER }] } }
						: {},
				}) as unknown as INodeParameters;
			const recordReads = async (events: string[], profiles: boolean) => {
				const staticData: IDataObject = {};
				await n8n.poll(parameters(events, profiles), staticData, 'trigger', 'activate', v3);
				sim.clock.advance(MINUTE);
				sim.resetStats();
				const items = await n8n.poll(
					parameters(events, profiles),
					staticData,
					'trigger',
					'activate',
					v3,
				);
				return { items, reads: sim.stats.byOperation['GET /assets/{assetId}'] ?? 0 };
			};
			const all = ['excursionStarted', 'excursionEnded', 'budgetConsumed', 'enteredSpace'];
			// In its profile, −20 °C is in range: nothing to emit, nothing to name.
			expect(await recordReads(all, true)).toEqual({ items: null, reads: 2 });
			expect(await recordReads(['excursionStarted', 'budgetConsumed'], true)).toEqual({
				items: null,
				reads: 2,
			});
			// Without profiles the excursions and the budget read no record.
			expect(await recordReads(['excursionStarted', 'budgetConsumed'], false)).toEqual({
				items: null,
				reads: 0,
			});
		} finally {
			await stopSimulator(sim);
		}
	});

	const profileOf = (spaceId: string, fields: IDataObject) => ({
		spaceProfiles: { profile: [{ spaceId: byId(spaceId), ...FREEZER, ...fields }] },
	});
	it.each([
		[
			{ ...profileOf('FREEZER-1', { minTemperature: -10 }) },
			/Invalid "Alert Below \(°C\)" of profile 1 in "Profiles by Space": must be below its "Alert Above \(°C\)" \(-15\)/,
		],
		[
			{
				spaceProfiles: {
					profile: [
						{ spaceId: byId('FREEZER-1'), ...FREEZER },
						{ spaceId: byId('FREEZER-1'), ...CHILLED_ROOM },
					],
				},
			},
			/Invalid "Space" of profile 2 in "Profiles by Space": must be a space not listed in an earlier profile/,
		],
		[
			profileOf('freezer #1', {}),
			/Invalid "Space" of profile 1 in "Profiles by Space": .*"#" at position 9/,
		],
		[
			profileOf('FREEZER-1', { budgetMinutes: 0 }),
			/Invalid "Stability Budget \(Minutes\)" of profile 1 in "Profiles by Space"/,
		],
		[
			{ budgetThresholds: '50,eighty' },
			/Invalid "Alert at \(%\)": must be a whole number from 1 to 1000 \(got "eighty"\)/,
		],
		[{ budgetThresholds: ' , ' }, /Invalid "Alert at \(%\)": must be at least one percentage/],
		[{ budgetMinutes: 0 }, /"Stability Budget \(Minutes\)"/],
	])('refuses %j before sending anything', async (options, message) => {
		const { sim, n8n } = await startSimulator({ labelledAssets: 1 });
		try {
			const parameters = {
				events: ['budgetConsumed'],
				scope: 'workspace',
				workspaceId: byId(sim.seed.workspaceId),
				options,
			} as unknown as INodeParameters;
			await expect(n8n.poll(parameters, {}, 'trigger', 'activate', v3)).rejects.toThrow(message);
			expect(sim.stats.requests).toBe(0);
		} finally {
			await stopSimulator(sim);
		}
	});
});

describe('the demo workspace with the Slack example', () => {
	it('its frozen boxes sit in the freezer, whose profile keeps them out of excursions and budgets; by 2–8 °C every reading of theirs would be out of range', async () => {
		const { sim, n8n } = await startSimulator();
		try {
			const saved = exampleNode('temperature-excursion-to-slack.json', 'assetTrackingTrigger');
			const trigger = saved.parameters;
			// Version 6: Rules by Space on the node, beside the default Alert Above and Below.
			expect(saved.typeVersion).toBe(6);
			const profile = (trigger.spaceProfiles as { profile: IDataObject[] }).profile[0];
			expect((profile.spaceId as IDataObject).value).toBe(sim.seed.freezerSpaceId);
			expect((trigger.workspaceId as IDataObject).value).toBe(sim.seed.workspaceId);
			const frozen = sim.seed.labelledAssetIds.filter((id) =>
				sim.membershipsOf(id).some((m) => m.spaceId === sim.seed.freezerSpaceId),
			);
			expect(frozen.length).toBeGreaterThanOrEqual(3);

			const run = async (withProfile: boolean) => {
				const parameters = cloneJson({
					...trigger,
					events: [...(trigger.events as string[]), 'budgetConsumed'],
					spaceProfiles: withProfile ? trigger.spaceProfiles : {},
				}) as unknown as INodeParameters;
				const staticData: IDataObject = {};
				const poll = () =>
					n8n.poll(parameters, staticData, 'trigger', 'activate', { typeVersion: 6 });
				expect(await poll()).toBeNull();
				return await pollFor(sim, poll, 12 * 60, 30);
			};
			const startedAt = sim.clock.now();
			const events = await run(true);
			const truth = sim.readingsGenerated({
				kind: 'temperature',
				assetIds: frozen,
				after: startedAt - HOUR,
				upTo: sim.clock.now(),
			});
			const values = truth.map((r) => (r.reading as { degreesCelsius: number }).degreesCelsius);
			expect(Math.max(...values)).toBeLessThan(-15);
			expect(Math.min(...values)).toBeGreaterThan(-25);
			const ofFrozen = (items: IDataObject[]) =>
				items.filter(
					(j) => frozen.includes(j.assetId as string) && !/Space$/.test(j.event as string),
				);
			expect(ofFrozen(events)).toEqual([]);
			// The chilled assets still make events: the profile only judges the freezer's readings.
			expect(events.some((j) => j.event === 'budgetConsumed')).toBe(true);

			const without = await run(false);
			expect(
				ofFrozen(without)
					.map((j) => `${j.assetId} ${j.event} ${j.percent}`)
					.sort(),
			).toEqual(
				frozen.flatMap((id) => [50, 80, 100].map((p) => `${id} budgetConsumed ${p}`)).sort(),
			);
		} finally {
			await stopSimulator(sim);
		}
	});
});

describe('the cold-chain QA example', () => {
	it("a budget event and an ended excursion each give a 24-hour summary and one Slack line: the event's summary, then the summary's named fields (mean, MKT, minutes out of range, budget used, minutes missing)", async () => {
		// The summary's Last 24 Hours is this machine's: the simulator's clock starts at this
		// machine's, with a day of history.
		const { sim, n8n } = await startSimulator({
			startTime: Math.floor(Date.now() / MINUTE) * MINUTE,
			historyMinutes: 24 * 60,
		});
		try {
			// One asset 20 minutes above 8 °C (an excursion that ends), one two hours (its budget).
			const start = sim.clock.now();
			const script = (minutes: number) => [
				{ from: start + 30 * MINUTE, until: start + (30 + minutes) * MINUTE, celsius: 9.5 },
				{ from: start - 25 * HOUR, until: start + 4 * HOUR, celsius: 5 },
			];
			sim.addLabelledAssets(sim.seed.workspaceId, 1, { temperatureScript: script(20) });
			sim.addLabelledAssets(sim.seed.workspaceId, 1, { temperatureScript: script(120) });
			const file = 'cold-chain-qa-to-slack.json';
			const trigger = exampleNode(file, 'assetTrackingTrigger');
			const summary = exampleNode(file, 'assetTracking');
			const text = nodeOf(file, 'slack').text as string;
			expect([trigger.typeVersion, summary.typeVersion]).toEqual([6, 5]);
			const staticData: IDataObject = {};
			const poll = () =>
				n8n.poll(trigger.parameters as INodeParameters, staticData, 'trigger', 'activate', {
					typeVersion: trigger.typeVersion,
				});
			expect(await poll()).toBeNull();
			const events = await pollFor(sim, poll, 3 * 60, 15);
			const budget = events.find((j) => j.event === 'budgetConsumed')!;
			const ended = events.find((j) => j.event === 'excursionEnded')!;
			expect(budget).toBeDefined();
			expect(ended).toBeDefined();

			for (const event of [budget, ended]) {
				const r = await n8n.runNode(summary.parameters as INodeParameters, {
					input: [event],
					typeVersion: summary.typeVersion,
				});
				expect(r.error).toBeUndefined();
				const [s] = r.items.map((i) => i.json);
				expect(s).toMatchObject({
					assetId: event.assetId,
					assetName: event.assetName,
					readings: expect.any(Number),
					// The rule that applied: the trigger's range, and its budget.
					maxTemperature: 8,
					minTemperature: 2,
					excursionMinutes: 10,
					budgetMinutes: 120,
				});
				expect(Date.parse(s.to as string) - Date.parse(s.from as string)).toBe(24 * HOUR);
				expect(s.readings).toBeGreaterThan(23 * 60);
				// The Slack node's text, rendered as n8n renders it for this item.
				const message = renderParameter(text, s, () => ({ item: { json: event } }));
				const out = (s.minutesAbove as number) + (s.minutesBelow as number);
				expect(message).toBe(
					`:clipboard: ${event.summary as string}\n*${s.assetName as string}*, ${s.from as string} to ${s.to as string}: mean ${s.meanCelsius as number} °C, MKT ${s.mktCelsius as number} °C, ${out} min out of range, budget ${s.consumedMinutes as number} of 120 min used, ${s.missingMinutes as number} min without a reading.`,
				);
				expect(message).not.toMatch(/undefined|null|NaN/);
			}
		} finally {
			await stopSimulator(sim);
		}
	});
});
