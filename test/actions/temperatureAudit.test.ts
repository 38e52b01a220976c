// Issue 37: Get Temperature Summary from node version 4 is an audit record. It names the asset and
// the space it was in at To, echoes the rule that applied, counts every minute of the period
// without a reading, writes From and To as the service does, and offers calendar periods in the
// workflow's time zone. Versions 1 to 3 keep their output (test/actions/golden.test.ts,
// test/actions/temperatureSummary.test.ts). Expected values are worked out here from the
// simulator's ground truth and from the calendar, not from the node's code.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Simulator } from '../../simulator';
import { useSimulator } from '../harness/fixtures';
import { byId, ok, refusalClass, run } from './helpers';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = Date.parse('2026-01-01T00:00:00Z');

const summary = (assetId: string, more: INodeParameters = {}): INodeParameters => ({
	resource: 'asset',
	operation: 'getTemperatureSummary',
	assetId: byId(assetId),
	...more,
});

const custom = (from: number, to: number) => ({
	period: 'custom',
	from: new Date(from).toISOString(),
	to: new Date(to).toISOString(),
});

/** The simulator's readings of an asset within [from, to], oldest first. */
const seriesOf = (sim: Simulator, assetId: string, from: number, to: number) =>
	sim
		.readingsGenerated({ kind: 'temperature', assetIds: [assetId], after: from - 1, upTo: to })
		.map((r) => Date.parse((r.reading as { timestamp: string }).timestamp));

