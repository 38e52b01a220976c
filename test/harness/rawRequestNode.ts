/* eslint-disable @n8n/community-nodes/node-usable-as-tool -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import {
	AssetTrackingClient,
	DEFAULT_TRANSPORT_POLICY,
	paginate,
} from '../../nodes/AssetTracking/transport';
import type { ApiRequest, PageOptions } from '../../nodes/AssetTracking/transport';

/**
 * A test-only node that hands its `request` parameter to the transport unchecked, so tests can
 * send what the real node's validation would stop (ids holding `/`, `?`, `#`, raw nextTokens).
 */
export class RawRequestNode implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Raw Request',
		name: 'rawRequest',
		group: ['transform'],
		version: 1,
		description: 'Sends one request through the transport',
		defaults: { name: 'Raw Request' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'assetTrackingOAuth2Api', required: true }],
		properties: [
			{ displayName: 'Request', name: 'request', type: 'json', default: '{}' },
			{ displayName: 'Collect', name: 'collect', type: 'boolean', default: false },
			{ displayName: 'Limit', name: 'limit', type: 'number', default: 0 },
			{ displayName: 'Base Delay', name: 'baseDelayMs', type: 'number', default: 0 },
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const raw = this.getNodeParameter('request', 0) as string | object;
		const request = (typeof raw === 'string' ? JSON.parse(raw) : raw) as ApiRequest;
		const baseDelayMs = this.getNodeParameter('baseDelayMs', 0) as number;
		const client = new AssetTrackingClient(this, {
			...DEFAULT_TRANSPORT_POLICY,
			baseDelayMs: baseDelayMs || 1,
		});
		if (this.getNodeParameter('collect', 0) as boolean) {
			const limit = (this.getNodeParameter('limit', 0) as number) || undefined;
			const items = await collectItems<IDataObject>(client, request, { limit });
			return [items.map((json) => ({ json, pairedItem: { item: 0 } }))];
		}
		const response = await client.request(request);
		return [
			[
				{
					json: { status: response.status, requestId: response.requestId, body: response.body },
					pairedItem: { item: 0 },
				},
			],
		];
	}
}

/** Gathers up to `limit` items (all when undefined) from a list, fetching no page more than needed. */
async function collectItems<T = IDataObject>(
	client: AssetTrackingClient,
	request: ApiRequest,
	options: PageOptions = {},
): Promise<T[]> {
	const out: T[] = [];
	for await (const page of paginate<T>(client, request, options)) {
		for (const item of page.items) {
			if (options.limit !== undefined && out.length >= options.limit) return out;
			out.push(item);
		}
	}
	return out;
}
