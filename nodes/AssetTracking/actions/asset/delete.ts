import * as api from '../../api';
import { defineOperation } from '../types';
import { assetIdParam, oneAssetFields } from './common';

export const deleteAsset = defineOperation({
	operation: 'delete',
	name: 'Delete',
	action: 'Delete an asset',
	description: 'Delete the asset given by asset ID; outputs one item with the deleted asset ID',
	endpoint: api.deleteAsset,
	fields: oneAssetFields(),
	build: (p) => ({ pathParams: assetIdParam(p) }),
});
