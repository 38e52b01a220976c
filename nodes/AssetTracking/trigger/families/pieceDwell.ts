import type { IDataObject } from 'n8n-workflow';

import { consignments, piecesRead } from '../subjects/consignments';
import type { EventFamily } from './family';
import {
	decodeDwell,
	DWELL_EXCEEDED,
	dwellNeeds,
	dwellSettings,
	dwellSummary,
	encodeDwell,
	foldDwell,
	sampleDwell,
	staysIn,
	type DwellMemory,
	type DwellSettings,
	type DwellStay,
} from './dwell';
import { consignmentFields, shipmentOf, type Shipment } from './shipments';

/** The facility stays of a consignment's pieces (`inFacilities`), each named by its piece. */
function staysOf(shipment: Shipment, pieces: IDataObject[]): DwellStay[] {
	return pieces.flatMap((piece) => {
		if (typeof piece?.id !== 'string') return [];
		const about = {
			...consignmentFields(shipment),
			pieceId: piece.id,
			pieceTrackingRef: typeof piece.trackingRef === 'string' ? piece.trackingRef : null,
		};
		return staysIn(piece.inFacilities, 'facility', about, `${piece.id}|`);
	});
}

/**
 * Dwell limits of the pieces of the watched consignments (version 5): a piece's facility entry
 * (`inFacilities`) longer than Dwell Limit in a Facility emits Dwell Exceeded, as an asset's does
 * (assetDwell.ts; the rule: dwell.ts). The pieces are read while the consignment is active, and
 * after its deactivation while a stay the family knew open before its limit may still exceed it:
 * a consignment inactive when first met is read from its activation on, its stays exceeded
 * before that not news.
 */
export const pieceDwell: EventFamily<DwellMemory, DwellSettings, { pieces: IDataObject[] }> = {
	name: 'pieceDwell',
	events: [DWELL_EXCEEDED],
	settings: dwellSettings,
	needs: dwellNeeds,
	kind: consignments,
	reads: [
		{
			of: piecesRead,
			wanted: ({ subject, memory }, settings) =>
				settings.facilityMs > 0 &&
				(shipmentOf(subject.id, subject.item).active || (memory?.open.size ?? 0) > 0),
		},
	],
	fold: (input) => {
		const pieces = input.read.pieces;
		const shipment = shipmentOf(input.subject.id, input.subject.item);
		return foldDwell(pieces && staysOf(shipment, pieces), input.settings, input);
	},
	encode: encodeDwell,
	decode: decodeDwell,
	sample: (_event, { subject, settings, now, read }) => {
		const shipment = shipmentOf(subject.id, subject.item);
		const piece = (read.pieces ?? []).find((p) => typeof p?.id === 'string') ?? {};
		return sampleDwell(staysOf(shipment, read.pieces ?? []), settings, now, {
			identity: '',
			place: 'facility',
			placeId: shipment.destination?.facilityId ?? '',
			enteredOn: now,
			exited: false,
			fields: {
				...consignmentFields(shipment),
				pieceId: typeof piece.id === 'string' ? piece.id : null,
				pieceTrackingRef: typeof piece.trackingRef === 'string' ? piece.trackingRef : null,
				facilityId: shipment.destination?.facilityId ?? null,
				facilityName: shipment.destination?.facilityName ?? null,
			},
		});
	},
	// One sentence for both families' items (the poll takes one per event value).
	summary: dwellSummary,
};
