import { workspaceLocator } from '../fields';
import { defineOperation } from '../types';
import { workspaceIdParam } from '../params';

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
		pathParams: workspaceIdParam(p),
	}),
});
