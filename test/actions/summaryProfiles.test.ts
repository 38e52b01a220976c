// Issue 38: Get Temperature Summary (node version 4) judges readings by Profiles by Space as the
// trigger does (test/trigger/coldChain.test.ts runs the same move through the trigger), and says
// the Stability Budget used. The series is scripted (profiledMove.ts), so every figure is worked
// out by hand here.
import type { INodeParameters } from 'n8n-workflow';

import { useSimulator } from '../harness/fixtures';
import { byId, ok, run } from './helpers';
import { CHILLED_ROOM, FREEZER, profiledMove, START } from './profiledMove';

/** 14:00 to 15:00, both ends included: 61 readings. */
const PERIOD = { period: 'custom', from: '2026-03-02T14:00:00Z', to: '2026-03-02T15:00:00Z' };

const summary = (assetId: string, summaryOptions: INodeParameters = {}): INodeParameters => ({
	resource: 'asset',
	operation: 'getTemperatureSummary',
	assetId: byId(assetId),
	...PERIOD,
	summaryOptions,
});

describe('Get Temperature Summary with Profiles by Space and a Stability Budget', () => {
	const t = useSimulator({ labelledAssets: 0, historyMinutes: 60, startTime: START });
	let box: string;
	let freezer: string;
	let chilled: string;
	let profiles: INodeParameters;

	beforeAll(() => {
		({ box, freezer, chilled, spaceProfiles: profiles } = profiledMove(t.sim));
	});

	it('the move changes the judged minutes: 30 above the freezer, 20 below the chilled room, two excursions', async () => {
		const [plain] = (await ok(t, summary(box), { typeVersion: 4 })).json;
		// By the node's 8 / 2 °C alone: 50 minutes at −12 °C below 2 °C, one excursion of 50.
		expect(plain).toMatchObject({
			readings: 61,
			minutesAbove: 0,
			minutesBelow: 50,
			minutesInRange: 11,
			excursions: 1,
			longestExcursionMinutes: 50,
		});
		expect(plain).not.toHaveProperty('spaceProfiles');
		expect(plain).not.toHaveProperty('budgetMinutes');

		const [json] = (await ok(t, summary(box, { spaceProfiles: profiles }), { typeVersion: 4 }))
			.json;
		expect(json).toMatchObject({
			assetName: 'Vaccine box 9',
			spaceId: chilled,
			maxTemperature: 8,
			minTemperature: 2,
			readings: 61,
			// 14:00–14:29 judged by the freezer, 14:30–15:00 by the chilled room.
			minutesAbove: 30,
			minutesBelow: 20,
			minutesInRange: 11,
			// The freezer's above from 14:00, ended by the move at 14:30 (as the trigger's
			// excursionEnded); the chilled room's below from 14:30 to 14:50 (5 °C ≥ 2 + 0.5).
			excursions: 2,
			longestExcursionMinutes: 30,
			spaceProfiles: [
				{
					spaceId: freezer,
					spaceName: 'Freezer 1',
					...FREEZER,
					readings: 30,
					minutesAbove: 30,
					minutesBelow: 0,
				},
				{
					spaceId: chilled,
					spaceName: 'Cold Room "A"',
					...CHILLED_ROOM,
					readings: 31,
					minutesAbove: 0,
					minutesBelow: 20,
				},
			],
			// Profiles bring the budget: the chilled room's judged the last reading (15:00).
			budgetMinutes: 120,
			consumedMinutes: 50,
			remainingMinutes: 70,
			consumedPercent: 41.7,
		});
		// The profiles follow the rule, the budget the figures, as a sheet's columns take them.
		const keys = Object.keys(json);
		expect(keys.indexOf('spaceProfiles')).toBe(keys.indexOf('activationEnergy') + 1);
		expect(keys.slice(-4)).toEqual([
			'budgetMinutes',
			'consumedMinutes',
			'remainingMinutes',
			'consumedPercent',
		]);
	});

	it('a budget without profiles: every reading out of range by the node bounds uses a minute', async () => {
		const [json] = (await ok(t, summary(box, { budgetMinutes: 40 }), { typeVersion: 4 })).json;
		expect(json).toMatchObject({
			minutesBelow: 50,
			budgetMinutes: 40,
			consumedMinutes: 50,
			remainingMinutes: 0,
			consumedPercent: 125,
		});
		expect(json).not.toHaveProperty('spaceProfiles');
	});

	it('a profile of a space the asset was not in during the period judges nothing', async () => {
		const other = { profile: [{ spaceId: byId(chilled), ...FREEZER }] };
		const period = { ...PERIOD, from: '2026-03-02T14:00:00Z', to: '2026-03-02T14:20:00Z' };
		const [json] = (
			await ok(t, { ...summary(box, { spaceProfiles: other }), ...period }, { typeVersion: 4 })
		).json;
		expect(json).toMatchObject({ spaceProfiles: [], minutesBelow: 21, budgetMinutes: 120 });
	});

	it('before version 4 the options are not read: the output is as it was', async () => {
		const options = { spaceProfiles: profiles, budgetMinutes: 40 };
		const r = await ok(
			t,
			{ ...summary(box, options), from: PERIOD.from, to: PERIOD.to },
			{ typeVersion: 3 },
		);
		expect(r.json[0]).toMatchObject({ minutesAbove: 0, minutesBelow: 50, excursions: 1 });
		expect(r.json[0]).not.toHaveProperty('budgetMinutes');
	});

	it('refuses a profile as the trigger does, naming it, before anything is sent', async () => {
		const expectRejected = async (parameters: INodeParameters, message: string) => {
			const before = t.sim.stats.requests;
			const result = await run(t, parameters, { typeVersion: 4 });
			expect(result.error?.message).toContain(message);
			expect(t.sim.stats.requests).toBe(before);
		};
		const profile = (fields: INodeParameters) => ({
			spaceProfiles: { profile: [{ spaceId: byId(freezer), ...FREEZER, ...fields }] },
		});
		await expectRejected(
			summary(box, profile({ minTemperature: -10 })),
			'Invalid "Alert Below (°C)" of profile 1 in "Profiles by Space": must be below its "Alert Above (°C)" (-15)',
		);
		await expectRejected(
			summary(box, {
				spaceProfiles: {
					profile: [
						{ spaceId: byId(freezer), ...FREEZER },
						{ spaceId: byId(freezer), ...CHILLED_ROOM },
					],
				},
			}),
			'Invalid "Space" of profile 2 in "Profiles by Space"',
		);
		await expectRejected(
			summary(box, profile({ budgetMinutes: 0 })),
			'Invalid "Stability Budget (Minutes)" of profile 1 in "Profiles by Space"',
		);
	});
});
