import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { rules } from '../helpers/validation';
import { nfcIdField } from './fields';
import type { ParamReader } from './params';

/**
 * A piece to add to a consignment (an element of ConsignmentPiecesInput), defined once:
 * Piece > Create takes one per input item, Consignment > Create a list of them.
 */

/** Pieces per request (the OpenAPI's maxItems of ConsignmentPiecesInput). */
export const MAX_PIECES_PER_REQUEST = 100;

export const pieceFields: INodeProperties[] = [
	nfcIdField("NFC identifier of the piece's label"),
	{
		displayName: 'Tracking Reference',
		name: 'trackingRef',
		type: 'string',
		default: '',
		placeholder: 'e.g. CONS-1001-P1',
		description: 'Reference of the piece in your own system: up to 500 characters',
	},
];

/**
 * Builds one piece from values read elsewhere (a top-level field or an entry of a list);
 * `label` names a field as the user sees it, for errors.
 */
export function pieceElement(
	p: ParamReader,
	values: { nfcId?: unknown; trackingRef?: unknown },
	label: (name: 'nfcId' | 'trackingRef') => string,
): IDataObject {
	const nfcId = typeof values.nfcId === 'string' ? values.nfcId.trim() : values.nfcId;
	const trackingRef =
		typeof values.trackingRef === 'string' ? values.trackingRef.trim() : values.trackingRef;
	const piece: IDataObject = {};
	if (trackingRef !== undefined && trackingRef !== '')
		piece.trackingRef = p.check(label('trackingRef'), trackingRef, rules.text(500));
	piece.label = {
		nfcId: p.check(label('nfcId'), nfcId, rules.alphanumeric(20)),
	};
	return piece;
}
