import { asset } from './asset';
import { consignmentGateway } from './consignmentGateway';
import type { OperationDefinition } from './types';
import { workspace } from './workspace';

export interface ResourceDefinition {
	name: string;
	value: string;
	defaultOperation: string;
	operations: OperationDefinition[];
}

/** Every resource of the service; each lists its operations in its own folder. */
export const resources: ResourceDefinition[] = [workspace, asset, consignmentGateway];
