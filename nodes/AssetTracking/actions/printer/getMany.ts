import { rules } from '../../helpers/validation';
import { workspaceLocator } from '../fields';
import { defineOperation } from '../types';

export const getMany = defineOperation({
	operation: 'getMany',
	name: 'Get Many',
	action: 'Get many printers',
	description: 'List the printers of a workspace',
	method: 'GET',
	path: '/workspaces/{workspaceId}/printers',
	list: true,
	fields: [workspaceLocator()],
	build: (p) => ({
		pathParams: { workspaceId: p.required('workspaceId', rules.uuid()) },
	}),
});
