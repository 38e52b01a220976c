import { rules } from '../../helpers/validation';
import { defineOperation } from '../types';
import { assetIdParam, oneAssetFields } from './common';

export const update = defineOperation({
	resource: 'asset',
	operation: 'update',
	name: 'Update',
	action: 'Update an asset',
	description: 'Rename an asset',
	method: 'PUT',
	path: '/assets/{assetId}',
	fields: [
		...oneAssetFields(),
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			required: true,
			description:
				'New name of the asset: up to 500 letters, digits, spaces and the characters ! @ # $ & ( ) - . + , / and the double quote.',
		},
	],
	build: (p) => ({ pathParams: assetIdParam(p), body: { name: p.required('name', rules.name()) } }),
});
