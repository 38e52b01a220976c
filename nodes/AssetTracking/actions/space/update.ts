import * as api from '../../api';
import { nameField } from '../fields';
import { rules } from '../../helpers/validation';
import { defineOperation } from '../types';
import { oneSpaceFields, spaceIdParam } from './common';

export const update = defineOperation({
	operation: 'update',
	name: 'Update',
	action: 'Update a space',
	description: 'Rename a space',
	endpoint: api.updateSpace,
	fields: [...oneSpaceFields(), nameField('New name of the space')],
	build: (p) => ({
		pathParams: spaceIdParam(p),
		body: { name: p.required('name', rules.name()) },
	}),
});
