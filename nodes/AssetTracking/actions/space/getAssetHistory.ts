import { defineOperation } from '../types';
import { oneSpaceFields, spaceIdParam } from './common';

export const getAssetHistory = defineOperation({
	operation: 'getAssetHistory',
	name: 'Get Asset History',
	action: 'Get the asset history of a space',
	description: 'List the stays of assets in a space: when each entered and exited',
	method: 'GET',
	path: '/spaces/{spaceId}/assets',
	list: true,
	fields: oneSpaceFields(),
	build: (p) => ({ pathParams: spaceIdParam(p) }),
});
