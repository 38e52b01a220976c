import { rules } from '../../helpers/validation';
import { printerLocator, workspaceLocator } from '../fields';
import { defineOperation } from '../types';
import { workspacePrinterParams } from './common';

export const update = defineOperation({
	resource: 'printer',
	operation: 'update',
	name: 'Update',
	action: 'Update a printer',
	description: 'Rename a printer',
	method: 'PUT',
	path: '/workspaces/{workspaceId}/printers/{printerId}',
	fields: [
		workspaceLocator(),
		printerLocator(),
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			required: true,
			description:
				'New name of the printer: up to 500 letters, digits, spaces and the characters ! @ # $ & ( ) - . + , / and the double quote.',
		},
	],
	build: (p) => ({ pathParams: workspacePrinterParams(p), body: { name: p.required('name', rules.name()) } }),
});
