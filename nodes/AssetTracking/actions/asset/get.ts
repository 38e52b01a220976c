import { defineOperation } from '../types';
import {
	assetIdParam,
	oneAssetFields,
	summaryLocationsField,
	summaryLocationsQuery,
} from './common';

export const get = defineOperation({
	resource: 'asset',
	operation: 'get',
	name: 'Get',
	action: 'Get an asset',
	description: 'Retrieve one asset with its label, spaces and latest readings',
	method: 'GET',
	path: '/assets/{assetId}',
	fields: [...oneAssetFields(), summaryLocationsField],
	build: (p) => ({ pathParams: assetIdParam(p), qs: summaryLocationsQuery(p) }),
});
