import type { IDataObject } from 'n8n-workflow';

import * as api from '../../api';
import { rules } from '../../helpers/validation';
import { workspacePicker } from '../../pickers';
import { nameField } from '../fields';
import { readSpaceGateway, spaceGatewayFields } from '../gatewayFields';
import { defineOperation } from '../types';
import { workspaceIdParam } from '../params';

export const create = defineOperation({
	operation: 'create',
	name: 'Create',
	action: 'Create a space',
	description: 'Create a space in a workspace, optionally with a gateway',
	endpoint: api.createSpaces,
	fields: [
		workspacePicker.locator(),
		nameField('Name of the space'),
		{
			displayName: 'Link Gateway',
			name: 'linkGateway',
			type: 'boolean',
			default: false,
			description: 'Whether to link a gateway to the new space',
		},
		...spaceGatewayFields({
			replaceExisting: false,
			show: { linkGateway: [true] },
		}),
	],
	batch: {
		bodyKey: 'spaces',
		max: 1000,
		responseKey: 'items',
		element: (p) => {
			const element: IDataObject = { name: p.required('name', rules.name()) };
			if (p.optional<boolean>('linkGateway') === true) element.gateway = readSpaceGateway(p);
			return {
				element,
				pathParams: workspaceIdParam(p),
			};
		},
	},
});
