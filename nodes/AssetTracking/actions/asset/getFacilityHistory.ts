import * as api from '../../api';
import { defineOperation } from '../types';
import { assetIdParam, oneAssetFields } from './common';

export const getFacilityHistory = defineOperation({
	operation: 'getFacilityHistory',
	name: 'Get Facility History',
	action: 'Get the facility history of an asset',
	description: 'Get the facilities an asset entered and left',
	endpoint: api.getAssetFacilityHistory,
	list: true,
	fields: oneAssetFields(),
	build: (p) => ({ pathParams: assetIdParam(p) }),
});
