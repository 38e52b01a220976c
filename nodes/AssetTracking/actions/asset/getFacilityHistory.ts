import { defineOperation } from '../types';
import { assetIdParam, oneAssetFields } from './common';

export const getFacilityHistory = defineOperation({
	operation: 'getFacilityHistory',
	name: 'Get Facility History',
	action: 'Get the facility history of an asset',
	description: 'List the facilities an asset entered and exited',
	method: 'GET',
	path: '/assets/{assetId}/facilities',
	list: true,
	fields: oneAssetFields(),
	build: (p) => ({ pathParams: assetIdParam(p) }),
});
