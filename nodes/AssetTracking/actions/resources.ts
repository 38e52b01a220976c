import { asset } from './asset';
import { assetGroup } from './assetGroup';
import { consignment } from './consignment';
import { consignmentGateway } from './consignmentGateway';
import { facility } from './facility';
import { piece } from './piece';
import { printer } from './printer';
import { report } from './report';
import { space } from './space';
import type { ResourceDefinition } from './types';
import { workspace } from './workspace';

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
	report,
];
