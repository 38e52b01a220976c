// Issue 27 through n8n's poller against the simulator, one scripted shipment at a time: what a
// poll costs (each list once, a pieces read per active consignment and one after its
// deactivation, an asset-group read per facility, no asset list without asset events), one
// consignment arriving (exactly one consignmentArrived and one consignmentCompleted), an
// activation the budget cut before any subject was read, Fetch Test Event, and bad parameters.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Simulator } from '../../simulator';
import { CUT_POLL, nothingRead, withCut } from './cuts';
import { byId, MINUTE, nodeState, startSimulator, stopSimulator } from './helpers';

const v3 = { typeVersion: 3 };
const SUBJECT_EVENTS = [
	'consignmentActivated',
	'consignmentDeactivated',
	'pieceEnteredFacility',
	'pieceLeftFacility',
	'consignmentArrived',
	'consignmentCompleted',
	'assetGroupUnavailable',
	'assetGroupAvailable',
	'printerOffline',
	'printerOnline',
];

/** One consignment of two pieces: origin, hub, then the destination, minutes after `start`. */
function scriptShipment(sim: Simulator, start: number, deactivateAfter: number) {
	const ws = sim.seed.workspaceId;
	const [origin, hub, destination] = ['Origin', 'Hub', 'Destination'].map(
		(name) => sim.addFacility(ws, name).facilityId,
	);
	const t = (minutes: number) => start + minutes * MINUTE + 7_000;
	const [plan] = sim.scheduleShipments([
		{
			trackingRef: 'REF-1042',
			workspaceId: ws,
			createdAt: t(2),
			destination: { name: 'Dock 3', facilityId: destination },
			changes: [
				{ at: t(2), active: true, facilityId: origin },
				{ at: t(deactivateAfter), active: false, facilityId: destination },
			],
			pieces: [1, 2].map((n) => ({
				trackingRef: `REF-1042-P${n}`,
				stays: [
					{ facilityId: origin, enteredOn: t(3), exitedOn: t(5) },
					{ facilityId: hub, enteredOn: t(7), exitedOn: t(9 + n) },
					{ facilityId: destination, enteredOn: t(12 + n), exitedOn: null },
				],
			})),
		},
	]);
	return { plan, origin, hub, destination };
}

