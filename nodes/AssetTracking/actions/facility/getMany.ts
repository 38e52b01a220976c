import { workspaceLocator } from '../fields';
import { defineOperation } from '../types';
import { workspaceIdParam } from '../params';

export const getMany = defineOperation({
	operation: 'getMany',
	name: 'Get Many',
	action: 'Get many facilities',
	description: 'List the facilities of a workspace',
	method: 'GET',
	path: '/workspaces/{workspaceId}/facilities',
	list: true,
	fields: [workspaceLocator()],
	build: (p) => ({
		pathParams: workspaceIdParam(p),
	}),
});
