import type { IDataObject } from 'n8n-workflow';

import * as api from '../../api';
import { rules } from '../../helpers/validation';
import { workspacePicker } from '../../pickers';
import { nameField, nfcIdField } from '../fields';
import { defineOperation } from '../types';
import { workspaceIdParam } from '../params';

export const create = defineOperation({
	operation: 'create',
	name: 'Create',
	action: 'Create an asset',
	description: 'Create an asset in a workspace',
	endpoint: api.createAssets,
	fields: [
		workspacePicker.locator(),
		nameField('Name of the asset'),
		nfcIdField('NFC identifier of a label to link at creation', false),
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
				pathParams: workspaceIdParam(p),
			};
		},
	},
});
