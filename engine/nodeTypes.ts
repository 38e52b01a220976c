/* eslint-disable @n8n/community-nodes/node-usable-as-tool -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
import type {
	INodeType,
	INodeTypes,
	IVersionedNodeType,
	INodeExecutionData,
	IExecuteFunctions,
} from 'n8n-workflow';
import { DirectoryLoader } from 'n8n-core';
import { NodeConnectionTypes } from 'n8n-workflow';

import { AssetTracking } from '../nodes/AssetTracking/AssetTracking.node';
import { AssetTrackingTrigger } from '../nodes/AssetTracking/AssetTrackingTrigger.node';

/** Emits the items held in its `items` parameter: how tests feed several items into a node. */
class TestItems implements INodeType {
	description = {
		displayName: 'Test Items',
		name: 'testItems',
		group: ['input'] as Array<'input'>,
		version: 1,
		description: 'Emits fixed items',
		defaults: { name: 'Items' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [{ displayName: 'Items', name: 'items', type: 'json' as const, default: '[]' }],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const raw = this.getNodeParameter('items', 0) as string | object[];
		const items = (typeof raw === 'string' ? JSON.parse(raw) : raw) as object[];
		return [items.map((json) => ({ json: json as INodeExecutionData['json'] }))];
	}
}

/**
 * The node types as n8n's loader hands them over: a node without execute() gets n8n's Request
 * Options (Batching, Ignore SSL Issues, Proxy, Timeout), as DirectoryLoader adds them, to each
 * version of a versioned node.
 */
export function loaded<T extends INodeType | IVersionedNodeType>(type: T): T {
	const versions: INodeType[] =
		'nodeVersions' in type ? Object.values(type.nodeVersions) : [type as INodeType];
	for (const version of versions) DirectoryLoader.applyDeclarativeNodeOptionParameters(version);
	return type;
}

const registry: Record<string, INodeType | IVersionedNodeType> = {
	'n8n-nodes-asset-tracking.assetTracking': loaded(new AssetTracking()),
	'n8n-nodes-asset-tracking.assetTrackingTrigger': new AssetTrackingTrigger(),
	'test.items': new TestItems(),
};

/** Registers a test-only node type (for example one that calls the transport with raw ids). */
export function registerNodeType(name: string, type: INodeType | IVersionedNodeType) {
	registry[name] = loaded(type);
}

export const nodeTypes: INodeTypes = {
	getByName: (name) => lookup(name),
	// As n8n's NodeTypes: a versioned node's type of that version (its default without one).
	getByNameAndVersion: (name, version) => {
		const type = lookup(name);
		return 'nodeVersions' in type ? type.getNodeType(version) : type;
	},
	getKnownTypes: () => ({}),
};

function lookup(name: string): INodeType | IVersionedNodeType {
	const type = registry[name];
	if (!type) throw new Error(`Unknown node type ${name}`);
	return type;
}
