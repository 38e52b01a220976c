import * as api from '../../api';
import { consignmentIdParam, oneConsignmentFields } from '../consignmentFields';
import { defineOperation } from '../types';

export const getMany = defineOperation({
	operation: 'getMany',
	name: 'Get Many',
	action: 'Get many gateways of a consignment',
	description: 'Get many gateways that travel with a consignment',
	endpoint: api.listConsignmentGateways,
	list: true,
	fields: oneConsignmentFields(),
	build: (p) => ({ pathParams: consignmentIdParam(p) }),
});
