import * as api from '../../api';
import { consignmentIdParam, oneConsignmentFields } from '../consignmentFields';
import { consignmentGatewayFields, readConsignmentGateway } from '../gatewayFields';
import { defineOperation } from '../types';

export const add = defineOperation({
	operation: 'add',
	name: 'Add',
	action: 'Add a gateway to a consignment',
	description: 'Add a gateway that travels with a consignment',
	endpoint: api.addConsignmentGateways,
	// The answer lists the added gateway ({ items: [gateway] }); the node outputs the one.
	response: 'objectInPage',
	fields: [...oneConsignmentFields(), ...consignmentGatewayFields()],
	// The body is an array of at most one gateway.
	build: (p) => ({
		pathParams: consignmentIdParam(p),
		body: [readConsignmentGateway(p)],
	}),
});
