import { defineOperation } from '../types';
import { assetIdParam, oneAssetFields } from './common';

export const deleteAsset = defineOperation({
	operation: 'delete',
	name: 'Delete',
	action: 'Delete an asset',
	description: 'Delete an asset; outputs the deleted asset ID',
	method: 'DELETE',
	path: '/assets/{assetId}',
	response: 'none',
	fields: oneAssetFields(),
	build: (p) => ({ pathParams: assetIdParam(p) }),
});
