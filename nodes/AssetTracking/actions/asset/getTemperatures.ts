import * as api from '../../api';
import { defineOperation } from '../types';
import { assetIdParam, oneAssetFields } from './common';

export const getTemperatures = defineOperation({
	operation: 'getTemperatures',
	name: 'Get Temperatures',
	action: 'Get the temperatures of an asset',
	description: 'Get the temperature readings of an asset, one a minute',
	endpoint: api.getAssetTemperatureHistory,
	list: true,
	fields: oneAssetFields(),
	build: (p) => ({ pathParams: assetIdParam(p) }),
});
