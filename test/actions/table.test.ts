import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { allOperations, findOperation } from '../../nodes/AssetTracking/actions/operations';
import { resources } from '../../nodes/AssetTracking/actions/resources';
import { addToIndex } from '../fixtures/addToIndex';
import { getLabel } from '../fixtures/getLabel';
import { actionNodeAt } from '../harness/actionNode';
import { useSimulator } from '../harness/fixtures';
import { byId, expectOneRequest, expectPairedWithFirst, ok } from './helpers';
import { caseTests, tableGaps, type OperationTable } from './table';

// Issue 20's acceptance: a new operation (the 48th) is one file (test/fixtures/getLabel.ts) and one index
// line (this one); its test comes from the table.
addToIndex('asset', getLabel);

describe('a 48th operation: one file and one index line', () => {
	const asset = resources.find((r) => r.value === 'asset')!;
	const placeholder = async () => undefined;
	/** A table with a case for every asset operation but the new one. */
	const withoutIt: OperationTable = Object.fromEntries(
		asset.operations
			.filter((o) => o.operation !== 'getLabel')
			.map((o) => [o.operation, { placeholder }]),
	);

	it('the registry holds it, and the node offers it with its fields', () => {
		expect(allOperations()).toHaveLength(48);
		expect(findOperation('asset', 'getLabel')).toMatchObject({
			resource: 'asset',
			path: getLabel.endpoint.path,
		});
		const properties = actionNodeAt(4).description.properties;
		const operations = properties.find(
			(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.[0] === 'asset',
		)!;
		expect((operations.options as INodeProperties[]).map((o) => o.name)).toContain('Get Label');
		const assetId = properties.filter(
			(p: INodeProperties) =>
				p.name === 'assetId' && p.displayOptions?.show?.operation?.includes('getLabel'),
		);
		expect(assetId).toHaveLength(1);
	});

	it('the table check of its resource names it until the table has a case for it', () => {
		expect(tableGaps(asset, withoutIt)).toEqual({ missing: ['asset:getLabel'], unknown: [] });
		expect(tableGaps(asset, { ...withoutIt, getLabel: {} })).toEqual({
			missing: ['asset:getLabel'],
			unknown: [],
		});
		expect(tableGaps(asset, { ...withoutIt, getLabel: { placeholder } })).toEqual({
			missing: [],
			unknown: [],
		});
	});
});

describe('the new operation, run from its table entry', () => {
	const t = useSimulator();

	// What test/actions/asset.test.ts would gain: one entry in its table.
	caseTests('asset', {
		getLabel: {
			'GET /assets/{assetId}, outputs the label alone': async () => {
				const id = t.sim.seed.labelledAssetIds[0];
				const r = await ok(t, { resource: 'asset', operation: 'getLabel', assetId: byId(id) });
				const exchange = expectOneRequest(r, {
					operation: 'GET /assets/{assetId}',
					rawPath: `/assets/${id}`,
					query: { summaryLocations: 'false' },
				});
				const label = (exchange.responseBody as IDataObject).label as IDataObject;
				expect(r.json).toEqual([label]);
				expect(label).toMatchObject({ bleId: expect.any(Number) });
				expectPairedWithFirst(r);
				return r;
			},
		},
	});
});
