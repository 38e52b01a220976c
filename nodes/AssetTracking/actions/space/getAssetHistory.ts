import * as api from '../../api';
import { defineOperation } from '../types';
import { oneSpaceFields, spaceIdParam } from './common';

export const getAssetHistory = defineOperation({
	operation: 'getAssetHistory',
	name: 'Get Asset History',
	action: 'Get the asset history of a space',
	description:
		'List the stays of assets in the space given by space ID: when each asset entered and exited; outputs one item per stay. Return All reads every page, otherwise Limit caps the count',
	endpoint: api.getSpaceAssetHistory,
	list: true,
	fields: oneSpaceFields(),
	build: (p) => ({ pathParams: spaceIdParam(p) }),
});