describe('Get Temperature Summary, version 4: the audit record', () => {
	const t = useSimulator({ labelledAssets: 0, historyMinutes: 60, startTime: T0 });
	let assetId: string;
	let quietId: string;
	let freezer: string;
	let chilled: string;

	beforeAll(() => {
		const ws = t.sim.addWorkspace('Audit');
		freezer = t.sim.addFacility(ws, 'Freezer 1').spaceId;
		chilled = t.sim.addFacility(ws, 'Chilled Room').spaceId;
		[assetId] = t.sim.addLabelledAssets(ws, 1, { inSpaceIds: [freezer], name: 'Cold box 003' });
		[quietId] = t.sim.addLabelledAssets(ws, 1, { name: 'Cold box 004' });
		// Cold box 004 says nothing from 00:30 to 03:00.
		t.sim.quietLabel(quietId, T0 + 30 * MINUTE, T0 + 3 * HOUR);
		t.sim.clock.advance(6 * HOUR);
		t.sim.moveAsset(assetId, [chilled]);
		t.sim.clock.advance(20 * HOUR);
	});

	it('carries the asset name, the space at To, the rule that applied, and times without milliseconds', async () => {
		const rule = {
			maxTemperature: -15,
			minTemperature: -25,
			hysteresis: 1,
			excursionMinutes: 5,
			activationEnergy: 90,
		};
		const r = await ok(
			t,
			summary(assetId, {
				...custom(T0 + HOUR + 250, T0 + 5 * HOUR + 999),
				summaryOptions: rule,
			}),
			{ typeVersion: 4 },
		);
		expect(r.json).toHaveLength(1);
		const [json] = r.json;
		expect(json).toMatchObject({
			assetId,
			assetName: 'Cold box 003',
			spaceId: freezer,
			spaceName: 'Freezer 1 floor',
			from: '2026-01-01T01:00:00Z',
			to: '2026-01-01T05:00:00Z',
			...rule,
		});
		// The record's fields, in the order a sheet's columns take them.
		expect(Object.keys(json)).toEqual([
			'assetId',
			'assetName',
			'spaceId',
			'spaceName',
			'from',
			'to',
			'maxTemperature',
			'minTemperature',
			'hysteresis',
			'excursionMinutes',
			'activationEnergy',
			'readings',
			'firstAt',
			'lastAt',
			'minCelsius',
			'maxCelsius',
			'meanCelsius',
			'mktCelsius',
			'minutesAbove',
			'minutesBelow',
			'minutesInRange',
			'missingMinutes',
			'missingMinutesBetweenReadings',
			'excursions',
			'longestExcursionMinutes',
		]);
		expect(json.readings).toBe(seriesOf(t.sim, assetId, T0 + HOUR, T0 + 5 * HOUR).length);
	});

	it('names the space the asset was in at To, not the one it is in now', async () => {
		const at = async (to: number) =>
			(await ok(t, summary(assetId, custom(to - HOUR, to)), { typeVersion: 4 })).json[0];
		expect(await at(T0 + 5 * HOUR)).toMatchObject({
			spaceId: freezer,
			spaceName: 'Freezer 1 floor',
		});
		expect(await at(T0 + 12 * HOUR)).toMatchObject({
			spaceId: chilled,
			spaceName: 'Chilled Room floor',
		});
		// Before it entered any space: none.
		expect(await at(T0 - 10 * MINUTE)).toMatchObject({ spaceId: null, spaceName: null });
	});

	it('the rule that applied is the defaults when no option is added', async () => {
		const r = await ok(t, summary(assetId, custom(T0, T0 + HOUR)), { typeVersion: 4 });
		expect(r.json[0]).toMatchObject({
			maxTemperature: 8,
			minTemperature: 2,
			hysteresis: 0.5,
			excursionMinutes: 10,
			activationEnergy: 83.144,
		});
	});

	it('missingMinutes over a period with a late first reading counts the whole gap', async () => {
		const from = T0 + HOUR;
		const to = T0 + 6 * HOUR;
		const times = seriesOf(t.sim, quietId, from, to);
		// The silence ends at 03:00: the first reading of the period is two hours after From.
		expect(times[0]).toBeGreaterThanOrEqual(T0 + 3 * HOUR);
		const late = Math.floor((times[0] - from) / MINUTE);
		expect(late).toBeGreaterThanOrEqual(120);
		const v4 = await ok(t, summary(quietId, custom(from, to)), { typeVersion: 4 });
		expect(v4.json[0]).toMatchObject({
			readings: times.length,
			missingMinutes: late,
			missingMinutesBetweenReadings: 0,
		});
		// Version 3 keeps its meaning: the minutes between the first and the last reading.
		const fromTo = { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
		const v3 = await ok(t, summary(quietId, fromTo), { typeVersion: 3 });
		expect(v3.json[0]).toMatchObject({ readings: times.length, missingMinutes: 0 });
		expect(v3.json[0]).not.toHaveProperty('assetName');
	});

	it('a period with no reading at all misses every minute of it', async () => {
		const r = await ok(t, summary(quietId, custom(T0 + HOUR, T0 + 2 * HOUR)), {
			typeVersion: 4,
		});
		expect(r.json[0]).toMatchObject({ readings: 0, missingMinutes: 60, firstAt: null });
	});
});

describe('Get Temperature Summary, version 4: calendar periods in the workflow time zone', () => {
	// Monday 30 March 2026, 08:00 UTC: in Berlin 10:00 CEST, the day after the clocks went forward.
	const NOW = Date.parse('2026-03-30T08:00:00Z');
	const t = useSimulator({ labelledAssets: 0, historyMinutes: 9 * 24 * 60, startTime: NOW });
	let assetId: string;
	let now: jest.SpyInstance;

	beforeAll(() => {
		[assetId] = t.sim.addLabelledAssets(t.sim.addWorkspace('Calendar'), 1);
		// The node's now is the simulator's: a calendar period is worked out from it.
		now = jest.spyOn(Date, 'now').mockImplementation(() => t.sim.clock.now());
	});
	afterAll(() => now.mockRestore());

	const periodIn = async (period: string, timezone: string) => {
		const r = await ok(t, summary(assetId, { period }), { typeVersion: 4, timezone });
		return r.json[0];
	};

	it.each([
		// 29 March in Berlin has 23 hours: CET until 02:00, CEST after.
		['Europe/Berlin', '2026-03-28T23:00:00Z', '2026-03-29T21:59:59Z', 23],
		['America/New_York', '2026-03-29T04:00:00Z', '2026-03-30T03:59:59Z', 24],
		['Asia/Kolkata', '2026-03-28T18:30:00Z', '2026-03-29T18:29:59Z', 24],
		['UTC', '2026-03-29T00:00:00Z', '2026-03-29T23:59:59Z', 24],
	])('Previous Day in %s covers that calendar day', async (timezone, from, to, hours) => {
		const json = await periodIn('previousDay', timezone);
		expect(json).toMatchObject({ from, to });
		const times = seriesOf(t.sim, assetId, Date.parse(from), Date.parse(to));
		expect(times).toHaveLength(hours * 60);
		expect(json).toMatchObject({
			readings: hours * 60,
			missingMinutes: 0,
			firstAt: new Date(times[0]).toISOString().replace('.000Z', 'Z'),
		});
	});

	it('Previous Week in Berlin: Monday to Sunday, across the change to summer time', async () => {
		const json = await periodIn('previousWeek', 'Europe/Berlin');
		expect(json).toMatchObject({ from: '2026-03-22T23:00:00Z', to: '2026-03-29T21:59:59Z' });
		expect(json.readings).toBe((7 * 24 - 1) * 60);
		expect(json.missingMinutes).toBe(0);
	});

	it('Last 24 Hours: up to now', async () => {
		const json = await periodIn('last24Hours', 'Europe/Berlin');
		expect(json).toMatchObject({ from: '2026-03-29T08:00:00Z', to: '2026-03-30T08:00:00Z' });
		expect(json.missingMinutes).toBe(0);
	});
});

describe('a number the node needs, from an expression that yields nothing, is an error naming it', () => {
	const t = useSimulator({ labelledAssets: 1 });
	const assetId = () => t.sim.seed.labelledAssetIds[0];

	/** Runs with the value from the input item; the node must fail by name and send nothing. */
	async function rejected(parameters: INodeParameters, typeVersion: number, value: unknown) {
		const before = t.sim.stats.requests;
		const r = await run(t, parameters, { typeVersion, input: [{ value } as IDataObject] });
		expect(r.error?.name).toBe(refusalClass(parameters));
		expect((r.error as { failure?: unknown }).failure).toEqual({ cause: 'configuration-invalid' });
		expect(t.sim.stats.requests).toBe(before);
		return r.error!;
	}

	const SUMMARY_OPTIONS: Array<[string, string]> = [
		['maxTemperature', 'Alert Above (°C)'],
		['minTemperature', 'Alert Below (°C)'],
		['hysteresis', 'Hysteresis (°C)'],
		['excursionMinutes', 'Minimum Duration (Minutes)'],
		['activationEnergy', 'Activation Energy (kJ/mol)'],
	];
	const NOTHING: Array<[string, unknown]> = [
		['undefined', undefined],
		['null', null],
		['empty text', ''],
	];

	describe.each([3, 4])('Get Temperature Summary, version %i', (typeVersion) => {
		it.each(SUMMARY_OPTIONS)('Summary Options → %s', async (name, label) => {
			for (const [got, value] of NOTHING) {
				const error = await rejected(
					summary(assetId(), { summaryOptions: { [name]: '={{ $json.value }}' } }),
					typeVersion,
					value,
				);
				expect(error.message).toMatch(new RegExp(`^Invalid "${escape(label)}": must be a number`));
				expect(error.message).toContain(`(got ${got})`);
			}
		});
	});

	const TRANSPORT: Array<[string, string]> = [
		['maxRetries', 'Max Retries'],
		['maxRetryWait', 'Max Retry Wait (Seconds)'],
		['retryBaseDelay', 'Retry Base Delay (Milliseconds)'],
		['timeout', 'Timeout (Seconds)'],
		['maxPages', 'Max Pages'],
		['maxResponseSize', 'Max Response Size (MB)'],
	];

	it.each(TRANSPORT)(
		'Advanced → %s (version 4), and Options → it (version 1)',
		async (name, label) => {
			for (const [typeVersion, collection] of [
				[4, 'advanced'],
				[1, 'options'],
			] as const) {
				const error = await rejected(
					summary(assetId(), { [collection]: { [name]: '={{ $json.value }}' } }),
					typeVersion,
					undefined,
				);
				expect(error.message).toMatch(new RegExp(`^Invalid "${escape(label)}": must be a number`));
			}
		},
	);

	it.each([
		['Latitude', 'latitude'],
		['Longitude', 'longitude'],
	])('Space → Update Gateway → Update Fields → %s', async (label, name) => {
		const error = await rejected(
			{
				resource: 'space',
				operation: 'updateGateway',
				spaceId: byId('Mip48ssbhfbKUdFJOUkO'),
				gatewayId: 'e10fce301222e588e1d7482b',
				updateFields: { [name]: '={{ $json.value }}' },
			},
			4,
			undefined,
		);
		expect(error.message).toMatch(new RegExp(`^Invalid "${label}": must be a number`));
	});

	it.each([
		[
			'Asset → Unlink Label → BLE ID',
			{
				resource: 'asset',
				operation: 'unlinkLabel',
				assetId: byId('A1'),
				bleId: '={{ $json.value }}',
			},
			'BLE ID',
		],
		[
			'Asset → Get Many → Limit',
			{
				resource: 'asset',
				operation: 'getMany',
				workspaceId: byId('6f1c2a34-8b9d-4e0f-a1b2-c3d4e5f60718'),
				limit: '={{ $json.value }}',
			},
			// By its label, as every refusal names its field (it said "limit" before issue 48).
			'Limit',
		],
	])('%s', async (_name, parameters, label) => {
		const error = await rejected(parameters as INodeParameters, 4, undefined);
		expect(error.message).toMatch(new RegExp(`^Invalid "${label}"`));
	});
});

/** A label as a regular expression matches it literally. */
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
