// Trigger version 6 (issue 45): rules per room. Each watched room carries its whole rule, every
// temperature, alarm and dwell item names the room the asset was in, Fetch Test Event's samples
// are judged by the room's rule, a dwell limit belongs to its room, and a lower alarm's reminders
// give way to a higher one's. Through n8n-core's poller against the simulator.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { dwellSummary } from '../../nodes/AssetTracking/trigger/families/dwell';
import { localWords } from '../../nodes/AssetTracking/trigger/families/words';
import { UNCUT_POLL } from './cuts';
import { byId, MINUTE, pollFor, startSimulator, stopSimulator } from './helpers';
import { expectSampleInvariants } from './sampleInvariants';

const v6 = { typeVersion: 6, timezone: 'UTC', ...UNCUT_POLL };
const fast = { retryBaseDelay: 5, maxRetryWait: 2 };
const FREEZER_RULE = {
	maxTemperature: -15,
	minTemperature: -25,
	excursionMinutes: 10,
	hysteresis: 0.5,
	budgetMinutes: 60,
	dwellMinutes: 60,
};

/** In the Events list's order, which Fetch Test Event keeps. */
const FREEZER_EVENTS = [
	'excursionStarted',
	'excursionOngoing',
	'excursionEnded',
	'dwellExceeded',
	'budgetConsumed',
	'alarmRaised',
	'alarmOngoing',
	'alarmCleared',
];

