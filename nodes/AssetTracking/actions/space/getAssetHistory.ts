import * as api from '../../api';
import { defineOperation } from '../types';
import { oneSpaceFields, spaceIdParam } from './common';

export const getAssetHistory = defineOperation({
	operation: 'getAssetHistory',
	name: 'Get Asset History',
	action: 'Get the asset history of a space',
	description: 'Get the assets that entered and left a space',
	endpoint: api.getSpaceAssetHistory,
	list: true,
	fields: oneSpaceFields(),
	build: (p) => ({ pathParams: spaceIdParam(p) }),
});
