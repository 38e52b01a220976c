import { rules } from '../../helpers/validation';
import { consignmentLocator } from '../fields';
import { defineOperation } from '../types';

export const remove = defineOperation({
	resource: 'consignmentGateway',
	operation: 'remove',
	name: 'Remove',
	action: 'Remove a gateway from a consignment',
	description: 'Remove a gateway from a consignment',
	method: 'DELETE',
	path: '/consignments/{consignmentId}/gateways/{gatewayId}',
	fields: [
		consignmentLocator(),
		{
			displayName: 'Gateway ID',
			name: 'gatewayId',
			type: 'string',
			default: '',
			required: true,
			description: 'Combination of manufacturer and device ID: up to 100 letters, digits, hyphens or underscores',
		},
	],
	build: (p) => ({
		pathParams: {
			consignmentId: p.required('consignmentId', rules.uuid()),
			gatewayId: p.required('gatewayId', rules.id(100)),
		},
	}),
});
