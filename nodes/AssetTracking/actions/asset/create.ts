import type { IDataObject } from 'n8n-workflow';

import { rules } from '../../helpers/validation';
import { workspaceLocator, nameField } from '../fields';
import { defineOperation } from '../types';

export const create = defineOperation({
	resource: 'asset',
	operation: 'create',
	name: 'Create',
	action: 'Create an asset',
	description: 'Create an asset in a workspace; input items are sent in batches of up to 1,000',
	method: 'POST',
	path: '/workspaces/{workspaceId}/assets',
	fields: [
		workspaceLocator(),
		nameField('Name of the asset'),
		{
			displayName: 'NFC ID',
			name: 'nfcId',
			type: 'string',
			default: '',
			placeholder: 'e.g. 04A224B2C35E80',
			description: 'NFC identifier of a label to link at creation: up to 20 letters or digits',
		},
	],
	batch: {
		bodyKey: 'assets',
		max: 1000,
		responseKey: 'items',
		element: (p) => {
			const element: IDataObject = { name: p.required('name', rules.name()) };
			const nfcId = p.optional('nfcId', rules.alphanumeric(20));
			if (nfcId !== undefined) element.nfcId = nfcId;
			return {
				element,
				pathParams: { workspaceId: p.required('workspaceId', rules.uuid()) },
			};
		},
	},
});
