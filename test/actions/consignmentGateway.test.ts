import type { IDataObject } from 'n8n-workflow';

import { useSimulator } from '../harness/fixtures';
import { operationTests } from './table';
import { byId, expectOneRequest, items, ok } from './helpers';

describe('Consignment Gateway', () => {
	const t = useSimulator();
	const gateway = (operation: string, params: IDataObject = {}) => ({
		resource: 'consignmentGateway',
		operation,
		...params,
	});

	operationTests('consignmentGateway', {
		getMany: {
			'GET /consignments/{consignmentId}/gateways': async () => {
				const id = t.sim.seed.consignmentIds[0];
				const r = await ok(t, gateway('getMany', { consignmentId: byId(id), returnAll: true }));
				const exchange = expectOneRequest(r, {
					operation: 'GET /consignments/{consignmentId}/gateways',
					rawPath: `/consignments/${id}/gateways`,
					query: { limit: '10000' },
				});
				expect(r.json).toEqual(items(exchange.responseBody));
				expect(r.json.map((g) => g.gatewayId)).toEqual(t.sim.seed.consignmentGatewayIds);
				return r;
			},
		},
		add: {
			'the body is an array of one gateway; outputs the added gateway': async () => {
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
				return r;
			},
		},
		remove: {
			'DELETE /consignments/{consignmentId}/gateways/{gatewayId} (204)': async () => {
				const consignmentId = t.sim.seed.consignmentIds[0];
				const gatewayId = t.sim.seed.consignmentGatewayIds[1];
				const r = await ok(t, gateway('remove', { consignmentId: byId(consignmentId), gatewayId }));
				expectOneRequest(r, {
					operation: 'DELETE /consignments/{consignmentId}/gateways/{gatewayId}',
					rawPath: `/consignments/${consignmentId}/gateways/${gatewayId}`,
					status: 204,
				});
				expect(r.json).toEqual([{ deleted: true, consignmentId, gatewayId }]);
				return r;
			},
		},
	});
});
