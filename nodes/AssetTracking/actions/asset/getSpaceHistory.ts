import * as api from '../../api';
import { defineOperation } from '../types';
import { assetIdParam, oneAssetFields } from './common';

export const getSpaceHistory = defineOperation({
	operation: 'getSpaceHistory',
	name: 'Get Space History',
	action: 'Get the space history of an asset',
	description: 'Get the spaces an asset entered and left',
	endpoint: api.getAssetSpaceHistory,
	list: true,
	fields: oneAssetFields(),
	build: (p) => ({ pathParams: assetIdParam(p) }),
});
