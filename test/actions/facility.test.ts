import { useSimulator } from '../harness/fixtures';
import { operationTests } from './table';
import { byId, expectOneRequest, expectPairedWithFirst, items, ok } from './helpers';

describe('Facility', () => {
	const t = useSimulator();

	operationTests('facility', {
		get: {
			'GET /facilities/{facilityId}': async () => {
				const id = t.sim.seed.facilityIds[0];
				const r = await ok(t, { resource: 'facility', operation: 'get', facilityId: byId(id) });
				const exchange = expectOneRequest(r, {
					operation: 'GET /facilities/{facilityId}',
					rawPath: `/facilities/${id}`,
				});
				expect(r.json).toEqual([exchange.responseBody]);
				expect(r.json[0]).toMatchObject({ id, name: 'North Warehouse', userFacilityId: 'WH-N-01' });
				expectPairedWithFirst(r);
				return r;
			},
		},
		getMany: {
			'GET /workspaces/{workspaceId}/facilities': async () => {
				const ws = t.sim.seed.workspaceId;
				const r = await ok(t, {
					resource: 'facility',
					operation: 'getMany',
					workspaceId: byId(ws),
					returnAll: true,
				});
				const exchange = expectOneRequest(r, {
					operation: 'GET /workspaces/{workspaceId}/facilities',
					rawPath: `/workspaces/${ws}/facilities`,
					query: { limit: '10000' },
				});
				expect(r.json).toEqual(items(exchange.responseBody));
				expect(r.json.map((f) => f.id)).toEqual(t.sim.seed.facilityIds);
				return r;
			},
		},
	});
});
