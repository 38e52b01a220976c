import type { IDataObject } from 'n8n-workflow';

import { useSimulator } from '../harness/fixtures';
import { operationTests } from './table';
import { byId, expectOneRequest, expectPairedWithFirst, items, ok } from './helpers';

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
		},
		getMany: {
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
