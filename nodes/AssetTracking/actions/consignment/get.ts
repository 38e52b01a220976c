import * as api from '../../api';
import { defineOperation } from '../types';
import { consignmentIdParam, oneConsignmentFields } from '../consignmentFields';
import { wantsSimplified } from '../simplify';
import { completeConsignment, simplifyConsignment, simplifyField } from './simplify';

export const get = defineOperation({
	operation: 'get',
	name: 'Get',
	action: 'Get a consignment',
	description: 'Get a consignment with its pieces and gateways',
	endpoint: api.getConsignment,
	fields: [...oneConsignmentFields(), ...simplifyField],
	build: (p) => ({ pathParams: consignmentIdParam(p) }),
	complete: completeConsignment,
	output: (body, _parts, p) => (wantsSimplified(p) ? simplifyConsignment(body) : body),
});
