import { asset } from './asset';
import { assetGroup } from './assetGroup';
import { consignment } from './consignment';
import { consignmentGateway } from './consignmentGateway';
import { facility } from './facility';
import { piece } from './piece';
import { printer } from './printer';
import { space } from './space';
import type { OperationDefinition } from './types';
import { workspace } from './workspace';

export interface ResourceDefinition {
	name: string;
	value: string;
	defaultOperation: string;
	operations: OperationDefinition[];
}

/** Every resource of the service; each lists its operations in its own folder. */
export const resources: ResourceDefinition[] = [
	workspace,
	asset,
	space,
	facility,
	assetGroup,
	printer,
	consignment,
	piece,
	consignmentGateway,
];
