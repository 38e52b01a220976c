import type { IDataObject } from 'n8n-workflow';

import { useSimulator } from '../harness/fixtures';
import { covered } from './coverage';
import { byId, expectOneRequest, expectPairedWithFirst, ok } from './helpers';

const items = (body: unknown) => (body as { items: IDataObject[] }).items;

describe('Consignment', () => {
	const t = useSimulator();
	const consignment = (operation: string, params: IDataObject = {}) => ({
		resource: 'consignment',
		operation,
		...params,
	});

	it('get: GET /consignments/{consignmentId}', async () => {
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
		covered('consignment:get', r.exchanges);
	});

	it('getMany: the tracking reference filter, awkward characters and all', async () => {
		const ws = t.sim.seed.workspaceId;
		const trackingRef = 'CONS-1003 / bulk, #12';
		const r = await ok(
			t,
			consignment('getMany', { workspaceId: byId(ws), returnAll: true, filters: { trackingRef } }),
		);
		const exchange = expectOneRequest(r, {
			operation: 'GET /workspaces/{workspaceId}/consignments',
			rawPath: `/workspaces/${ws}/consignments`,
			query: { limit: '10000', trackingRef },
		});
		expect(r.json).toEqual(items(exchange.responseBody));
		expect(r.json.map((c) => c.id)).toEqual([t.sim.seed.consignmentIds[2]]);
		covered('consignment:getMany', r.exchanges);
	});

	it('getMany: without a filter, Limit 2', async () => {
		const ws = t.sim.seed.workspaceId;
		const r = await ok(t, consignment('getMany', { workspaceId: byId(ws), limit: 2 }));
		expectOneRequest(r, {
			operation: 'GET /workspaces/{workspaceId}/consignments',
			rawPath: `/workspaces/${ws}/consignments`,
			query: { limit: '2' },
		});
		expect(r.json.map((c) => c.id)).toEqual(t.sim.seed.consignmentIds.slice(0, 2));
	});

	it('create: one consignment with pieces and a gateway; outputs the consignment', async () => {
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
		covered('consignment:create', r.exchanges);
	});

	it('create: one request per input item, without pieces or gateway when none are given', async () => {
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
	});

	it('update: PATCH by tracking reference with isActive', async () => {
		const ws = t.sim.seed.workspaceId;
		const r = await ok(
			t,
			consignment('update', { workspaceId: byId(ws), trackingRef: 'CONS-1002', isActive: true }),
		);
		const exchange = expectOneRequest(r, {
			operation: 'PATCH /workspaces/{workspaceId}/consignments',
			rawPath: `/workspaces/${ws}/consignments`,
			query: { trackingRef: 'CONS-1002' },
			body: { isActive: true },
		});
		expect(r.json).toEqual([exchange.responseBody]);
		expect(r.json[0]).toMatchObject({ id: t.sim.seed.consignmentIds[1], isActive: true });
		covered('consignment:update', r.exchanges);
	});

	it('update: a tracking reference with / , # and spaces reaches the service intact', async () => {
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
	});
});

