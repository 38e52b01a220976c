import type { IDataObject } from 'n8n-workflow';

import { rules } from '../../helpers/validation';
import { defineOperation } from '../types';
import { assetIdParam, oneAssetFields } from './common';

export const linkLabel = defineOperation({
	resource: 'asset',
	operation: 'linkLabel',
	name: 'Link Label',
	action: 'Link a label to an asset',
	description: 'Link a label, named by its NFC ID, to an asset',
	method: 'POST',
	path: '/assets/{assetId}/labels',
	fields: [
		...oneAssetFields(),
		{
			displayName: 'NFC ID',
			name: 'nfcId',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. 0000007B',
			description: 'NFC identifier of the label: up to 20 letters or digits',
		},
		{
			displayName: 'Replace Existing Label',
			name: 'replaceExistingLabel',
			type: 'boolean',
			default: false,
			description: 'Whether to replace the label the asset is already linked to, if any',
		},
	],
	build: (p) => {
		const body: IDataObject = {
			nfcId: p.required('nfcId', rules.alphanumeric(20)),
		};
		if (p.optional<boolean>('replaceExistingLabel') === true) body.replaceExistingLabel = true;
		return { pathParams: assetIdParam(p), body };
	},
});
