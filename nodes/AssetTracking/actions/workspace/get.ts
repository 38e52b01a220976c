import { rules } from '../../helpers/validation';
import { workspaceLocator } from '../fields';
import { defineOperation } from '../types';

export const get = defineOperation({
	operation: 'get',
	name: 'Get',
	action: 'Get a workspace',
	description: 'Retrieve one workspace',
	method: 'GET',
	path: '/workspaces/{workspaceId}',
	// The service wraps the one workspace in a list ({ items: [workspace] }); a Get outputs the object.
	response: 'objectInPage',
	fields: [workspaceLocator()],
	build: (p) => ({
		pathParams: { workspaceId: p.required('workspaceId', rules.uuid()) },
	}),
});