describe('version 6: the freezer, one room at −25/−15 °C watched under Assets in Spaces', () => {
	it('every item and every sample is judged by −25/−15 and names Freezer 1; no sample contradicts itself', async () => {
		const at = (hhmm: string) => Date.parse(`2026-03-02T${hhmm}:00Z`);
		const { sim, n8n } = await startSimulator({ labelledAssets: 0, startTime: at('13:50') });
		try {
			const ws = sim.seed.workspaceId;
			const freezer = sim.seed.freezerSpaceId;
			// −20 °C, −12 °C (above the freezer's −15) from 14:00 to 14:50, then −20 again.
			const [box] = sim.addLabelledAssets(ws, 1, {
				name: 'Roll cage 002',
				inSpaceIds: [freezer],
				temperatureScript: [
					{ from: at('14:00'), until: at('14:50'), celsius: -12 },
					{ from: at('12:00'), until: at('17:00'), celsius: -21 },
				],
			});
			const parameters = {
				events: FREEZER_EVENTS,
				scope: 'spaces',
				workspaceId: byId(ws),
				spaces: { space: [{ id: byId(freezer), ...FREEZER_RULE }] },
				options: {
					...fast,
					remindEveryMinutes: 20,
					alarms: {
						alarm: [
							{
								name: 'Freezer warm',
								severity: 'warning',
								direction: 'above',
								threshold: -15,
								delayMinutes: 15,
								counting: 'consecutive',
							},
						],
					},
				},
			} as unknown as INodeParameters;

			// Fetch Test Event before anything happened: every event a sample, judged by the room.
			const samples = ((await n8n.poll(parameters, {}, 'manual', 'manual', v6)) ?? []).map(
				(item) => item.json,
			);
			expect(samples.map((s) => s.event)).toEqual(FREEZER_EVENTS);
			for (const sample of samples) {
				expect(sample).toMatchObject({ sample: true, assetId: box, assetName: 'Roll cage 002' });
				expectSampleInvariants(sample, { room: freezer, roomName: 'Freezer 1', ...FREEZER_RULE });
			}

			const staticData: IDataObject = {};
			const poll = () => n8n.poll(parameters, staticData, 'trigger', 'activate', v6);
			expect(await poll()).toBeNull();
			const items = await pollFor(sim, poll, 100, 5);
			// 14:10 started, 14:15 raised, 14:29 half the freezer's 60-minute budget, 14:30 and 14:35
			// the reminders, 14:47 80 % of it, 14:50 back at −21 °C; in the freezer since 13:50: 14:50.
			expect(items.map((j) => j.event)).toEqual([
				'excursionStarted',
				'alarmRaised',
				'budgetConsumed',
				'excursionOngoing',
				'alarmOngoing',
				'budgetConsumed',
				'excursionEnded',
				'alarmCleared',
				'dwellExceeded',
			]);
			for (const item of items) {
				expect(item).toMatchObject({ assetId: box, spaceId: freezer, spaceName: 'Freezer 1' });
				expect(item.summary).toContain('Freezer 1');
				if ('threshold' in item) expect(item.threshold).toBe(-15);
			}
			expect(items.find((j) => j.event === 'excursionStarted')).toMatchObject({
				startedAt: '2026-03-02T14:00:00Z',
				detectedAt: '2026-03-02T14:10:00Z',
				peakCelsius: -12,
			});
			expect(items.find((j) => j.event === 'budgetConsumed')).toMatchObject({
				percent: 50,
				budgetMinutes: 60,
				consumedMinutes: 30,
			});
			expect(items.find((j) => j.event === 'dwellExceeded')).toMatchObject({
				place: 'space',
				limitMinutes: 60,
			});
			// Real events now: Fetch Test Event shows them as they are, each still naming the room.
			const fetched = ((await n8n.poll(parameters, {}, 'manual', 'manual', v6)) ?? []).map(
				(item) => item.json,
			);
			for (const item of fetched) {
				expect(item).toMatchObject({ spaceId: freezer, spaceName: 'Freezer 1' });
				expectSampleInvariants(item, { room: freezer, roomName: 'Freezer 1', ...FREEZER_RULE });
			}
		} finally {
			await stopSimulator(sim);
		}
	});

	it('Only Readings Outside the Range judges each reading by its room: the freezer box emits its −12 °C readings, not its −21 °C ones', async () => {
		const at = (hhmm: string) => Date.parse(`2026-03-02T${hhmm}:00Z`);
		const { sim, n8n } = await startSimulator({ labelledAssets: 0, startTime: at('13:50') });
		try {
			const ws = sim.seed.workspaceId;
			const freezer = sim.seed.freezerSpaceId;
			sim.addLabelledAssets(ws, 1, {
				inSpaceIds: [freezer],
				temperatureScript: [
					{ from: at('14:00'), until: at('14:05'), celsius: -12 },
					{ from: at('12:00'), until: at('17:00'), celsius: -21 },
				],
			});
			const parameters = {
				events: ['temperatureReading'],
				scope: 'spaces',
				workspaceId: byId(ws),
				spaces: { space: [{ id: byId(freezer), ...FREEZER_RULE }] },
				options: { ...fast, outsideRangeOnly: true },
			} as unknown as INodeParameters;
			const staticData: IDataObject = {};
			const poll = () => n8n.poll(parameters, staticData, 'trigger', 'activate', v6);
			expect(await poll()).toBeNull();
			const items = await pollFor(sim, poll, 20, 5);
			expect(items.map((j) => [j.timestamp, j.degreesCelsius, j.crossed, j.alertAbove])).toEqual(
				['14:00', '14:01', '14:02', '14:03', '14:04'].map((t) => [
					`2026-03-02T${t}:00Z`,
					-12,
					'alertAbove',
					-15,
				]),
			);
		} finally {
			await stopSimulator(sim);
		}
	});

	it('a room entry without its range is refused by name before anything is sent', async () => {
		const { sim, n8n } = await startSimulator({ labelledAssets: 1 });
		try {
			const parameters = {
				events: ['excursionStarted'],
				scope: 'spaces',
				workspaceId: byId(sim.seed.workspaceId),
				spaces: {
					space: [
						{ id: byId(sim.seed.freezerSpaceId), maxTemperature: null, minTemperature: null },
					],
				},
			} as unknown as INodeParameters;
			const before = sim.stats.requests;
			await expect(n8n.poll(parameters, {}, 'trigger', 'activate', v6)).rejects.toThrow(
				/^Invalid "Alert Above \(°C\)" of space 1 in "Spaces": must be the room's own bound/,
			);
			expect(sim.stats.requests).toBe(before);
		} finally {
			await stopSimulator(sim);
		}
	});
});

