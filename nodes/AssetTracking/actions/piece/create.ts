import * as api from '../../api';
import { consignmentIdParam, oneConsignmentFields } from '../consignmentFields';
import { MAX_PIECES_PER_REQUEST, pieceElement, pieceFields } from '../pieceFields';
import { defineOperation } from '../types';

export const create = defineOperation({
	operation: 'create',
	name: 'Create',
	action: 'Add a piece to a consignment',
	description: "Add a piece to a consignment by its label's NFC ID",
	endpoint: api.addConsignmentPieces,
	fields: [...oneConsignmentFields(), ...pieceFields],
	batch: {
		// The body is the array of pieces itself.
		max: MAX_PIECES_PER_REQUEST,
		responseKey: 'items',
		element: (p) => ({
			element: pieceElement(
				p,
				{ nfcId: p.optional('nfcId'), trackingRef: p.optional('trackingRef') },
				(name) => p.label(name),
			),
			pathParams: consignmentIdParam(p),
		}),
	},
});
