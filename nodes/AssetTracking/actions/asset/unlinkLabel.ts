import * as api from '../../api';
import { rules } from '../../helpers/validation';
import { defineOperation } from '../types';
import { assetIdParam, oneAssetFields } from './common';

export const unlinkLabel = defineOperation({
	operation: 'unlinkLabel',
	name: 'Unlink Label',
	action: 'Unlink a label from an asset',
	description: 'Unlink a label from an asset by its BLE ID',
	endpoint: api.unlinkAssetLabel,
	fields: [
		...oneAssetFields(),
		{
			displayName: 'BLE ID',
			name: 'bleId',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 2147483647, numberPrecision: 0 },
			default: 0,
			required: true,
			placeholder: 'e.g. 123',
			description:
				"BLE identifier of the asset's label (label.bleId of the asset), from 0 to 2147483647",
		},
	],
	build: (p) => ({
		pathParams: {
			...assetIdParam(p),
			bleId: p.required<number>('bleId', rules.integer(0, 2147483647)),
		},
	}),
});
