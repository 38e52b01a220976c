import type { INodeType } from 'n8n-workflow';

import { AssetTracking } from '../../nodes/AssetTracking/AssetTracking.node';
import { ACTION_VERSIONS } from '../../nodes/AssetTracking/actions/versions';

/** The action node of one version, as n8n runs a node saved with it: that version's type. */
export const actionNodeAt = (version: number): INodeType =>
	new AssetTracking().getNodeType(version) as INodeType;

/** The action node of every version, oldest first. */
export const actionNodes = (): Array<[number, INodeType]> =>
	ACTION_VERSIONS.map((version) => [version, actionNodeAt(version)]);