describe('version 6: a dwell limit belongs to its room', () => {
	/** Two pallets, one in Dock #3, one in Cold Room "A", from the activation; 160 minutes of polls. */
	async function dwell(dwellSpaceMinutes: number) {
		const { sim, n8n } = await startSimulator({ labelledAssets: 0 });
		try {
			const ws = sim.seed.workspaceId;
			const room = (name: string) => sim.spacesOf(ws).find((s) => s.name === name)!.id;
			const dock = room('Dock #3 (In/Out)');
			const cold = room('Cold Room "A"');
			const [inDock] = sim.addLabelledAssets(ws, 1, { name: 'Pallet D', inSpaceIds: [dock] });
			const [inCold] = sim.addLabelledAssets(ws, 1, { name: 'Pallet C', inSpaceIds: [cold] });
			const parameters = {
				events: ['dwellExceeded'],
				scope: 'workspace',
				workspaceId: byId(ws),
				spaceProfiles: { profile: [{ spaceId: byId(dock), dwellMinutes: 120 }] },
				options: { ...fast, dwellSpaceMinutes },
			} as unknown as INodeParameters;
			const staticData: IDataObject = {};
			const poll = () => n8n.poll(parameters, staticData, 'trigger', 'activate', v6);
			expect(await poll()).toBeNull();
			const items = await pollFor(sim, poll, 170, 10);
			return { items, dock, cold, inDock, inCold };
		} finally {
			await stopSimulator(sim);
		}
	}

	it('a dock-only limit of 120 minutes emits only for the stay in the dock; the cold room, with no limit of its own and Dwell Limit in a Space 0, emits none', async () => {
		const { items, dock, inDock } = await dwell(0);
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({
			event: 'dwellExceeded',
			assetId: inDock,
			place: 'space',
			spaceId: dock,
			spaceName: 'Dock #3 (In/Out)',
			limitMinutes: 120,
		});
		expect(items[0].summary).toMatch(
			/^Asset Pallet D has been in space Dock #3 \(In\/Out\) for more than 120 min/,
		);
	});

	it('with Dwell Limit in a Space 150, the cold room uses it and the dock keeps its own 120', async () => {
		const { items, dock, cold, inDock, inCold } = await dwell(150);
		expect(items.map((j) => [j.assetId, j.spaceId, j.limitMinutes])).toEqual([
			[inDock, dock, 120],
			[inCold, cold, 150],
		]);
	});
});

