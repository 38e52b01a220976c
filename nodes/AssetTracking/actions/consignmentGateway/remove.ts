import * as api from '../../api';
import { rules } from '../../helpers/validation';
import { consignmentIdParam, oneConsignmentFields } from '../consignmentFields';
import { defineOperation } from '../types';

export const remove = defineOperation({
	operation: 'remove',
	name: 'Remove',
	action: 'Remove a gateway from a consignment',
	description: 'Remove a gateway from a consignment',
	endpoint: api.removeConsignmentGateway,
	fields: [
		...oneConsignmentFields(),
		{
			displayName: 'Gateway ID',
			name: 'gatewayId',
			type: 'string',
			default: '',
			required: true,
			description:
				'Combination of manufacturer and device ID: up to 100 letters, digits, hyphens or underscores',
		},
	],
	build: (p) => ({
		pathParams: {
			...consignmentIdParam(p),
			gatewayId: p.required('gatewayId', rules.id(100)),
		},
	}),
});
