import { useSimulator } from '../harness/fixtures';
import { operationTests } from './table';
import { byId, expectOneRequest, items, ok } from './helpers';

describe('Asset Group', () => {
	const t = useSimulator();

	operationTests('assetGroup', {
		getMany: {
			'GET /facilities/{facilityId}/asset-groups, with availability against the threshold':
				async () => {
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
					return r;
				},
		},
	});
});
