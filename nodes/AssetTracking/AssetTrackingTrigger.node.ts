import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

export class AssetTrackingTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Asset Tracking Trigger',
		name: 'assetTrackingTrigger',
		icon: { light: 'file:assetTracking.svg', dark: 'file:assetTracking.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["event"]}}',
		description: 'Starts the workflow on new temperature and location readings',
		defaults: { name: 'Asset Tracking Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'assetTrackingOAuth2Api', required: true }],
		properties: [],
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		throw new NodeOperationError(this.getNode(), 'work in progress');
	}
}
