import * as api from '../../api';
import { defineOperation } from '../types';

export const getMany = defineOperation({
	operation: 'getMany',
	name: 'Get Many',
	action: 'Get many workspaces',
	description: 'Get many workspaces the credential can access',
	endpoint: api.listWorkspaces,
	list: true,
});