describe('consignments, asset groups and printers', () => {
	it('cost per poll: each list once, a pieces read per active consignment and one after its deactivation, an asset-group read per facility; no asset list', async () => {
		const { sim, n8n } = await startSimulator({ labelledAssets: 0 });
		try {
			const ws = sim.seed.workspaceId;
			const start = sim.clock.now();
			const { plan } = scriptShipment(sim, start, 20);
			// Watch says Specific Assets, with none: the Workspace is the subjects' one.
			const parameters = {
				events: SUBJECT_EVENTS,
				scope: 'assets',
				workspaceId: byId(ws),
			} as unknown as INodeParameters;
			const staticData: IDataObject = {};
			const emitted: IDataObject[] = [];
			const facilities = sim.facilitiesOf(ws).length;
			for (let minute = 0; minute <= 30; minute++) {
				if (minute > 0) sim.clock.advance(MINUTE);
				sim.resetStats();
				for (const item of (await n8n.poll(parameters, staticData, 'trigger', 'activate', v3)) ??
					[])
					emitted.push(item.json);
				const count = (operation: string) => sim.stats.byOperation[operation] ?? 0;
				// The seed's two active consignments, and the scripted one from its creation to the
				// poll that sees its deactivation (read once more then).
				const scripted = minute >= 3 && minute <= 21 ? 1 : 0;
				expect({
					minute,
					assets: count('GET /workspaces/{workspaceId}/assets'),
					consignments: count('GET /workspaces/{workspaceId}/consignments'),
					facilities: count('GET /workspaces/{workspaceId}/facilities'),
					printers: count('GET /workspaces/{workspaceId}/printers'),
					pieces: count('GET /consignments/{consignmentId}/pieces'),
					groups: count('GET /facilities/{facilityId}/asset-groups'),
				}).toEqual({
					minute,
					assets: 0,
					consignments: 1,
					facilities: 1,
					printers: 1,
					pieces: 2 + scripted,
					groups: facilities,
				});
			}
			const ofScripted = emitted.filter((j) => j.consignmentId === plan.id);
			expect(ofScripted.map((j) => j.event)).toEqual([
				'consignmentActivated',
				'pieceEnteredFacility',
				'pieceEnteredFacility',
				'pieceLeftFacility',
				'pieceLeftFacility',
				'pieceEnteredFacility',
				'pieceEnteredFacility',
				'pieceLeftFacility',
				'pieceLeftFacility',
				'pieceEnteredFacility',
				'consignmentArrived',
				'pieceEnteredFacility',
				'consignmentCompleted',
				'consignmentDeactivated',
			]);
			expect(ofScripted.find((j) => j.event === 'consignmentArrived')).toMatchObject({
				trackingRef: 'REF-1042',
				facilityName: 'Destination',
				piecesArrived: 1,
				piecesTotal: 2,
			});
			// Nothing else changed: the seed's consignments, groups and printers stay as they were.
			expect(emitted.length).toBe(ofScripted.length);
		} finally {
			await stopSimulator(sim);
		}
	}, 60_000);

	it('an activation cut before any subject was read: their first reads start at the activation, nothing is lost or repeated', async () => {
		const { sim, n8n } = await startSimulator({ labelledAssets: 0 });
		try {
			const ws = sim.seed.workspaceId;
			const start = sim.clock.now();
			// Created before the activation, moving across it.
			const { plan } = scriptShipment(sim, start - 8 * MINUTE, 40);
			const parameters = {
				events: SUBJECT_EVENTS,
				scope: 'workspace',
				workspaceId: byId(ws),
			} as unknown as INodeParameters;
			const staticData: IDataObject = {};
			const cut = () =>
				withCut(sim, nothingRead, () =>
					n8n.poll(parameters, staticData, 'trigger', 'activate', { ...v3, ...CUT_POLL }),
				);
			expect(await cut()).toBeNull();
			const memories = nodeState(staticData)!.memories as Record<string, string>;
			// Not read yet: quiet up to the activation.
			expect(memories.pieceMovements.split('|').some((part) => part.startsWith('~'))).toBe(true);
			const emitted: IDataObject[] = [];
			for (let minute = 1; minute <= 12; minute++) {
				sim.clock.advance(MINUTE);
				const items =
					minute < 4
						? await cut()
						: await n8n.poll(parameters, staticData, 'trigger', 'activate', v3);
				for (const item of items ?? []) emitted.push(item.json);
			}
			// The activation was 8 minutes after the script's start: the hub exits (minutes 10
			// and 11) and the destination entries (13 and 14) are news; the rest was before it.
			const t = (minutes: number) =>
				new Date(start - 8 * MINUTE + minutes * MINUTE + 7_000).toISOString().slice(0, 19) + 'Z';
			expect(
				emitted
					.filter((j) => j.consignmentId === plan.id)
					.map((j) => `${j.event} ${j.exitedOn ?? j.enteredOn ?? ''}`),
			).toEqual([
				`pieceLeftFacility ${t(10)}`,
				`pieceLeftFacility ${t(11)}`,
				`pieceEnteredFacility ${t(13)}`,
				`consignmentArrived `,
				`pieceEnteredFacility ${t(14)}`,
				`consignmentCompleted `,
			]);
			expect(emitted.length).toBe(6);
		} finally {
			await stopSimulator(sim);
		}
	}, 60_000);

	it('Fetch Test Event shows the newest event of each chosen kind and leaves the state alone', async () => {
		const { sim, n8n } = await startSimulator({ labelledAssets: 0 });
		try {
			const ws = sim.seed.workspaceId;
			const start = sim.clock.now();
			scriptShipment(sim, start, 25);
			sim.clock.advance(16 * MINUTE);
			const parameters = {
				events: SUBJECT_EVENTS,
				scope: 'workspace',
				workspaceId: byId(ws),
			} as unknown as INodeParameters;
			const staticData: IDataObject = {};
			const items = (await n8n.poll(parameters, staticData, 'manual', 'manual', v3))!;
			const events = items.map((i) => i.json.event);
			expect(new Set(events).size).toBe(events.length);
			expect(events).toEqual(
				expect.arrayContaining([
					'consignmentActivated',
					'pieceEnteredFacility',
					'pieceLeftFacility',
					'consignmentArrived',
					'consignmentCompleted',
					'printerOnline',
					'printerOffline',
				]),
			);
			expect(staticData).toEqual({});
		} finally {
			await stopSimulator(sim);
		}
	});

	it.each([
		[{ events: ['printerOffline'], scope: 'assets', workspaceId: byId('') }, /"Workspace"/],
		[
			{
				events: ['pieceEnteredFacility'],
				consignments: { consignment: [{ id: byId('REF-1042') }] },
			},
			/"Consignments"[^]*REF-1042/,
		],
		[
			{ events: ['assetGroupUnavailable'], facilities: { facility: [{ id: byId('north') }] } },
			/"Facilities"[^]*north/,
		],
	])('refuses %j before sending anything', async (overrides, message) => {
		const { sim, n8n } = await startSimulator({ labelledAssets: 0 });
		try {
			const parameters = {
				scope: 'workspace',
				workspaceId: byId(sim.seed.workspaceId),
				...overrides,
			} as unknown as INodeParameters;
			await expect(n8n.poll(parameters, {}, 'trigger', 'activate', v3)).rejects.toThrow(message);
			expect(sim.stats.requests).toBe(0);
		} finally {
			await stopSimulator(sim);
		}
	});

	it('chosen consignments and facilities narrow what is read', async () => {
		const { sim, n8n } = await startSimulator({ labelledAssets: 0 });
		try {
			const ws = sim.seed.workspaceId;
			const [, , third] = sim.seed.consignmentIds;
			const [north] = sim.seed.facilityIds;
			const parameters = {
				events: ['pieceEnteredFacility', 'assetGroupAvailable'],
				scope: 'workspace',
				workspaceId: byId(ws),
				consignments: { consignment: [{ id: byId(third) }] },
				facilities: { facility: [{ id: byId(north) }] },
			} as unknown as INodeParameters;
			await n8n.poll(parameters, {}, 'trigger', 'activate', v3);
			const paths = sim.log.map((e) => e.rawPath);
			expect(paths.filter((p) => p.endsWith('/pieces'))).toEqual([
				`/v1/consignments/${third}/pieces`,
			]);
			expect(paths.filter((p) => p.endsWith('/asset-groups'))).toEqual([
				`/v1/facilities/${north}/asset-groups`,
			]);
		} finally {
			await stopSimulator(sim);
		}
	});
});
