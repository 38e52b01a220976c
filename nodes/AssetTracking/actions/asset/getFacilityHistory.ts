import * as api from '../../api';
import { defineOperation } from '../types';
import { assetIdParam, oneAssetFields } from './common';

export const getFacilityHistory = defineOperation({
	operation: 'getFacilityHistory',
	name: 'Get Facility History',
	action: 'Get the facility history of an asset',
	description:
		'List the facilities the asset given by asset ID entered and exited; outputs one item per stay with its entry and exit times. Return All reads every page, otherwise Limit caps the count',
	endpoint: api.getAssetFacilityHistory,
	list: true,
	fields: oneAssetFields(),
	build: (p) => ({ pathParams: assetIdParam(p) }),
});
