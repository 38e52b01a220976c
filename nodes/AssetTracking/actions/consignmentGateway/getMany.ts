import * as api from '../../api';
import { consignmentIdParam, oneConsignmentFields } from '../consignmentFields';
import { defineOperation } from '../types';

export const getMany = defineOperation({
	operation: 'getMany',
	name: 'Get Many',
	action: 'Get many gateways of a consignment',
	description:
		'List the gateways travelling with the consignment given by consignment ID; outputs one item per gateway. Return All reads every page, otherwise Limit caps the count',
	endpoint: api.listConsignmentGateways,
	list: true,
	fields: oneConsignmentFields(),
	build: (p) => ({ pathParams: consignmentIdParam(p) }),
});
