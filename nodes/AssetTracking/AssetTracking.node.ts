import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { buildProperties, customOperations } from './actions/registry';
import { listSearchOf, loadOptionsOf, PICKERS, spacePicker } from './pickers';

export class AssetTracking implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Asset Tracking',
		name: 'assetTracking',
		icon: { light: 'file:assetTracking.svg', dark: 'file:assetTracking.dark.svg' },
		group: ['transform'],
		// Version 5: Get Temperature Summary's and Create Temperature Report's Alert Above and Alert
		// Below are on the node, as the trigger's (actions/summaryRule.ts); earlier versions keep
		// them in Summary Options. Version 4: Get Many assets' In Space filter is chosen from the workspace's spaces, and Get
		// Temperature Summary is an audit record (a Period choice in the workflow's time zone, the
		// asset's and space's names, the rule that applied, missingMinutes over the whole period,
		// times without milliseconds); earlier versions keep theirs. Version 3: the retry, timeout
		// and size settings move from Options to Advanced (earlier versions keep them in Options,
		// where their saved workflows hold them). Version 2: Simplify is on for new nodes, and an
		// asset's simplified columns come in reading order without workspaceId; consignments have
		// Simplify too. Workflows saved with version 1 keep their output (Simplify off unless they
		// turned it on, version 1's columns).
		version: [1, 2, 3, 4, 5],
		defaultVersion: 5,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Manage assets, spaces, facilities, consignments and printers of the Asset Tracking Service',
		defaults: { name: 'Asset Tracking' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'assetTrackingOAuth2Api', required: true }],
		properties: buildProperties(),
	};

	methods = {
		listSearch: listSearchOf(PICKERS),
		// The multi-pickers: Asset → Get Many → Filters → In Space Names or IDs.
		loadOptions: loadOptionsOf([spacePicker]),
	};

	// No execute(): routed operations (one item, one answer) are run by n8n's RoutingNode from
	// their generated routing; the rest (lists, batch creates, computed outputs) are these.
	customOperations = customOperations();
}
