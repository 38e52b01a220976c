import * as api from '../../api';
import { defineOperation } from '../types';
import { assetIdParam, oneAssetFields } from './common';

export const getSpaceHistory = defineOperation({
	operation: 'getSpaceHistory',
	name: 'Get Space History',
	action: 'Get the space history of an asset',
	description:
		'List the spaces the asset given by asset ID entered and exited; outputs one item per stay with its entry and exit times. Return All reads every page, otherwise Limit caps the count',
	endpoint: api.getAssetSpaceHistory,
	list: true,
	fields: oneAssetFields(),
	build: (p) => ({ pathParams: assetIdParam(p) }),
});
