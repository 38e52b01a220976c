import type { INodeProperties } from 'n8n-workflow';

import { rules } from '../../helpers/validation';
import { pickerWorkspaceLocator, spacePicker } from '../../pickers';
import type { ParamReader } from '../params';

/** The fields of an operation on one space (the endpoints with a spaceId): the picker's workspace, then the space. */
export const oneSpaceFields = (description?: string): INodeProperties[] => [
	pickerWorkspaceLocator('space'),
	spacePicker.locator(description),
];

export const spaceIdParam = (p: ParamReader) => ({
	spaceId: p.required('spaceId', rules.id(20)),
});

export const gatewayIdField: INodeProperties = {
	displayName: 'Gateway ID',
	name: 'gatewayId',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'e.g. sysLoco_e10fce301222e588e1d7482b',
	description:
		"ID of the space's gateway (gateway.gatewayId of the space): up to 100 letters, digits, hyphens or underscores",
};
