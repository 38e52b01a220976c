// The simulator's opt-in behaviours for event tests (issue 17): temperatures around a bound,
// assets moving between spaces and facilities, quiet labels, and Date from the simulator's clock.
import { Simulator } from '../../simulator';
import { SimClient, type AnyJson } from '../harness/simulatorClient';

const MINUTE = 60_000;

describe('simulator: event behaviours', () => {
	let sim: Simulator;
	let client: SimClient;
	beforeEach(async () => {
		sim = new Simulator({ clock: 'manual', historyMinutes: 0 });
		await sim.start();
		client = new SimClient(sim);
	});
	afterEach(() => sim.stop());

	it('sends Date from the simulator clock on every response, faults included', async () => {
		const ok = await client.get(`/workspaces/${sim.seed.workspaceId}/assets`);
		expect(ok.headers.date).toBe('Thu, 01 Jan 2026 00:00:00 GMT');
		sim.clock.advance(90 * MINUTE);
		sim.faults.queue({ status: 503 });
		const failed = await client.get(`/workspaces/${sim.seed.workspaceId}/assets`);
		expect(failed.status).toBe(503);
		expect(failed.headers.date).toBe('Thu, 01 Jan 2026 01:30:00 GMT');
	});

	it('a hover profile hovers around the bound and makes excursions of varying length', async () => {
		const [id] = sim.addLabelledAssets(sim.seed.workspaceId, 1, {
			temperatureProfile: { bound: 8, side: 'above' },
		});
		sim.clock.advance(24 * 60 * MINUTE);
		const { items } = await client.getAll<{ degreesCelsius: number }>(`/assets/${id}/temperatures`);
		const values = items.map((r) => r.degreesCelsius);
		expect(values.length).toBeGreaterThan(1400);
		for (const v of [8.1, 7.9, 8.2, 7.8]) expect(values).toContain(v);
		// Runs of readings above 8 of several different lengths, and calm readings past the hysteresis.
		const runs = new Set<number>();
		let run = 0;
		for (const v of values) {
			if (v > 8) run++;
			else if (run > 0) {
				runs.add(run);
				run = 0;
			}
		}
		expect(runs.size).toBeGreaterThan(4);
		expect(values.some((v) => v <= 7.5)).toBe(true);
		// The ground truth is what the API served.
		const truth = sim.readingsGenerated({
			kind: 'temperature',
			assetIds: [id],
			after: 0,
			upTo: sim.clock.now(),
		});
		expect(
			truth.map((r) => (r.reading as { degreesCelsius: number }).degreesCelsius).sort(),
		).toEqual([...values].sort());
	});

	it('a below profile goes under the lower bound', async () => {
		const [id] = sim.addLabelledAssets(sim.seed.workspaceId, 1, {
			temperatureProfile: { bound: 2, side: 'below' },
		});
		sim.clock.advance(12 * 60 * MINUTE);
		const { items } = await client.getAll<{ degreesCelsius: number }>(`/assets/${id}/temperatures`);
		expect(items.some((r) => r.degreesCelsius < 2)).toBe(true);
		expect(items.every((r) => r.degreesCelsius < 4)).toBe(true);
	});

	it('moves an asset between spaces: inSpaces in the asset list and the facility history follow', async () => {
		const spaces = sim.spacesOf(sim.seed.workspaceId);
		const a = spaces[0];
		const b = spaces.find((s) => s.facilityId !== a.facilityId)!;
		const [id] = sim.addLabelledAssets(sim.seed.workspaceId, 1);
		sim.clock.advance(MINUTE);
		sim.moveAsset(id, [a.id]);
		sim.clock.advance(5 * MINUTE);
		sim.moveAsset(id, [b.id]);
		const { items } = await client.getAll<AnyJson>(`/workspaces/${sim.seed.workspaceId}/assets`);
		const listed = items.find((x) => x.id === id)!;
		expect(listed.inSpaces).toEqual([
			{
				spaceId: a.id,
				spaceName: a.name,
				enteredOn: '2026-01-01T00:01:00Z',
				hasExited: true,
				exitedOn: '2026-01-01T00:06:00Z',
			},
			{ spaceId: b.id, spaceName: b.name, enteredOn: '2026-01-01T00:06:00Z', hasExited: false },
		]);
		const stays = await client.getAll<AnyJson>(`/assets/${id}/facilities`);
		expect(stays.items.map((s) => [s.facilityId, s.enteredOn, s.hasExited, s.exitedOn])).toEqual([
			[a.facilityId, '2026-01-01T00:01:00Z', true, '2026-01-01T00:06:00Z'],
			[b.facilityId, '2026-01-01T00:06:00Z', false, undefined],
		]);
		expect(sim.facilityStaysOf(id).map((s) => [s.facilityId, s.enteredOn, s.exitedOn])).toEqual([
			[a.facilityId, Date.parse('2026-01-01T00:01:00Z'), Date.parse('2026-01-01T00:06:00Z')],
			[b.facilityId, Date.parse('2026-01-01T00:06:00Z'), null],
		]);
		expect(sim.membershipsOf(id)).toHaveLength(2);
	});

	it('a quiet label says nothing for a while and then reports again', async () => {
		const [id] = sim.addLabelledAssets(sim.seed.workspaceId, 1);
		const t0 = sim.clock.now();
		sim.quietLabel(id, t0 + 10 * MINUTE, t0 + 40 * MINUTE);
		sim.clock.advance(60 * MINUTE);
		const { items } = await client.getAll<{ timestamp: string }>(`/assets/${id}/temperatures`);
		const minutes = items.map((r) => (Date.parse(r.timestamp) - t0) / MINUTE).sort((x, y) => x - y);
		expect(minutes.filter((m) => m >= 10 && m < 40)).toEqual([]);
		expect(minutes).toContain(9);
		expect(minutes).toContain(40);
		expect(minutes).toContain(60);
		const locations = sim.readingsGenerated({
			kind: 'location',
			assetIds: [id],
			after: t0,
			upTo: sim.clock.now(),
		});
		expect(
			locations.filter(
				(r) =>
					Date.parse(r.timestamp) >= t0 + 10 * MINUTE && Date.parse(r.timestamp) < t0 + 40 * MINUTE,
			),
		).toEqual([]);
		expect(locations.some((r) => Date.parse(r.timestamp) >= t0 + 40 * MINUTE)).toBe(true);
	});

	it('scripts temperatures for the future: served readings stay, the new steps win after', async () => {
		const [id] = sim.addLabelledAssets(sim.seed.workspaceId, 1, {
			temperatureScript: [
				{ from: Number.NEGATIVE_INFINITY, until: Number.POSITIVE_INFINITY, celsius: 5 },
			],
		});
		sim.clock.advance(3 * MINUTE);
		const t0 = sim.clock.now();
		expect(() => sim.scriptTemperature(id, [{ from: t0, until: t0 + MINUTE, celsius: 9 }])).toThrow(
			/now < from < until/,
		);
		sim.scriptTemperature(id, [
			{ from: t0 + 2 * MINUTE, until: t0 + 4 * MINUTE, celsius: 9.5 },
			{ from: t0 + 4 * MINUTE, until: Number.POSITIVE_INFINITY, celsius: 6 },
		]);
		sim.clock.advance(6 * MINUTE);
		const { items } = await client.getAll<{ timestamp: string; degreesCelsius: number }>(
			`/assets/${id}/temperatures`,
		);
		const byMinute = new Map(
			items.map((r) => [(Date.parse(r.timestamp) - t0) / MINUTE, r.degreesCelsius]),
		);
		expect([-1, 0, 1, 2, 3, 4, 5, 6].map((m) => byMinute.get(m))).toEqual([
			5, 5, 5, 9.5, 9.5, 6, 6, 6,
		]);
	});
});
