import type { IDataObject } from 'n8n-workflow';

import * as api from '../../api';
import { rules } from '../../helpers/validation';
import { nfcIdField } from '../fields';
import { defineOperation } from '../types';
import { assetIdParam, oneAssetFields } from './common';

export const linkLabel = defineOperation({
	operation: 'linkLabel',
	name: 'Link Label',
	action: 'Link a label to an asset',
	description: "Link a label to an asset by the label's NFC ID",
	endpoint: api.linkAssetLabel,
	fields: [
		...oneAssetFields(),
		nfcIdField('NFC identifier of the label'),
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
