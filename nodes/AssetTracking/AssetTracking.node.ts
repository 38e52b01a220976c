import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes, VersionedNodeType } from 'n8n-workflow';

import { buildProperties, customOperations } from './actions/registry';
import { ACTION_VERSIONS, LATEST_VERSION } from './actions/versions';
import { listSearchOf, loadOptionsOf, PICKERS, spacePicker } from './pickers';

// What every version serves alike.
const methods = {
	listSearch: listSearchOf(PICKERS),
	// The multi-pickers: Asset → Get Many → Filters → In Space Names or IDs.
	loadOptions: loadOptionsOf([spacePicker]),
};
const custom = customOperations();

/**
 * One version of the node, with a description of its own: what that version shows and nothing
 * of the others, so n8n's RoutingNode walks no more than that for each item (actions/versions.ts).
 * No execute(): routed operations (one item, one answer) are run by RoutingNode from their
 * generated routing; the rest (lists, batch creates, computed outputs) are the custom operations.
 *
 * Version 5: Get Temperature Summary's and Create Temperature Report's Alert Above and Below are
 * on the node, as the trigger's (actions/summaryRule.ts); earlier versions keep them in Summary
 * Options. Version 4: Get Many assets' In Space filter is chosen from the workspace's spaces, and Get
 * Temperature Summary is an audit record (a Period choice in the workflow's time zone, the
 * asset's and space's names, the rule that applied, missingMinutes over the whole period, times
 * without milliseconds); earlier versions keep theirs. Version 3: the retry, timeout and size
 * settings move from Options to Advanced (earlier versions keep them in Options, where their
 * saved workflows hold them). Version 2: Simplify is on for new nodes, and an asset's simplified
 * columns come in reading order without workspaceId; consignments have Simplify too. Workflows
 * saved with version 1 keep their output (Simplify off unless they turned it on, version 1's
 * columns).
 */
class AssetTrackingVersion implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Asset Tracking',
		name: 'assetTracking',
		icon: { light: 'file:assetTracking.svg', dark: 'file:assetTracking.dark.svg' },
		group: ['transform'],
		// Set by the constructor: the version, and the properties it shows.
		version: LATEST_VERSION,
		properties: [],
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Manage assets, spaces, facilities, consignments and printers of the Asset Tracking Service',
		defaults: { name: 'Asset Tracking' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'assetTrackingOAuth2Api', required: true }],
	};

	methods = methods;

	customOperations = custom;

	constructor(version: number) {
		this.description.version = version;
		this.description.properties = buildProperties(version);
	}
}

/** The node n8n loads: every version, a new node at the latest (ACTION_VERSIONS). */
export class AssetTracking extends VersionedNodeType {
	constructor() {
		const versions = Object.fromEntries(
			ACTION_VERSIONS.map((version) => [version, new AssetTrackingVersion(version)]),
		);
		const { displayName, name, icon, group, subtitle, description, usableAsTool } =
			versions[LATEST_VERSION].description;
		super(versions, {
			displayName,
			name,
			icon,
			group,
			subtitle,
			description,
			usableAsTool,
			defaultVersion: LATEST_VERSION,
		});
	}
}
