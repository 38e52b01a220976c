// Fetch Test Event of version 6 (issue 45): every item of every event, sample or real, under each
// Watch, without and with rooms that have rules of their own, meets the invariants real items
// meet (sampleInvariants.ts): judged by the rule of the room it names (a watched room's under
// Assets in Spaces), its times in order, its counts agreeing, its sentence naming its room.
import type { INodeParameters } from 'n8n-workflow';

import { byId, startSimulator, stopSimulator } from './helpers';
import { ALL_EVENTS } from './families/scenario';
import { expectSampleInvariants, type RoomRule } from './sampleInvariants';

const v6 = { typeVersion: 6, timezone: 'UTC' };
const DEFAULT: RoomRule = {
	maxTemperature: 8,
	minTemperature: 2,
	excursionMinutes: 10,
	budgetMinutes: 120,
	dwellMinutes: 120,
};
/** Every rule set, so that every event may be chosen. */
const OPTIONS = {
	retryBaseDelay: 5,
	maxRetryWait: 2,
	alarms: {
		alarm: [
			{
				name: 'Warm',
				severity: 'warning',
				direction: 'above',
				threshold: 8,
				delayMinutes: 30,
				counting: 'consecutive',
			},
		],
	},
	dwellSpaceMinutes: 120,
	deliverWithinHours: 48,
	remindEveryMinutes: 60,
};
const ROOM_RULES: Record<string, Omit<RoomRule, 'room'>> = {
	'Freezer 1': {
		maxTemperature: -15,
		minTemperature: -25,
		excursionMinutes: 15,
		budgetMinutes: 60,
		dwellMinutes: 600,
	},
	'Cold Room "A"': { maxTemperature: 8, minTemperature: 2, excursionMinutes: 5, budgetMinutes: 90 },
	'Dock #3 (In/Out)': {
		maxTemperature: 30,
		minTemperature: 0,
		excursionMinutes: 20,
		budgetMinutes: 240,
		dwellMinutes: 90,
	},
};
const ASSET_RULED = [
	'excursionStarted',
	'excursionOngoing',
	'excursionEnded',
	'budgetConsumed',
	'alarmRaised',
	'alarmOngoing',
	'alarmCleared',
];

describe.each([
	['workspace', false],
	['workspace', true],
	['assets', false],
	['assets', true],
	['spaces', true],
])('version 6, Watch %s, rooms with rules: %s', (scope, withRooms) => {
	it('every item of every event meets the invariants of real items, judged by its room', async () => {
		const { sim, n8n } = await startSimulator({ historyMinutes: 120 });
		try {
			const ws = sim.seed.workspaceId;
			const spaces = sim.spacesOf(ws);
			const idOf = (name: string) => spaces.find((s) => s.name === name)!.id;
			const rooms = new Map(
				Object.entries(ROOM_RULES).map(([name, rule]) => [
					idOf(name),
					{ ...rule, room: idOf(name), roomName: name },
				]),
			);
			const entries = [...rooms.values()].map(({ room, roomName, ...rule }) => {
				void roomName;
				const { excursionMinutes, ...rest } = rule;
				return { ...rest, excursionMinutes, hysteresis: 0.5, id: byId(room), spaceId: byId(room) };
			});
			const parameters = {
				events: ALL_EVENTS,
				scope,
				workspaceId: byId(ws),
				...(scope === 'assets'
					? {
							assets: {
								asset: sim.seed.labelledAssetIds.slice(0, 5).map((id) => ({ id: byId(id) })),
							},
						}
					: {}),
				...(scope === 'spaces' ? { spaces: { space: entries } } : {}),
				...(scope !== 'spaces' && withRooms ? { spaceProfiles: { profile: entries } } : {}),
				options: OPTIONS,
			} as unknown as INodeParameters;
			const items = ((await n8n.poll(parameters, {}, 'manual', 'manual', v6)) ?? []).map(
				(item) => item.json,
			);
			expect(items.map((j) => j.event)).toEqual(ALL_EVENTS);
			for (const item of items) {
				const room = typeof item.spaceId === 'string' ? rooms.get(item.spaceId) : undefined;
				const ruled = withRooms && room !== undefined;
				if (scope === 'spaces' && ASSET_RULED.includes(String(item.event)))
					// Under Assets in Spaces only the watched rooms judge.
					expect([item.event, ruled]).toEqual([item.event, true]);
				const rule = ruled ? { ...DEFAULT, ...room } : DEFAULT;
				if (item.event === 'dwellExceeded' && item.place === 'space' && !ruled)
					expect(item.limitMinutes).toBe(DEFAULT.dwellMinutes);
				expectSampleInvariants(item, rule);
				if (item.sample === true && ASSET_RULED.includes(String(item.event)))
					// A sample names the room it is set in (the demo's labelled assets are all in one).
					expect(typeof item.spaceId).toBe('string');
			}
		} finally {
			await stopSimulator(sim);
		}
	}, 60_000);
});
