/* eslint-disable no-console -- the run prints its counts */
// Issue 36: from version 5 every item carries `eventId`, derived only from the event's identity,
// so two triggers watching one workspace (two active copies of a workflow) give the same event
// the same ID and a Remove Duplicates node downstream keeps one of each. Two instances poll one
// simulator at the same moments, every event chosen; the second restarts every third poll and has
// every fourth poll cut by the budget, so its events come out at other polls than the first's.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { EngineHarness } from '../../engine/engine';
import { afterRequests, CUT_POLL, UNCUT_POLL, withCut } from './cuts';
import { ALL_EVENTS, scheduleSubjects, SUBJECTS } from './families/scenario';
import { byId, cloneJson, MINUTE, startSimulator, stopSimulator } from './helpers';

const POLLS = 30;
const STEP_MINUTES = 5;

describe('eventId (version 5)', () => {
	it('two instances on one simulator emit the same set of eventIds, each unique within its run', async () => {
		const { sim } = await startSimulator({ labelledAssets: 0, historyMinutes: 60 });
		try {
			const ws = sim.seed.workspaceId;
			const spaces = sim.spacesOf(ws);
			sim.addLabelledAssets(ws, 3, {
				temperatureProfile: { bound: 8, side: 'above' },
				inSpaceIds: [spaces[0].id],
			});
			sim.addLabelledAssets(ws, 3, {
				temperatureProfile: { bound: 2, side: 'below' },
				inSpaceIds: [spaces[1 % spaces.length].id],
			});
			const start = sim.clock.now();
			scheduleSubjects(sim, ws, SUBJECTS, start, start + POLLS * STEP_MINUTES * MINUTE);
			const parameters = {
				events: ALL_EVENTS,
				scope: 'workspace',
				workspaceId: byId(ws),
				options: { retryBaseDelay: 5, maxRetryWait: 2, silentAfterMinutes: 30 },
			} as unknown as INodeParameters;
			const v5 = { typeVersion: 5, ...UNCUT_POLL };
			const first = {
				n8n: new EngineHarness(sim),
				staticData: {} as IDataObject,
				items: [] as IDataObject[],
			};
			const second = {
				n8n: new EngineHarness(sim),
				staticData: {} as IDataObject,
				items: [] as IDataObject[],
			};
			for (const instance of [first, second])
				expect(
					await instance.n8n.poll(parameters, instance.staticData, 'trigger', 'activate', v5),
				).toBeNull();
			for (let i = 1; i <= POLLS + 1; i++) {
				sim.clock.advance((i > POLLS ? 1 : STEP_MINUTES) * MINUTE);
				first.items.push(
					...(
						(await first.n8n.poll(parameters, first.staticData, 'trigger', 'activate', v5)) ?? []
					).map((item) => item.json),
				);
				if (i % 3 === 0) {
					second.staticData = cloneJson(second.staticData);
					second.n8n = new EngineHarness(sim);
				}
				const cut = i % 4 === 0 && i <= POLLS;
				const poll = () =>
					second.n8n.poll(parameters, second.staticData, 'trigger', 'activate', {
						...v5,
						...(cut ? CUT_POLL : {}),
					});
				const items = cut ? await withCut(sim, afterRequests(6), poll) : await poll();
				second.items.push(...(items ?? []).map((item) => item.json));
			}
			const idsOf = (items: IDataObject[]) => items.map((item) => item.eventId as string);
			const [a, b] = [idsOf(first.items), idsOf(second.items)];
			const events = new Set(first.items.map((item) => item.event));
			expect(a.every((id) => typeof id === 'string' && /^[A-Za-z0-9_-]{22}$/.test(id))).toBe(true);
			expect(new Set(a).size).toBe(a.length);
			expect(new Set(b).size).toBe(b.length);
			// A printer's or a group's change carries no time of the service's: its key is the poll that
			// observed it, so a cut poll that did not read a facility's groups sees the change a poll
			// later. Every other event has the same ID, and the same fields, from both instances.
			const observed = (item: IDataObject) => /^(printer|assetGroup)/.test(String(item.event));
			const onlyIn = (x: IDataObject[], y: string[]) =>
				x.filter((item) => !y.includes(item.eventId as string));
			expect(onlyIn(first.items, b).filter((item) => !observed(item))).toEqual([]);
			expect(onlyIn(second.items, a).filter((item) => !observed(item))).toEqual([]);
			const change = (item: IDataObject) =>
				`${String(item.event)}|${String(item.assetGroupId ?? item.printerId)}`;
			expect(onlyIn(second.items, a).map(change).sort()).toEqual(
				onlyIn(first.items, b).map(change).sort(),
			);
			console.log(
				`eventId: ${a.length} items of ${events.size} events (first instance), ${b.length} (second, restarted and cut); ${new Set(a).size} and ${new Set(b).size} distinct; ${onlyIn(first.items, b).length} group changes observed a poll later by the second`,
			);
			const secondById = new Map(second.items.map((item) => [item.eventId, item]));
			for (const item of first.items)
				if (!observed(item) && item.event !== 'wentSilent')
					expect(secondById.get(item.eventId)).toEqual(item);
			expect(events.size).toBeGreaterThanOrEqual(15);
		} finally {
			await stopSimulator(sim);
		}
	});
});
