import * as api from '../../api';
import { defineOperation } from '../types';
import { consignmentIdParam, oneConsignmentFields } from '../consignmentFields';

export const get = defineOperation({
	operation: 'get',
	name: 'Get',
	action: 'Get a consignment',
	description: 'Get a consignment with its pieces and gateways',
	endpoint: api.getConsignment,
	fields: oneConsignmentFields(),
	build: (p) => ({ pathParams: consignmentIdParam(p) }),
});
