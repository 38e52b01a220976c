import * as api from '../../api';
import { defineOperation } from '../types';
import { oneSpaceFields, spaceIdParam } from './common';

export const deleteSpace = defineOperation({
	operation: 'delete',
	name: 'Delete',
	action: 'Delete a space',
	description: 'Delete the space given by space ID; outputs one item with the deleted space ID',
	endpoint: api.deleteSpace,
	fields: oneSpaceFields(),
	build: (p) => ({ pathParams: spaceIdParam(p) }),
});
