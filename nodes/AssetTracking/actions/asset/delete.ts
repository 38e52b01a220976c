import * as api from '../../api';
import { defineOperation } from '../types';
import { assetIdParam, oneAssetFields } from './common';

export const deleteAsset = defineOperation({
	operation: 'delete',
	name: 'Delete',
	action: 'Delete an asset',
	description: 'Delete an asset',
	endpoint: api.deleteAsset,
	fields: oneAssetFields(),
	build: (p) => ({ pathParams: assetIdParam(p) }),
});
