import * as api from '../../api';
import { consignmentIdParam, oneConsignmentFields } from '../consignmentFields';
import { defineOperation } from '../types';

export const getMany = defineOperation({
	operation: 'getMany',
	name: 'Get Many',
	action: 'Get many pieces',
	description:
		'List the pieces of the consignment given by consignment ID; outputs one item per piece. Return All reads every page, otherwise Limit caps the count',
	endpoint: api.listConsignmentPieces,
	list: true,
	fields: oneConsignmentFields(),
	build: (p) => ({ pathParams: consignmentIdParam(p) }),
});
