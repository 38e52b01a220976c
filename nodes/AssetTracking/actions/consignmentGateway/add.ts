import type { IDataObject } from 'n8n-workflow';

import { consignmentIdParam, oneConsignmentFields } from '../consignment/common';
import { consignmentGatewayFields, readConsignmentGateway } from '../gatewayFields';
import { defineOperation } from '../types';

export const add = defineOperation({
	resource: 'consignmentGateway',
	operation: 'add',
	name: 'Add',
	action: 'Add a gateway to a consignment',
	description:
		'Add a gateway (a receiver travelling with the consignment); outputs the added gateway',
	method: 'POST',
	path: '/consignments/{consignmentId}/gateways',
	fields: [...oneConsignmentFields(), ...consignmentGatewayFields()],
	// The body is an array of at most one gateway.
	build: (p) => ({
		pathParams: consignmentIdParam(p),
		body: [readConsignmentGateway(p)],
	}),
	output: (body) => (body.items as IDataObject[] | undefined)?.[0] ?? body,
});
