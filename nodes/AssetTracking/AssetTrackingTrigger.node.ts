import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { searchAssets, searchSpaces, searchWorkspaces } from './methods/listSearch';
import { triggerProperties } from './trigger/description';
import { poll } from './trigger/poll';

export class AssetTrackingTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Asset Tracking Trigger',
		name: 'assetTrackingTrigger',
		icon: { light: 'file:assetTracking.svg', dark: 'file:assetTracking.dark.svg' },
		group: ['trigger'],
		// Version 2: pickers for the watched assets and spaces (version 1 took comma-separated IDs,
		// still read for workflows saved with it).
		version: [1, 2],
		defaultVersion: 2,
		subtitle: '={{$parameter["event"]}}',
		description: 'Starts the workflow on new temperature and location readings of tracked assets.',
		defaults: { name: 'Asset Tracking Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'assetTrackingOAuth2Api', required: true }],
		properties: triggerProperties,
	};

	methods = { listSearch: { searchWorkspaces, searchAssets, searchSpaces } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await poll.call(this);
	}
}
