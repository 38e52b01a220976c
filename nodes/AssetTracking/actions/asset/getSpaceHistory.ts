import { defineOperation } from '../types';
import { assetIdParam, oneAssetFields } from './common';

export const getSpaceHistory = defineOperation({
	operation: 'getSpaceHistory',
	name: 'Get Space History',
	action: 'Get the space history of an asset',
	description: 'List the spaces an asset entered and exited',
	method: 'GET',
	path: '/assets/{assetId}/spaces',
	list: true,
	fields: oneAssetFields(),
	build: (p) => ({ pathParams: assetIdParam(p) }),
});
