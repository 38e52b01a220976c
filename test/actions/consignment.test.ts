import type { IDataObject } from 'n8n-workflow';

import { useSimulator } from '../harness/fixtures';
import { operationTests } from './table';
import { byId, expectOneRequest, expectPairedWithFirst, items, ok } from './helpers';

/** Simplify's columns of a consignment, in order. */
const CONSIGNMENT_COLUMNS = [
	'trackingRef',
	'isActive',
	'destinationName',
	'destinationFacilityId',
	'destinationFacilityName',
	'pieceCount',
	'piecesArrived',
	'pieces',
	'gatewayIds',
	'id',
];

describe('Consignment', () => {
	const t = useSimulator();
	const consignment = (operation: string, params: IDataObject = {}) => ({
		resource: 'consignment',
		operation,
		...params,
	});

	operationTests('consignment', {
		get: {
			'GET /consignments/{consignmentId}': async () => {
				const id = t.sim.seed.consignmentIds[0];
				const r = await ok(t, consignment('get', { consignmentId: byId(id) }));
				const exchange = expectOneRequest(r, {
					operation: 'GET /consignments/{consignmentId}',
					rawPath: `/consignments/${id}`,
				});
				expect(r.json).toEqual([exchange.responseBody]);
				expect(r.json[0]).toMatchObject({
					id,
					trackingRef: 'CONS-1001',
					workspace: { id: t.sim.seed.workspaceId },
				});
				expect(items(r.json[0].pieces)).toHaveLength(3);
				expectPairedWithFirst(r);
				return r;
			},
			'version 2: Simplify by default — destination, pieces arrived there, where each piece is, gateway IDs':
				async () => {
					const id = t.sim.seed.consignmentIds[0];
					const r = await ok(t, consignment('get', { consignmentId: byId(id) }), {
						typeVersion: 2,
					});
					const raw = expectOneRequest(r, {
						operation: 'GET /consignments/{consignmentId}',
						rawPath: `/consignments/${id}`,
					}).responseBody as IDataObject;
					const destination = (raw.destination as IDataObject).facility as IDataObject;
					const pieces = items(raw.pieces);
					// The simulator's CONS-1001: three pieces, each in its destination facility now.
					for (const piece of pieces)
						expect(piece.inFacilities).toContainEqual(
							expect.objectContaining({ facilityId: destination.id, hasExited: false }),
						);
					expect(r.json).toEqual([
						{
							trackingRef: 'CONS-1001',
							isActive: true,
							destinationName: 'LHR',
							destinationFacilityId: destination.id,
							destinationFacilityName: destination.name,
							pieceCount: 3,
							piecesArrived: 3,
							pieces: pieces.map((piece) => ({
								id: piece.id,
								trackingRef: piece.trackingRef,
								currentFacilityId: destination.id,
								currentFacilityName: destination.name,
							})),
							gatewayIds: t.sim.seed.consignmentGatewayIds,
							id,
						},
					]);
					expect(Object.keys(r.json[0])).toEqual(CONSIGNMENT_COLUMNS);
					expectPairedWithFirst(r);
				},
			'Simplify: a piece that has not reached the destination is not counted, and is nowhere':
				async () => {
					const id = t.sim.seed.consignmentIds[0];
					const added = await ok(t, {
						resource: 'piece',
						operation: 'create',
						consignmentId: byId(id),
						nfcId: 'FEED0001',
						trackingRef: 'CONS-1001-LATE',
					});
					const r = await ok(t, consignment('get', { consignmentId: byId(id), simplify: true }));
					expect(r.json[0]).toMatchObject({ pieceCount: 4, piecesArrived: 3 });
					expect((r.json[0].pieces as IDataObject[]).at(-1)).toEqual({
						id: added.json[0].id,
						trackingRef: 'CONS-1001-LATE',
						currentFacilityId: null,
						currentFacilityName: null,
					});
					await ok(t, {
						resource: 'piece',
						operation: 'delete',
						consignmentId: byId(id),
						pieceId: added.json[0].id as string,
					});
				},
			'Simplify reads the pieces beyond the first page the consignment holds: one more request':
				async () => {
					const id = t.sim.seed.consignmentIds[2];
					const r = await ok(t, consignment('get', { consignmentId: byId(id) }), {
						typeVersion: 2,
					});
					expect(r.exchanges.map((e) => [e.operation, e.query])).toEqual([
						['GET /consignments/{consignmentId}', {}],
						['GET /consignments/{consignmentId}/pieces', { limit: '10000' }],
					]);
					// The consignment's own page stops at 10 of its 12 pieces.
					const embedded = r.exchanges[0].responseBody as IDataObject;
					expect(items(embedded.pieces)).toHaveLength(10);
					expect((embedded.pieces as IDataObject).nextToken).toEqual(expect.any(String));
					const row = r.json[0];
					expect(row.pieceCount).toBe(12);
					expect((row.pieces as IDataObject[]).map((p) => p.id)).toEqual(t.sim.seed.pieceIds[2]);
					// No destination facility: whether a piece arrived cannot be told.
					expect(row).toMatchObject({ destinationFacilityId: null, piecesArrived: null });
					expect(row.gatewayIds).toEqual([expect.stringMatching(/^versa_/)]);
				},
			"Simplify off (version 2): the service's consignment, and no request more": async () => {
				const id = t.sim.seed.consignmentIds[2];
				const r = await ok(t, consignment('get', { consignmentId: byId(id), simplify: false }), {
					typeVersion: 2,
				});
				const exchange = expectOneRequest(r, {
					operation: 'GET /consignments/{consignmentId}',
					rawPath: `/consignments/${id}`,
				});
				expect(r.json).toEqual([exchange.responseBody]);
			},
		},
		getMany: {
			'version 2: every consignment simplified by default, each with all its pieces': async () => {
				const ws = t.sim.seed.workspaceId;
				const r = await ok(t, consignment('getMany', { workspaceId: byId(ws), returnAll: true }), {
					typeVersion: 2,
				});
				// The list, then the rest of the pieces of the one consignment with more than 10.
				expect(r.exchanges.map((e) => e.rawPath)).toEqual([
					`/v1/workspaces/${ws}/consignments`,
					`/v1/consignments/${t.sim.seed.consignmentIds[2]}/pieces`,
				]);
				const byRef = Object.fromEntries(r.json.map((row) => [row.trackingRef, row]));
				expect(byRef['CONS-1001']).toMatchObject({ pieceCount: 3, piecesArrived: 3 });
				expect(byRef['CONS-1002']).toMatchObject({
					isActive: false,
					destinationName: 'Depot "South"',
					destinationFacilityId: null,
					pieceCount: 2,
					piecesArrived: null,
				});
				expect(byRef['CONS-1003 / bulk, #12']).toMatchObject({ pieceCount: 12 });
				for (const row of r.json) expect(Object.keys(row)).toEqual(CONSIGNMENT_COLUMNS);
			},
			'the tracking reference filter, awkward characters and all': async () => {
				const ws = t.sim.seed.workspaceId;
				const trackingRef = 'CONS-1003 / bulk, #12';
				const r = await ok(
					t,
					consignment('getMany', {
						workspaceId: byId(ws),
						returnAll: true,
						filters: { trackingRef },
					}),
				);
				const exchange = expectOneRequest(r, {
					operation: 'GET /workspaces/{workspaceId}/consignments',
					rawPath: `/workspaces/${ws}/consignments`,
					query: { limit: '10000', trackingRef },
				});
				expect(r.json).toEqual(items(exchange.responseBody));
				expect(r.json.map((c) => c.id)).toEqual([t.sim.seed.consignmentIds[2]]);
				return r;
			},
			'without a filter, Limit 2': async () => {
				const ws = t.sim.seed.workspaceId;
				const r = await ok(t, consignment('getMany', { workspaceId: byId(ws), limit: 2 }));
				expectOneRequest(r, {
					operation: 'GET /workspaces/{workspaceId}/consignments',
					rawPath: `/workspaces/${ws}/consignments`,
					query: { limit: '2' },
				});
				expect(r.json.map((c) => c.id)).toEqual(t.sim.seed.consignmentIds.slice(0, 2));
			},
		},
		create: {
			'one consignment with pieces and a gateway; outputs the consignment': async () => {
				const ws = t.sim.seed.workspaceId;
				const r = await ok(
					t,
					consignment('create', {
						workspaceId: byId(ws),
						trackingRef: 'CONS-2001',
						pieces: {
							piece: [{ nfcId: 'C0FFEE01', trackingRef: 'CONS-2001-A' }, { nfcId: 'C0FFEE02' }],
						},
						addGateway: true,
						manufacturer: 'versa',
						deviceId: 'vhub01',
						productName: 'Versa Hub',
						registerGateway: true,
					}),
				);
				const exchange = expectOneRequest(r, {
					operation: 'POST /workspaces/{workspaceId}/consignments',
					rawPath: `/workspaces/${ws}/consignments`,
					status: 201,
					body: {
						consignments: [
							{
								trackingRef: 'CONS-2001',
								pieces: [
									{ trackingRef: 'CONS-2001-A', label: { nfcId: 'C0FFEE01' } },
									{ label: { nfcId: 'C0FFEE02' } },
								],
								gateways: [
									{
										deviceId: 'vhub01',
										manufacturer: 'versa',
										productName: 'Versa Hub',
										registerGateway: true,
									},
								],
							},
						],
					},
				});
				expect(r.json).toEqual(items(exchange.responseBody));
				expect(r.json).toHaveLength(1);
				expect(r.json[0]).toMatchObject({ trackingRef: 'CONS-2001', isActive: true });
				expect(items(r.json[0].pieces).map((p) => (p.label as IDataObject).nfcId)).toEqual([
					'C0FFEE01',
					'C0FFEE02',
				]);
				expect(items(r.json[0].gateways).map((g) => g.gatewayId)).toEqual(['versa_vhub01']);
				expectPairedWithFirst(r);
				return r;
			},
			'one request per input item, without pieces or gateway when none are given': async () => {
				const ws = t.sim.seed.workspaceId;
				const r = await ok(
					t,
					consignment('create', { workspaceId: byId(ws), trackingRef: '={{ $json.ref }}' }),
					{
						input: [{ ref: 'CONS-3001' }, { ref: 'CONS-3002' }],
					},
				);
				expect(r.exchanges.map((e) => e.requestBody)).toEqual([
					{ consignments: [{ trackingRef: 'CONS-3001', pieces: [] }] },
					{ consignments: [{ trackingRef: 'CONS-3002', pieces: [] }] },
				]);
				expect(r.json.map((c) => c.trackingRef)).toEqual(['CONS-3001', 'CONS-3002']);
				expect(r.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
			},
		},
		update: {
			'PATCH by tracking reference with isActive': async () => {
				const ws = t.sim.seed.workspaceId;
				const r = await ok(
					t,
					consignment('update', {
						workspaceId: byId(ws),
						trackingRef: 'CONS-1002',
						isActive: true,
					}),
				);
				const exchange = expectOneRequest(r, {
					operation: 'PATCH /workspaces/{workspaceId}/consignments',
					rawPath: `/workspaces/${ws}/consignments`,
					query: { trackingRef: 'CONS-1002' },
					body: { isActive: true },
				});
				expect(r.json).toEqual([exchange.responseBody]);
				expect(r.json[0]).toMatchObject({ id: t.sim.seed.consignmentIds[1], isActive: true });
				return r;
			},
			'a tracking reference with / , # and spaces reaches the service intact': async () => {
				const ws = t.sim.seed.workspaceId;
				const trackingRef = 'CONS-1003 / bulk, #12';
				const r = await ok(
					t,
					consignment('update', { workspaceId: byId(ws), trackingRef, isActive: false }),
				);
				expectOneRequest(r, {
					operation: 'PATCH /workspaces/{workspaceId}/consignments',
					rawPath: `/workspaces/${ws}/consignments`,
					query: { trackingRef },
					body: { isActive: false },
				});
				expect(r.json[0]).toMatchObject({ id: t.sim.seed.consignmentIds[2], isActive: false });
			},
		},
	});
});
