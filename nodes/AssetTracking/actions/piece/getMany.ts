import * as api from '../../api';
import { consignmentIdParam, oneConsignmentFields } from '../consignmentFields';
import { defineOperation } from '../types';

export const getMany = defineOperation({
	operation: 'getMany',
	name: 'Get Many',
	action: 'Get many pieces',
	description: 'Get many pieces of a consignment',
	endpoint: api.listConsignmentPieces,
	list: true,
	fields: oneConsignmentFields(),
	build: (p) => ({ pathParams: consignmentIdParam(p) }),
});
