import type { IDataObject } from 'n8n-workflow';

import { useSimulator } from '../harness/fixtures';
import { covered } from './coverage';
import { byId, expectOneRequest, expectPairedWithFirst, ok } from './helpers';

const items = (body: unknown) => (body as { items: IDataObject[] }).items;

describe('Facility', () => {
	const t = useSimulator();

	it('get: GET /facilities/{facilityId}', async () => {
		const id = t.sim.seed.facilityIds[0];
		const r = await ok(t, { resource: 'facility', operation: 'get', facilityId: byId(id) });
		const exchange = expectOneRequest(r, {
			operation: 'GET /facilities/{facilityId}',
			rawPath: `/facilities/${id}`,
		});
		expect(r.json).toEqual([exchange.responseBody]);
		expect(r.json[0]).toMatchObject({ id, name: 'North Warehouse', userFacilityId: 'WH-N-01' });
		expectPairedWithFirst(r);
		covered('facility:get', r.exchanges);
	});

	it('getMany: GET /workspaces/{workspaceId}/facilities', async () => {
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
		covered('facility:getMany', r.exchanges);
	});
});

describe('Asset Group', () => {
	const t = useSimulator();

	it('getMany: GET /facilities/{facilityId}/asset-groups, with availability against the threshold', async () => {
		const id = t.sim.seed.facilityIds[0];
		const r = await ok(t, {
			resource: 'assetGroup',
			operation: 'getMany',
			facilityId: byId(id),
			limit: 10,
		});
		const exchange = expectOneRequest(r, {
			operation: 'GET /facilities/{facilityId}/asset-groups',
			rawPath: `/facilities/${id}/asset-groups`,
			query: { limit: '10' },
		});
		expect(r.json).toEqual(items(exchange.responseBody));
		expect(r.json).toHaveLength(2);
		for (const group of r.json) {
			expect(group.facilityId).toBe(id);
			expect(group.available).toBe(
				(group.count as number) >= (group.availabilityThreshold as number),
			);
		}
		expect(r.json.find((g) => g.name === 'Pallets north')).toMatchObject({
			availabilityThreshold: 3,
		});
		covered('assetGroup:getMany', r.exchanges);
	});
});
