import * as api from '../../api';
import { rules } from '../../helpers/validation';
import { nameField } from '../fields';
import { defineOperation } from '../types';
import { assetIdParam, oneAssetFields } from './common';

export const update = defineOperation({
	operation: 'update',
	name: 'Update',
	action: 'Update an asset',
	description: 'Rename an asset',
	endpoint: api.updateAsset,
	fields: [...oneAssetFields(), nameField('New name of the asset')],
	build: (p) => ({
		pathParams: assetIdParam(p),
		body: { name: p.required('name', rules.name()) },
	}),
});
