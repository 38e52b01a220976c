import * as api from '../../api';
import { defineOperation } from '../types';

export const getMany = defineOperation({
	operation: 'getMany',
	name: 'Get Many',
	action: 'Get many workspaces',
	description:
		'List the workspaces the credential can access (needs no ID); outputs one item per workspace. Return All reads every page, otherwise Limit caps the count',
	endpoint: api.listWorkspaces,
	list: true,
});
