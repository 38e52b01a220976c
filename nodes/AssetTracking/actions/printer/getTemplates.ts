import type { IDataObject } from 'n8n-workflow';

import { rules } from '../../helpers/validation';
import { workspaceLocator } from '../fields';
import { defineOperation } from '../types';

export const getTemplates = defineOperation({
	operation: 'getTemplates',
	name: 'Get Print Templates',
	action: 'Get the print templates of a workspace',
	description:
		'List the print templates of a workspace, with the parameters each requires; one item per template',
	method: 'GET',
	path: '/workspaces/{workspaceId}/print-templates',
	fields: [workspaceLocator()],
	build: (p) => ({
		pathParams: { workspaceId: p.required('workspaceId', rules.uuid()) },
	}),
	// Not a paged list: the one response holds every template.
	output: (body) => (body.items as IDataObject[] | undefined) ?? [],
});
