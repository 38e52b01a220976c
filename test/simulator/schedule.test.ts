// The simulator's changes over time (issue 27, simulator/schedule/): a scheduled consignment, its
// pieces' facility entries, a printer's isOnline and an asset group's count appear in the API as
// the clock reaches them, stamped with their own times whenever the next request comes.
import { Simulator } from '../../simulator';
import { SimClient } from '../harness/simulatorClient';

const MINUTE = 60_000;
const iso = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

describe('simulator: scheduled changes', () => {
	let sim: Simulator;
	let client: SimClient;
	beforeEach(async () => {
		sim = new Simulator({ clock: 'manual', historyMinutes: 0 });
		await sim.start();
		client = new SimClient(sim);
	});
	afterEach(() => sim.stop());

	it('a consignment appears when created, with its activation, pieces entering and leaving at their own times', async () => {
		const ws = sim.seed.workspaceId;
		const [north, south] = sim.seed.facilityIds;
		const t0 = sim.clock.now();
		const [plan] = sim.scheduleShipments([
			{
				trackingRef: 'SCHED-1',
				workspaceId: ws,
				createdAt: t0 + 5 * MINUTE,
				destination: { name: 'South', facilityId: south },
				changes: [
					{ at: t0 + 5 * MINUTE, active: true, facilityId: north },
					{ at: t0 + 40 * MINUTE, active: false },
				],
				pieces: [
					{
						trackingRef: 'SCHED-1-P1',
						stays: [
							{ facilityId: north, enteredOn: t0 + 6 * MINUTE, exitedOn: t0 + 10 * MINUTE },
							{ facilityId: south, enteredOn: t0 + 20 * MINUTE, exitedOn: null },
						],
					},
				],
			},
		]);
		const listed = async () =>
			(await client.get(`/workspaces/${ws}/consignments`, { query: { trackingRef: 'SCHED-1' } }))
				.body.items;
		expect(await listed()).toEqual([]);
		// The clock jumps past several changes at once: each keeps its own time.
		sim.clock.advance(12 * MINUTE);
		const [consignment] = await listed();
		expect(consignment).toMatchObject({
			id: plan.id,
			isActive: true,
			activated: { when: iso(t0 + 5 * MINUTE), where: { facility: { id: north } } },
			destination: { facility: { id: south } },
		});
		const pieces = (await client.get(`/consignments/${plan.id}/pieces`)).body.items;
		expect(pieces).toHaveLength(1);
		expect(pieces[0]).toMatchObject({ id: plan.pieces[0].id, trackingRef: 'SCHED-1-P1' });
		expect(pieces[0].inFacilities).toEqual([
			expect.objectContaining({
				facilityId: north,
				enteredOn: iso(t0 + 6 * MINUTE),
				hasExited: true,
				exitedOn: iso(t0 + 10 * MINUTE),
			}),
		]);
		sim.clock.advance(30 * MINUTE);
		const [later] = await listed();
		expect(later).toMatchObject({
			isActive: false,
			deactivated: { when: iso(t0 + 40 * MINUTE) },
		});
		const [piece] = (await client.get(`/consignments/${plan.id}/pieces`)).body.items;
		expect(piece.inFacilities[1]).toMatchObject({ facilityId: south, hasExited: false });
		expect(sim.scheduled().shipments.map((s) => s.id)).toEqual([plan.id]);
	});

	it("a piece's entry uploaded late shows at its shownAt, its exit at its exitShownAt, each with its own time", async () => {
		const ws = sim.seed.workspaceId;
		const [north] = sim.seed.facilityIds;
		const t0 = sim.clock.now();
		const [plan] = sim.scheduleShipments([
			{
				trackingRef: 'LATE-1',
				workspaceId: ws,
				createdAt: t0,
				changes: [{ at: t0, active: true, facilityId: north }],
				pieces: [
					{
						trackingRef: 'LATE-1-P1',
						stays: [
							{
								facilityId: north,
								enteredOn: t0 + 5 * MINUTE,
								exitedOn: t0 + 20 * MINUTE,
								shownAt: t0 + 30 * MINUTE,
								exitShownAt: t0 + 50 * MINUTE,
							},
						],
					},
				],
			},
		]);
		const entries = async (minutes: number) => {
			sim.clock.set(t0 + minutes * MINUTE);
			return (await client.get(`/consignments/${plan.id}/pieces`)).body.items[0].inFacilities;
		};
		expect(await entries(29)).toEqual([]);
		expect(await entries(30)).toEqual([
			expect.objectContaining({ enteredOn: iso(t0 + 5 * MINUTE), hasExited: false }),
		]);
		expect(await entries(49)).toEqual([expect.objectContaining({ hasExited: false })]);
		expect(await entries(50)).toEqual([
			expect.objectContaining({ hasExited: true, exitedOn: iso(t0 + 20 * MINUTE) }),
		]);
	});

	it('printers go offline and back, and leave isOnline out while nobody knows', async () => {
		const ws = sim.seed.workspaceId;
		const t0 = sim.clock.now();
		const plans = sim.addPrinterOutages(ws, { count: 5, from: t0, until: t0 + 6 * 60 * MINUTE });
		const unknown = plans.find((p) => p.states.some((s) => s.isOnline === undefined));
		expect(unknown).toBeDefined();
		for (const plan of plans)
			for (let i = 1; i < plan.states.length; i++)
				expect(plan.states[i].at - plan.states[i - 1].at).toBeGreaterThanOrEqual(20 * MINUTE);
		const state = unknown!.states.find((s) => s.isOnline === undefined)!;
		sim.clock.set(state.at);
		const { body } = await client.get(`/workspaces/${ws}/printers/${unknown!.printerId}`);
		expect(body).not.toHaveProperty('isOnline');
		const next = unknown!.states[unknown!.states.indexOf(state) + 1];
		sim.clock.set(next.at);
		const after = (await client.get(`/workspaces/${ws}/printers/${unknown!.printerId}`)).body;
		expect(after.isOnline).toBe(next.isOnline);
	});

	it("asset groups' counts cross their thresholds as their members enter and leave the facility", async () => {
		const ws = sim.seed.workspaceId;
		const place = sim.addFacility(ws, 'Ward 5', 'W5');
		const t0 = sim.clock.now();
		const [plan] = sim.addGroupSwings(ws, {
			count: 1,
			places: [place],
			from: t0,
			until: t0 + 6 * 60 * MINUTE,
		});
		const threshold = plan.availabilityThreshold ?? 3;
		const flips = plan.counts.filter(
			(c, i) => i > 0 && c.count >= threshold !== plan.counts[i - 1].count >= threshold,
		);
		expect(flips.length).toBeGreaterThan(2);
		for (const { at, count } of plan.counts) {
			sim.clock.set(Math.max(at, t0));
			// Hours pass: a token of its own for each read (one lives an hour).
			const { body } = await new SimClient(sim).get(`/facilities/${place.facilityId}/asset-groups`);
			expect(body.items).toEqual([
				expect.objectContaining({
					id: plan.id,
					count,
					availabilityThreshold: threshold,
					available: count >= threshold,
				}),
			]);
		}
	});
});