describe('Piece', () => {
	const t = useSimulator();
	const piece = (operation: string, params: IDataObject = {}) => ({
		resource: 'piece',
		operation,
		...params,
	});

	it('getMany: GET /consignments/{consignmentId}/pieces', async () => {
		const id = t.sim.seed.consignmentIds[2];
		const r = await ok(t, piece('getMany', { consignmentId: byId(id), limit: 5 }));
		const exchange = expectOneRequest(r, {
			operation: 'GET /consignments/{consignmentId}/pieces',
			rawPath: `/consignments/${id}/pieces`,
			query: { limit: '5' },
		});
		expect(r.json).toEqual(items(exchange.responseBody));
		expect(r.json.map((p) => p.id)).toEqual(t.sim.seed.pieceIds[2].slice(0, 5));
		covered('piece:getMany', r.exchanges);
	});

	it('getMany: Return All of 12 pieces', async () => {
		const id = t.sim.seed.consignmentIds[2];
		const r = await ok(t, piece('getMany', { consignmentId: byId(id), returnAll: true }));
		expect(r.exchanges.map((e) => e.query)).toEqual([{ limit: '10000' }]);
		expect(r.json.map((p) => p.id)).toEqual(t.sim.seed.pieceIds[2]);
	});

	it('create: the body is the array of pieces; one output item per input item', async () => {
		const id = t.sim.seed.consignmentIds[1];
		const r = await ok(
			t,
			piece('create', {
				consignmentId: byId(id),
				nfcId: '={{ $json.nfc }}',
				trackingRef: '={{ $json.ref ?? "" }}',
			}),
			{ input: [{ nfc: 'BEEF0001' }, { nfc: 'BEEF0002', ref: 'CONS-1002-X' }] },
		);
		expectOneRequest(r, {
			operation: 'POST /consignments/{consignmentId}/pieces',
			rawPath: `/consignments/${id}/pieces`,
			status: 201,
			body: [
				{ label: { nfcId: 'BEEF0001' } },
				{ trackingRef: 'CONS-1002-X', label: { nfcId: 'BEEF0002' } },
			],
		});
		expect(r.json).toEqual([
			expect.objectContaining({
				consignmentId: id,
				label: expect.objectContaining({ nfcId: 'BEEF0001' }),
			}),
			expect.objectContaining({
				consignmentId: id,
				trackingRef: 'CONS-1002-X',
				label: expect.objectContaining({ nfcId: 'BEEF0002' }),
			}),
		]);
		expect(r.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		covered('piece:create', r.exchanges);
	});

	it('delete: DELETE /consignments/{consignmentId}/pieces/{pieceId} (204)', async () => {
		const consignmentId = t.sim.seed.consignmentIds[0];
		const pieceId = t.sim.seed.pieceIds[0][0];
		const r = await ok(t, piece('delete', { consignmentId: byId(consignmentId), pieceId }));
		expectOneRequest(r, {
			operation: 'DELETE /consignments/{consignmentId}/pieces/{pieceId}',
			rawPath: `/consignments/${consignmentId}/pieces/${pieceId}`,
			status: 204,
		});
		expect(r.json).toEqual([{ deleted: true, consignmentId, pieceId }]);
		covered('piece:delete', r.exchanges);
	});
});

describe('Consignment Gateway', () => {
	const t = useSimulator();
	const gateway = (operation: string, params: IDataObject = {}) => ({
		resource: 'consignmentGateway',
		operation,
		...params,
	});

	it('getMany: GET /consignments/{consignmentId}/gateways', async () => {
		const id = t.sim.seed.consignmentIds[0];
		const r = await ok(t, gateway('getMany', { consignmentId: byId(id), returnAll: true }));
		const exchange = expectOneRequest(r, {
			operation: 'GET /consignments/{consignmentId}/gateways',
			rawPath: `/consignments/${id}/gateways`,
			query: { limit: '10000' },
		});
		expect(r.json).toEqual(items(exchange.responseBody));
		expect(r.json.map((g) => g.gatewayId)).toEqual(t.sim.seed.consignmentGatewayIds);
		covered('consignmentGateway:getMany', r.exchanges);
	});

	it('add: the body is an array of one gateway; outputs the added gateway', async () => {
		const id = t.sim.seed.consignmentIds[1];
		const r = await ok(
			t,
			gateway('add', { consignmentId: byId(id), manufacturer: 'particle', deviceId: 'p0001' }),
		);
		const exchange = expectOneRequest(r, {
			operation: 'POST /consignments/{consignmentId}/gateways',
			rawPath: `/consignments/${id}/gateways`,
			status: 201,
			body: [{ deviceId: 'p0001', manufacturer: 'particle' }],
		});
		expect(r.json).toEqual(items(exchange.responseBody));
		expect(r.json).toEqual([
			expect.objectContaining({
				gatewayId: 'particle_p0001',
				manufacturer: 'particle',
				deviceId: 'p0001',
			}),
		]);
		covered('consignmentGateway:add', r.exchanges);
	});

	it('remove: DELETE /consignments/{consignmentId}/gateways/{gatewayId} (204)', async () => {
		const consignmentId = t.sim.seed.consignmentIds[0];
		const gatewayId = t.sim.seed.consignmentGatewayIds[1];
		const r = await ok(t, gateway('remove', { consignmentId: byId(consignmentId), gatewayId }));
		expectOneRequest(r, {
			operation: 'DELETE /consignments/{consignmentId}/gateways/{gatewayId}',
			rawPath: `/consignments/${consignmentId}/gateways/${gatewayId}`,
			status: 204,
		});
		expect(r.json).toEqual([{ deleted: true, consignmentId, gatewayId }]);
		covered('consignmentGateway:remove', r.exchanges);
	});
});
