// Issue 39: the action node as n8n builds REST nodes. Routed operations (one input item, one
// answer) carry `routing` and are run by n8n's RoutingNode, their requests through the pack's
// transport; the rest are `customOperations` (the router). No execute().
import { RoutingNode } from 'n8n-core';
import type { INodePropertyOptions } from 'n8n-workflow';

import { nodeTypes } from '../../engine/nodeTypes';
import { AssetTracking } from '../../nodes/AssetTracking/AssetTracking.node';
import { allOperations } from '../../nodes/AssetTracking/actions/operations';
import { actionNodeAt, actionNodes } from '../harness/actionNode';
import { useSimulator } from '../harness/fixtures';
import { byId, ok, run } from './helpers';

const ROUTED = [
	'workspace:get',
	'asset:get',
	'asset:update',
	'asset:delete',
	'asset:linkLabel',
	'asset:unlinkLabel',
	'space:get',
	'space:update',
	'space:delete',
	'space:linkGateway',
	'space:updateGateway',
	'space:unlinkGateway',
	'facility:get',
	'printer:get',
	'printer:update',
	'printer:remove',
	'printer:getTemplates',
	'printer:getPrintJob',
	'printer:cancelPrintJob',
	'consignment:create',
	'consignment:get',
	'consignment:update',
	'piece:delete',
	'consignmentGateway:add',
	'consignmentGateway:remove',
];

/** Lists with Return All, batch creates and computed outputs. */
const CUSTOM = [
	'workspace:getMany',
	'asset:getMany',
	'asset:getLocations',
	'asset:getTemperatures',
	'asset:getFacilityHistory',
	'asset:getSpaceHistory',
	'space:getMany',
	'space:getAssetHistory',
	'facility:getMany',
	'assetGroup:getMany',
	'printer:getMany',
	'printer:getPrintJobs',
	'printer:getPrintJobStatuses',
	'consignment:getMany',
	'piece:getMany',
	'consignmentGateway:getMany',
	'asset:create',
	'space:create',
	'piece:create',
	'printer:createPrintJobs',
	'asset:getTemperatureSummary',
	'report:createTemperatureReport',
];

describe('routed and custom operations', () => {
	const node = actionNodeAt(4);

	/** Each operation's option in its resource's Operation list. */
	function optionOf(resource: string, operation: string): INodePropertyOptions {
		const selector = node.description.properties.find(
			(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource),
		)!;
		return (selector.options as INodePropertyOptions[]).find((o) => o.value === operation)!;
	}

	it('carry routing or are customOperations, never both, every operation one of them', () => {
		const all = allOperations().map((o) => `${o.resource}:${o.operation}`);
		expect([...ROUTED, ...CUSTOM].sort()).toEqual([...all].sort());
		for (const key of ROUTED) {
			const [resource, operation] = key.split(':');
			expect({ key, routed: optionOf(resource, operation).routing !== undefined }).toEqual({
				key,
				routed: true,
			});
			expect(node.customOperations?.[resource]?.[operation]).toBeUndefined();
		}
		for (const key of CUSTOM) {
			const [resource, operation] = key.split(':');
			expect({ key, routed: optionOf(resource, operation).routing !== undefined }).toEqual({
				key,
				routed: false,
			});
			expect(typeof node.customOperations?.[resource][operation]).toBe('function');
		}
	});

	it('the node has no execute(), at any version', () => {
		for (const [, version] of actionNodes()) {
			expect(version.execute).toBeUndefined();
			expect('execute' in version).toBe(false);
		}
		expect('execute' in new AssetTracking()).toBe(false);
	});

	it("each routed operation's routing is its endpoint's method and path, sent through the pagination hook", () => {
		for (const operation of allOperations()) {
			const routing = optionOf(operation.resource, operation.operation).routing;
			if (!routing) continue;
			expect(routing.request).toEqual({ method: operation.method, url: operation.path });
			expect(routing.send?.paginate).toBe(true);
			expect(routing.send?.preSend).toHaveLength(1);
			expect(typeof routing.operations?.pagination).toBe('function');
		}
	});

	it("n8n's loader gives the node Request Options, as to every node without execute()", () => {
		const loaded = nodeTypes.getByNameAndVersion('n8n-nodes-asset-tracking.assetTracking', 4);
		const requestOptions = loaded.description.properties.find((p) => p.name === 'requestOptions');
		expect((requestOptions?.options as Array<{ name: string }>).map((o) => o.name).sort()).toEqual([
			'allowUnauthorizedCerts',
			'batching',
			'proxy',
			'timeout',
		]);
	});
});

