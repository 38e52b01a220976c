import * as api from '../../api';
import { defineOperation } from '../types';
import { oneSpaceFields, spaceIdParam } from './common';

export const deleteSpace = defineOperation({
	operation: 'delete',
	name: 'Delete',
	action: 'Delete a space',
	description: 'Delete a space',
	endpoint: api.deleteSpace,
	fields: oneSpaceFields(),
	build: (p) => ({ pathParams: spaceIdParam(p) }),
});
