import * as api from '../../api';
import { rules } from '../../helpers/validation';
import { consignmentIdParam, oneConsignmentFields } from '../consignmentFields';
import { defineOperation } from '../types';

export const deletePiece = defineOperation({
	operation: 'delete',
	name: 'Delete',
	action: 'Remove a piece from a consignment',
	description: 'Remove a piece from a consignment',
	endpoint: api.removeConsignmentPiece,
	fields: [
		...oneConsignmentFields(),
		{
			displayName: 'Piece ID',
			name: 'pieceId',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. 00Es43YBJfNRXNSvLmni',
			description:
				'ID of the piece (as output by Get Many): up to 20 letters, digits, hyphens or underscores',
		},
	],
	build: (p) => ({
		pathParams: {
			...consignmentIdParam(p),
			pieceId: p.required('pieceId', rules.id(20)),
		},
	}),
});
