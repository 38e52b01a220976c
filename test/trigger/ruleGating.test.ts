// Issue 36: an event whose rule is off would never be emitted, so choosing it is refused the same
// way for every family, before any request: a configuration-invalid error naming the option it
// needs (Dwell Exceeded a limit, Consignment Overdue Deliver Within, the alarm events an alarm,
// Alarm Ongoing and Excursion Ongoing Remind Every). A version before 5 that chose one of version
// 5's events (an edited or imported workflow) is told the version it needs.
import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';

import { FAMILIES } from '../../nodes/AssetTracking/trigger/families/registry';
import { readRulebook } from '../../nodes/AssetTracking/trigger/parameters/rulebook';
import { byId, startSimulator, stopSimulator } from './helpers';
import { WARNING } from './families/alarmOracle';
import { VERSION_5_EVENTS } from './families/scenario';

const ALARMS = { alarms: { alarm: [{ ...WARNING, spaceIds: [] }] } };

/** Each event with a rule, the options that leave it off, and the refusal's message. */
const OFF: Array<[string, IDataObject, string]> = [
	[
		'dwellExceeded',
		{ dwellSpaceMinutes: 0 },
		'Dwell Exceeded needs a limit: "Dwell Limit in a Space (Minutes)" or "Dwell Limit in a Facility (Minutes)" (Options) above 0',
	],
	[
		'consignmentOverdue',
		{},
		'Consignment Overdue needs "Deliver Within (Hours)" (Options) above 0',
	],
	['alarmRaised', {}, 'Alarm Raised needs at least one alarm in "Alarms" (Options)'],
	['alarmCleared', { alarms: {} }, 'Alarm Cleared needs at least one alarm in "Alarms" (Options)'],
	['alarmOngoing', ALARMS, 'Alarm Ongoing needs "Remind Every (Minutes)" (Options) above 0'],
	[
		'alarmOngoing',
		{ remindEveryMinutes: 20 },
		'Alarm Ongoing needs at least one alarm in "Alarms" (Options)',
	],
	[
		'excursionOngoing',
		{ remindEveryMinutes: 0 },
		'Excursion Ongoing needs "Remind Every (Minutes)" (Options) above 0',
	],
];

/**
 * The events of the registry whose family says they need a rule when every option is at its
 * default (`needs`): a new family's ruled event must join the tables above.
 */
function ruledEvents(): string[] {
	const node = { name: 'Trigger', typeVersion: 5, parameters: {} } as unknown as INode;
	const ruled = FAMILIES.flatMap((family) =>
		family.events
			.filter(({ value }) => {
				const selected = new Set([value]);
				const rules = readRulebook({ node, options: {}, version: 5, selected });
				const settings = family.settings({ node, options: {}, version: 5, selected, rules });
				return family.needs?.(value, settings) !== undefined;
			})
			.map(({ value }) => value),
	);
	return [...new Set(ruled)];
}

/** The same events with their rules on: accepted. */
const ON: Record<string, IDataObject> = {
	dwellExceeded: { dwellFacilityMinutes: 120 },
	consignmentOverdue: { deliverWithinHours: 48 },
	alarmRaised: ALARMS,
	alarmCleared: ALARMS,
	alarmOngoing: { ...ALARMS, remindEveryMinutes: 20 },
	excursionOngoing: { remindEveryMinutes: 20 },
};

describe('an event chosen whose rule is off', () => {
	it.each(OFF)(
		'%s with %j: refused before any request, naming the option',
		async (event, options, message) => {
			const { sim, n8n } = await startSimulator({ labelledAssets: 1 });
			try {
				const parameters = (more: IDataObject) =>
					({
						events: ['excursionStarted', event],
						scope: 'workspace',
						workspaceId: byId(sim.seed.workspaceId),
						options: more,
					}) as unknown as INodeParameters;
				const before = sim.stats.requests;
				let error: (Error & { failure?: unknown }) | undefined;
				try {
					await n8n.poll(parameters(options), {}, 'trigger', 'activate', { typeVersion: 5 });
				} catch (caught) {
					error = caught as Error;
				}
				expect(error?.message).toBe(message);
				expect(error?.failure).toEqual({ cause: 'configuration-invalid' });
				expect(sim.stats.requests).toBe(before);
				// With its rule on, the same node starts.
				await expect(
					n8n.poll(parameters(ON[event]), {}, 'trigger', 'activate', { typeVersion: 5 }),
				).resolves.toBeNull();
			} finally {
				await stopSimulator(sim);
			}
		},
	);

	it('every event of the registry with a rule is among them, and each of version 5 is refused in version 4 for its version', async () => {
		const ruled = ruledEvents();
		// The reader saw them: a dwell limit, Deliver Within, an alarm, Remind Every.
		expect(ruled).toEqual(expect.arrayContaining(['dwellExceeded', 'consignmentOverdue']));
		expect(Object.keys(ON).sort()).toEqual([...ruled].sort());
		expect([...new Set(OFF.map(([event]) => event))].sort()).toEqual([...ruled].sort());
		const { sim, n8n } = await startSimulator({ labelledAssets: 1 });
		try {
			for (const event of VERSION_5_EVENTS) {
				const parameters = {
					events: [event],
					scope: 'workspace',
					workspaceId: byId(sim.seed.workspaceId),
					options: ON[event] ?? {},
				} as unknown as INodeParameters;
				const before = sim.stats.requests;
				await expect(
					n8n.poll(parameters, {}, 'trigger', 'activate', { typeVersion: 4 }),
				).rejects.toThrow(
					/ needs version 5 of the Asset Tracking Trigger \(this node is version 4\): add the trigger anew to use it$/,
				);
				expect(sim.stats.requests).toBe(before);
			}
		} finally {
			await stopSimulator(sim);
		}
	});
});
