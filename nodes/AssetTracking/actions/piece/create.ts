import * as api from '../../api';
import { consignmentIdParam, oneConsignmentFields } from '../consignmentFields';
import { MAX_PIECES_PER_REQUEST, pieceElement, pieceFields } from '../pieceFields';
import { defineOperation } from '../types';

export const create = defineOperation({
	operation: 'create',
	name: 'Create',
	action: 'Add a piece to a consignment',
	description:
		'Add a piece, named by the NFC ID of its label, to the consignment given by consignment ID; outputs the added piece with its piece ID. Input items are sent in batches of up to 100',
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
