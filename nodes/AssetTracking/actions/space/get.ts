import * as api from '../../api';
import { defineOperation } from '../types';
import { oneSpaceFields, spaceIdParam } from './common';

export const get = defineOperation({
	operation: 'get',
	name: 'Get',
	action: 'Get a space',
	description: 'Get a space with its gateway',
	endpoint: api.getSpace,
	fields: oneSpaceFields(),
	build: (p) => ({ pathParams: spaceIdParam(p) }),
});
