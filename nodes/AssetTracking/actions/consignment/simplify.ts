import type { IDataObject } from 'n8n-workflow';

import * as api from '../../api';
import { asObject, currentStay, itemsOf, simplifyFields, wantsSimplified } from '../simplify';
import type { ListReader } from '../types';
import type { ParamReader } from '../params';

/** The Simplify toggle of Get and Get Many consignments (off at node version 1, on from version 2). */
export const simplifyField = simplifyFields(
	"Whether to return a flat version of each consignment (tracking reference, whether it is active, destination, how many pieces have arrived there, each piece's current facility, gateway IDs) instead of the raw data. The raw data holds the first page of pieces and gateways only; Simplify reads them all, one more request for a consignment with more.",
);

/**
 * With Simplify on, a consignment's pieces and gateways, every page: the service embeds the
 * first page only (10 pieces), and the arrived count must cover every piece. A list without a
 * nextToken is whole already and costs no request.
 */
export async function completeConsignment(
	consignment: IDataObject,
	p: ParamReader,
	read: ListReader,
): Promise<IDataObject> {
	if (!wantsSimplified(p) || typeof consignment.id !== 'string') return consignment;
	const whole = async (key: 'pieces' | 'gateways', endpoint: api.Endpoint) => {
		const list = asObject(consignment[key]);
		if (typeof list?.nextToken !== 'string' || list.nextToken === '') return consignment[key];
		const items = await read(endpoint, { consignmentId: consignment.id as string });
		return { ...list, items, nextToken: undefined };
	};
	return {
		...consignment,
		pieces: await whole('pieces', api.listConsignmentPieces),
		gateways: await whole('gateways', api.listConsignmentGateways),
	};
}

/**
 * The flat form of one consignment. A piece has arrived when it has entered the destination
 * facility (whether or not it has left since); with no destination facility that cannot be told,
 * and piecesArrived is null. A piece's current facility is the one it has entered and not left.
 * Fields the service did not send are null, so every row has every column. The pieces are all
 * of them when completeConsignment has run.
 */
export function simplifyConsignment(consignment: IDataObject): IDataObject {
	const destination = asObject(consignment.destination);
	const facility = asObject(destination?.facility);
	const pieces = itemsOf(consignment.pieces);
	const arrived = (piece: IDataObject) =>
		Array.isArray(piece.inFacilities) &&
		piece.inFacilities.some((stay) => asObject(stay)?.facilityId === facility?.id);
	return {
		trackingRef: consignment.trackingRef ?? null,
		isActive: consignment.isActive ?? null,
		destinationName: destination?.name ?? null,
		destinationFacilityId: facility?.id ?? null,
		destinationFacilityName: facility?.name ?? null,
		pieceCount: pieces.length,
		piecesArrived: facility?.id === undefined ? null : pieces.filter(arrived).length,
		pieces: pieces.map((piece) => {
			const here = currentStay(piece.inFacilities);
			return {
				id: piece.id ?? null,
				trackingRef: piece.trackingRef ?? null,
				currentFacilityId: here?.facilityId ?? null,
				currentFacilityName: here?.facilityName ?? null,
			};
		}),
		gatewayIds: itemsOf(consignment.gateways).map((gateway) => gateway.gatewayId ?? null),
		id: consignment.id ?? null,
	};
}
