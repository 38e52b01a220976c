/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// Issue 36's time limits through n8n-core's real poller against the simulator, as the issue's
// worked examples: a pallet in a dock beyond its dwell limit, a shipment not delivered within
// 48 hours of its activation (and the cases around it: deactivated before dueAt, dueAt at or
// before the activation, complete in time). The rules fold by fold: families/timeLimits.test.ts;
// against an oracle under cuts and restarts: families/timeLimitScenario.test.ts.
import { readFileSync } from 'fs';
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { join } from 'path';

import { byId, MINUTE, startSimulator, stopSimulator } from './helpers';

const HOUR = 60 * MINUTE;
const V5 = { typeVersion: 5, timezone: 'Europe/Berlin' };
const iso = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

describe('time limits: the worked examples (version 5)', () => {
	it('a pallet entering a dock at 10:00 with a 120-minute limit: exceededAt 12:00, seen by the first poll after 12:00, once', async () => {
		// 10:00 CET is 09:00Z. Activated at 08:53Z, polls at 08:58Z, then every 5 minutes from 09:03Z:
		// 10:58Z, then 11:03Z, the first after 12:00 CET.
		const { sim, n8n } = await startSimulator({
			labelledAssets: 0,
			startTime: Date.parse('2026-11-26T08:53:00Z'),
		});
		try {
			const ws = sim.seed.workspaceId;
			const [yard] = sim.spacesOf(ws);
			const dock = sim.addFacility(ws, 'Dock 2', 'DOCK-2');
			const [pallet] = sim.addLabelledAssets(ws, 1, { inSpaceIds: [yard.id], name: 'Pallet 7' });
			const parameters = {
				events: ['dwellExceeded'],
				scope: 'workspace',
				workspaceId: byId(ws),
				options: { dwellSpaceMinutes: 120 },
			} as unknown as INodeParameters;
			const staticData: IDataObject = {};
			expect(await n8n.poll(parameters, staticData, 'trigger', 'activate', V5)).toBeNull();
			const seen: Array<{ at: string; json: IDataObject }> = [];
			const poll = async () => {
				for (const item of (await n8n.poll(parameters, staticData, 'trigger', 'activate', V5)) ??
					[])
					seen.push({ at: iso(sim.clock.now()), json: item.json });
			};
			sim.clock.advance(5 * MINUTE);
			await poll();
			// 09:00Z: into the dock; polls at 09:03Z and every 5 minutes after.
			sim.clock.set(Date.parse('2026-11-26T09:00:00Z'));
			sim.moveAsset(pallet, [dock.spaceId]);
			sim.clock.advance(3 * MINUTE);
			while (sim.clock.now() <= Date.parse('2026-11-26T11:30:00Z')) {
				await poll();
				sim.clock.advance(5 * MINUTE);
			}
			expect(seen.map((s) => s.at)).toEqual(['2026-11-26T11:03:00Z']);
			expect(seen[0].json).toEqual({
				event: 'dwellExceeded',
				assetId: pallet,
				assetName: 'Pallet 7',
				bleId: expect.any(Number),
				nfcId: expect.any(String),
				place: 'space',
				spaceId: dock.spaceId,
				spaceName: 'Dock 2 floor',
				enteredOn: '2026-11-26T09:00:00Z',
				limitMinutes: 120,
				exceededAt: '2026-11-26T11:00:00Z',
				eventId: expect.stringMatching(/^[\w-]{22}$/),
				summary:
					'Asset Pallet 7 has been in space Dock 2 floor for more than 120 min (since 26 Nov 10:00 CET)',
			});
		} finally {
			await stopSimulator(sim);
		}
	}, 60_000);

	it('a shipment activated at 08:00 with 48 h, arriving at 09:00 two days later: one consignmentOverdue, dueAt 08:00; none for one deactivated before dueAt, one due at or before the activation, one complete in time', async () => {
		// 08:00 CET is 07:00Z. The trigger is activated at 06:55Z on the 26th and polls hourly.
		const start = Date.parse('2026-11-26T06:55:00Z');
		const { sim, n8n } = await startSimulator({ labelledAssets: 0, startTime: start });
		try {
			const ws = sim.seed.workspaceId;
			const origin = sim.addFacility(ws, 'Origin Dock', 'FAC-O').facilityId;
			const dc = sim.addFacility(ws, 'Destination DC', 'FAC-D').facilityId;
			const activated = Date.parse('2026-11-26T07:00:00Z');
			const shipment = (ref: string, at: number, arrives: number | null, deactivated?: number) => ({
				trackingRef: ref,
				workspaceId: ws,
				createdAt: at - 5 * MINUTE,
				destination: { facilityId: dc },
				changes: [
					{ at, active: true, facilityId: origin },
					...(deactivated ? [{ at: deactivated, active: false, facilityId: origin }] : []),
				],
				pieces: [
					{
						trackingRef: `${ref}-P1`,
						stays: [
							{ facilityId: origin, enteredOn: at, exitedOn: at + HOUR },
							...(arrives === null ? [] : [{ facilityId: dc, enteredOn: arrives, exitedOn: null }]),
						],
					},
				],
			});
			const [late] = sim.scheduleShipments([
				shipment('REF-LATE', activated, Date.parse('2026-11-28T08:00:00Z')),
				shipment('REF-STOPPED', activated, null, Date.parse('2026-11-27T12:00:00Z')),
				shipment('REF-OLD', Date.parse('2026-11-24T06:00:00Z'), null),
				shipment('REF-ONTIME', activated, Date.parse('2026-11-27T20:00:00Z')),
			]);
			const parameters = {
				events: ['consignmentOverdue'],
				scope: 'workspace',
				workspaceId: byId(ws),
				options: { deliverWithinHours: 48 },
			} as unknown as INodeParameters;
			const staticData: IDataObject = {};
			expect(await n8n.poll(parameters, staticData, 'trigger', 'activate', V5)).toBeNull();
			const seen: Array<{ at: string; json: IDataObject }> = [];
			while (sim.clock.now() < Date.parse('2026-11-28T12:00:00Z')) {
				sim.clock.advance(HOUR);
				for (const item of (await n8n.poll(parameters, staticData, 'trigger', 'activate', V5)) ??
					[])
					seen.push({ at: iso(sim.clock.now()), json: item.json });
			}
			expect(seen.map((s) => s.at)).toEqual(['2026-11-28T07:55:00Z']);
			expect(seen[0].json).toEqual({
				event: 'consignmentOverdue',
				consignmentId: late.id,
				trackingRef: 'REF-LATE',
				facilityId: dc,
				facilityName: 'Destination DC',
				activatedAt: '2026-11-26T07:00:00Z',
				dueAt: '2026-11-28T07:00:00Z',
				piecesArrived: 0,
				piecesTotal: 1,
				eventId: expect.stringMatching(/^[\w-]{22}$/),
				summary:
					'Consignment REF-LATE is overdue: not delivered to facility Destination DC within 48 h of its activation (due 28 Nov 08:00 CET; 0 of 1 pieces arrived)',
			});
		} finally {
			await stopSimulator(sim);
		}
	}, 120_000);

	it("the Slack example as it is saved (version 6, the dock's own limit): Fetch Test Event gives one item per chosen event, real or marked sample, each with its fields and a summary naming the place", async () => {
		const example = JSON.parse(
			readFileSync(
				join(__dirname, '..', '..', 'examples', 'dwell-and-overdue-to-slack.json'),
				'utf8',
			),
		) as { nodes: Array<{ type: string; typeVersion: number; parameters: IDataObject }> };
		const trigger = example.nodes.find((n) => n.type.endsWith('.assetTrackingTrigger'))!;
		expect(trigger.typeVersion).toBe(6);
		const { sim, n8n } = await startSimulator({ historyMinutes: 120 });
		try {
			expect((trigger.parameters.workspaceId as IDataObject).value).toBe(sim.seed.workspaceId);
			const items = (await n8n.poll(trigger.parameters as INodeParameters, {}, 'manual', 'manual', {
				typeVersion: 6,
				timezone: 'Europe/Berlin',
			}))!.map((i) => i.json);
			expect(items.map((j) => j.event)).toEqual(['dwellExceeded', 'consignmentOverdue']);
			const [dwell, late] = items;
			const own = (j: IDataObject, fields: string[]) =>
				expect(
					Object.keys(j)
						// A sample's own marks: it is one, and (version 6) what it assumed.
						.filter((k) => k !== 'sample' && k !== 'assumed')
						.sort(),
				).toEqual([...fields].sort());
			own(dwell, [
				'event',
				'eventId',
				'assetId',
				'assetName',
				'bleId',
				'nfcId',
				'place',
				...(dwell.place === 'space' ? ['spaceId', 'spaceName'] : ['facilityId', 'facilityName']),
				'enteredOn',
				'limitMinutes',
				'exceededAt',
				...(dwell.exitedOn === undefined ? [] : ['exitedOn']),
				'summary',
			]);
			expect(dwell.limitMinutes).toBe(dwell.place === 'space' ? 120 : 480);
			expect(String(dwell.summary)).toContain(
				`in ${String(dwell.place)} ${String(dwell[`${String(dwell.place)}Name`])} for more than`,
			);
			// Overdue: fewer pieces arrived than in all, whatever the demo's consignment did.
			expect(Number(late.piecesArrived)).toBeLessThan(Number(late.piecesTotal));
			own(late, [
				'event',
				'eventId',
				'consignmentId',
				'trackingRef',
				'facilityId',
				'facilityName',
				'activatedAt',
				'dueAt',
				'piecesArrived',
				'piecesTotal',
				'summary',
			]);
			expect(String(late.summary)).toContain(
				`not delivered to facility ${String(late.facilityName ?? late.facilityId)} within 48 h`,
			);
			for (const j of items) expect([undefined, true]).toContain(j.sample);
		} finally {
			await stopSimulator(sim);
		}
	});
});
