import { defineOperation } from '../types';
import { assetIdParam, oneAssetFields } from './common';

export const getTemperatures = defineOperation({
	operation: 'getTemperatures',
	name: 'Get Temperatures',
	action: 'Get the temperatures of an asset',
	description: 'List the temperature readings of an asset, one per minute',
	method: 'GET',
	path: '/assets/{assetId}/temperatures',
	list: true,
	fields: oneAssetFields(),
	build: (p) => ({ pathParams: assetIdParam(p) }),
});