describe('version 6: reminders escalate', () => {
	const WARNING = {
		name: 'Warning',
		severity: 'warning',
		direction: 'above',
		threshold: 8,
		delayMinutes: 10,
		counting: 'consecutive',
	};
	const CRITICAL = {
		...WARNING,
		name: 'Critical',
		severity: 'critical',
		threshold: 15,
		delayMinutes: 5,
	};

	/** Pallet 7: 10 °C from +10 to +150 minutes, 16 °C from +30 to +90; Remind Every 20. */
	async function run(typeVersion: number, alarms: IDataObject[], inRoom = false) {
		const { sim, n8n } = await startSimulator({ labelledAssets: 0, historyMinutes: 30 });
		try {
			const start = sim.clock.now();
			const at = (minutes: number) => start + minutes * MINUTE;
			const ws = sim.seed.workspaceId;
			const cold = sim.spacesOf(ws).find((s) => s.name === 'Cold Room "A"')!.id;
			const [id] = sim.addLabelledAssets(ws, 1, {
				name: 'Pallet 7',
				...(inRoom ? { inSpaceIds: [cold] } : {}),
				temperatureScript: [
					{ from: at(30), until: at(90), celsius: 16 },
					{ from: at(10), until: at(150), celsius: 10 },
					{ from: at(-120), until: at(240), celsius: 5 },
				],
			});
			const parameters = {
				events: ['alarmRaised', 'alarmOngoing', 'alarmCleared'],
				scope: 'workspace',
				workspaceId: byId(ws),
				options: {
					...fast,
					remindEveryMinutes: 20,
					alarms: { alarm: alarms.map((a) => ({ spaceIds: [], ...a })) },
				},
			} as unknown as INodeParameters;
			const options = { typeVersion, timezone: 'UTC', ...UNCUT_POLL };
			const staticData: IDataObject = {};
			const poll = () => n8n.poll(parameters, staticData, 'trigger', 'activate', options);
			expect(await poll()).toBeNull();
			const items = await pollFor(sim, poll, 180, 5);
			return { items, id, start, cold };
		} finally {
			await stopSimulator(sim);
		}
	}
	const ongoing = (items: IDataObject[]) =>
		items
			.filter((j) => j.event === 'alarmOngoing')
			.map((j) => `${String(j.alarm)} ${String(j.reminder)}`);

	it('while Warning and Critical are both raised only Critical reminds; after Critical clears, Warning resumes on its own schedule, its numbers counted from its raisedAt', async () => {
		const { items } = await run(6, [WARNING, CRITICAL]);
		// Warning raised at +20: due at +40, +60, +80 (Critical raised +35 to +90: skipped), +100,
		// +120, +140 (sent as 4, 5, 6). Critical raised at +35: due at +55 and +75, cleared at +90.
		expect(ongoing(items)).toEqual([
			'Critical 1',
			'Critical 2',
			'Warning 4',
			'Warning 5',
			'Warning 6',
		]);
		const warning = items.find((j) => j.event === 'alarmRaised' && j.alarm === 'Warning')!;
		const fourth = items.find((j) => j.event === 'alarmOngoing' && j.reminder === 4)!;
		const raisedAt = Date.parse(warning.raisedAt as string);
		expect(fourth.openMinutes).toBe(
			(raisedAt + 4 * 20 * MINUTE - Date.parse(warning.startedAt as string)) / MINUTE,
		);
		expect(Date.parse(fourth.startedAt as string)).toBe(Date.parse(warning.startedAt as string));
	});

	it('version 5 keeps both levels reminding', async () => {
		const { items } = await run(5, [WARNING, CRITICAL]);
		expect(ongoing(items)).toEqual([
			'Warning 1',
			'Critical 1',
			'Warning 2',
			'Critical 2',
			'Warning 3',
			'Warning 4',
			'Warning 5',
			'Warning 6',
		]);
	});

	it("an alarm's eventId follows its name: editing its spaces keeps it; every item names the room, whether or not the alarm lists spaces", async () => {
		const plain = await run(6, [WARNING], true);
		const withSpaces = await run(6, [{ ...WARNING, spaceIds: [plain.cold] }], true);
		const ids = (items: IDataObject[]) =>
			items.map((j) => `${String(j.event)} ${String(j.eventId)}`);
		expect(plain.items.length).toBeGreaterThan(2);
		expect(ids(withSpaces.items)).toEqual(ids(plain.items));
		for (const item of [...plain.items, ...withSpaces.items]) {
			expect(item).toMatchObject({ spaceId: plain.cold, spaceName: 'Cold Room "A"' });
			expect(item.summary).toContain('in Cold Room "A"');
		}
	});
});

describe('version 6: a dwell sentence in one tense', () => {
	const item = {
		assetName: 'Pallet 7',
		place: 'space',
		spaceName: 'Dock #3 (In/Out)',
		enteredOn: '2026-11-26T09:00:00Z',
		limitMinutes: 120,
		exitedOn: '2026-11-26T11:30:00Z',
	};
	it('a stay already over is told in the past; version 5 keeps its sentence', () => {
		expect(dwellSummary(item, localWords('UTC', 6))).toBe(
			'Asset Pallet 7 was in space Dock #3 (In/Out) for more than 120 min (from 26 Nov 09:00 UTC, left 26 Nov 11:30 UTC)',
		);
		expect(dwellSummary(item, localWords('UTC', 5))).toBe(
			'Asset Pallet 7 has been in space Dock #3 (In/Out) for more than 120 min (since 26 Nov 09:00 UTC, left 26 Nov 11:30 UTC)',
		);
		const { exitedOn, ...open } = item;
		void exitedOn;
		expect(dwellSummary(open, localWords('UTC', 6))).toBe(
			'Asset Pallet 7 has been in space Dock #3 (In/Out) for more than 120 min (since 26 Nov 09:00 UTC)',
		);
	});
});
