import { defineOperation } from '../types';

export const getMany = defineOperation({
	operation: 'getMany',
	name: 'Get Many',
	action: 'Get many workspaces',
	description: 'List the workspaces the credential can access',
	method: 'GET',
	path: '/workspaces',
	list: true,
});
