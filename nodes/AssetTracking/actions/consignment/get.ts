import * as api from '../../api';
import { defineOperation } from '../types';
import { consignmentIdParam, oneConsignmentFields } from '../consignmentFields';

export const get = defineOperation({
	operation: 'get',
	name: 'Get',
	action: 'Get a consignment',
	description:
		'Retrieve one consignment by its consignment ID; outputs the consignment with the first page of its pieces and gateways',
	endpoint: api.getConsignment,
	fields: oneConsignmentFields(),
	build: (p) => ({ pathParams: consignmentIdParam(p) }),
});
