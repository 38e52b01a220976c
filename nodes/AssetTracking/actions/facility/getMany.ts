import { rules } from '../../helpers/validation';
import { workspaceLocator } from '../fields';
import { defineOperation } from '../types';

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
		pathParams: { workspaceId: p.required('workspaceId', rules.uuid()) },
	}),
});