describe('RoutingNode runs a routed operation and not a custom one', () => {
	const t = useSimulator();
	let runNode: jest.SpyInstance;
	let getMany: jest.SpyInstance;

	beforeEach(() => {
		runNode = jest.spyOn(RoutingNode.prototype, 'runNode');
		const loaded = nodeTypes.getByNameAndVersion('n8n-nodes-asset-tracking.assetTracking', 4);
		getMany = jest.spyOn(loaded.customOperations!.asset, 'getMany');
	});
	afterEach(() => jest.restoreAllMocks());

	it('Asset → Get: RoutingNode, one request per item, paired', async () => {
		const [first, second] = t.sim.seed.assetIds;
		const r = await ok(
			t,
			{ resource: 'asset', operation: 'get', assetId: byId('={{ $json.id }}') },
			{ input: [{ id: first }, { id: second }] },
		);
		expect(runNode).toHaveBeenCalledTimes(1);
		expect(getMany).not.toHaveBeenCalled();
		expect(r.json.map((a) => a.id)).toEqual([first, second]);
		expect(r.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(r.exchanges.map((e) => e.operation)).toEqual([
			'GET /assets/{assetId}',
			'GET /assets/{assetId}',
		]);
	});

	it('Asset → Get Many: the custom operation, not RoutingNode', async () => {
		const r = await ok(t, {
			resource: 'asset',
			operation: 'getMany',
			workspaceId: byId(t.sim.seed.workspaceId),
			returnAll: true,
		});
		expect(getMany).toHaveBeenCalledTimes(1);
		expect(runNode).not.toHaveBeenCalled();
		expect(r.items.length).toBeGreaterThan(0);
	});
});

describe('routed refusals and Continue On Fail', () => {
	const t = useSimulator();

	it('a refusal stops the node as n8n wraps it: message, description, item index, configuration-invalid; nothing sent', async () => {
		const before = t.sim.stats.requests;
		const r = await run(
			t,
			{ resource: 'asset', operation: 'get', assetId: byId('={{ $json.id }}') },
			{ input: [{ id: t.sim.seed.assetIds[0] }, { id: 'no such/id' }] },
		);
		const error = r.error as unknown as {
			name: string;
			message: string;
			description: string;
			context: { itemIndex: number };
			failure: unknown;
			tags: { reWrapped?: boolean };
		};
		expect(error.name).toBe('NodeApiError');
		expect(error.tags.reWrapped).toBe(true);
		expect(error.message).toBe(
			'Invalid "Asset": " " at position 3 and "/" at position 8 are not allowed',
		);
		expect(error.description).toContain('Nothing was sent to the service.');
		expect(error.context.itemIndex).toBe(1);
		expect(error.failure).toEqual({ cause: 'configuration-invalid' });
		expect(t.sim.stats.requests).toBe(before);
	});

	it('a bad setting under Continue On Fail is an error item per input item (n8n semantics), nothing sent', async () => {
		const before = t.sim.stats.requests;
		const r = await run(
			t,
			{
				resource: 'asset',
				operation: 'get',
				assetId: byId(t.sim.seed.assetIds[0]),
				options: { maxRetries: 11 },
			},
			{ input: [{}, {}], continueOnFail: true },
		);
		expect(r.error).toBeUndefined();
		expect(r.items).toHaveLength(2);
		for (const item of r.items) expect(String(item.json.error)).toContain('Max Retries');
		expect(t.sim.stats.requests).toBe(before);
	});
});
