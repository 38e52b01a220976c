import * as api from '../../api';
import { defineOperation } from '../types';
import { assetIdParam, oneAssetFields } from './common';

export const getTemperatures = defineOperation({
	operation: 'getTemperatures',
	name: 'Get Temperatures',
	action: 'Get the temperatures of an asset',
	description:
		'List the temperature readings of the asset given by asset ID, one per minute; outputs one item per reading with its degreesCelsius. Return All reads every page, otherwise Limit caps the count',
	endpoint: api.getAssetTemperatureHistory,
	list: true,
	fields: oneAssetFields(),
	build: (p) => ({ pathParams: assetIdParam(p) }),
});
