// Pieces and Gateways of a Consignment.
import { badRequest, notFound } from '../errors';
import { array, object, onlyKeys, requireBody, str } from '../input';
import { consignmentParam } from '../lookup';
import type { Handler, SimState } from '../state';
import type { ConsignmentRec, GatewayRec, PieceRec } from '../store/model';
import { gatewayView, gatewaysListKey, pieceView, piecesListKey } from '../views';
import { parseConsignmentGatewayInput } from './gateway-input';

export interface PieceDraft {
	trackingRef?: string;
	nfcId: string;
}

/** ConsignmentPiecesInput: up to 100 pieces, each with a label nfcId not linked elsewhere. */
export function parsePieces(state: SimState, raw: unknown, field: string): PieceDraft[] {
	const seen = new Set<string>();
	return array(raw, field, 100).map((item, i) => {
		const f = `${field}.${i}`;
		const e = object(item, f);
		onlyKeys(e, ['trackingRef', 'label'], f);
		const trackingRef = str(e, 'trackingRef', `${f}.trackingRef`, { max: 500 });
		if (e.label === undefined) throw badRequest(`${f}.label is required`);
		const label = object(e.label, `${f}.label`);
		onlyKeys(label, ['nfcId'], `${f}.label`);
		const nfcId = str(label, 'nfcId', `${f}.label.nfcId`, {
			required: true,
			max: 20,
			charset: 'ALNUM',
		});
		if (seen.has(nfcId) || state.store.nfcOwners.has(nfcId))
			throw badRequest(`${f}.label.nfcId ${nfcId} is already linked to another item`, 'LabelInUse');
		seen.add(nfcId);
		return { trackingRef, nfcId };
	});
}

export function addPieces(state: SimState, c: ConsignmentRec, drafts: PieceDraft[]): PieceRec[] {
	const now = state.clock.now();
	return drafts.map((d) => {
		const id = state.ids.alnum(20);
		const piece: PieceRec = {
			id,
			trackingRef: d.trackingRef ?? `${c.trackingRef}-P${c.pieceIds.length + 1}`,
			consignmentId: c.id,
			workspaceId: c.workspaceId,
			label: {
				bleId: state.store.allocateBleId(),
				nfcId: d.nfcId,
				reportingInterval: 'default',
				addedOn: now,
			},
			createdOn: now,
			inFacilities: [],
		};
		state.store.pieces.set(id, piece);
		state.store.nfcOwners.set(d.nfcId, `piece:${id}`);
		c.pieceIds.push(id);
		return piece;
	});
}

/** ConsignmentGatewaysInput: at most one gateway per request, not already in the consignment. */
export function parseGateways(
	c: ConsignmentRec | null,
	raw: unknown,
	field: string,
	now: number,
): GatewayRec[] {
	return array(raw, field, 1).map((item, i) => {
		const g = parseConsignmentGatewayInput(item, `${field}.${i}`, now);
		if (c?.gateways.some((x) => x.gatewayId === g.gatewayId))
			throw badRequest(`${field}.${i} gateway ${g.gatewayId} is already in the Consignment`);
		return g;
	});
}

export const listPieces: Handler = ({ state, params, query }) => {
	const c = consignmentParam(state, params.consignmentId);
	const pieces = c.pieceIds.map((id) => state.store.pieces.get(id) as PieceRec);
	const page = state.paging.page(pieces, piecesListKey(c.id), query);
	return {
		status: 200,
		body: {
			total: pieces.length,
			...page,
			items: page.items.map((p) => pieceView(state.store, p)),
		},
	};
};

export const createPieces: Handler = ({ state, params, body }) => {
	const c = consignmentParam(state, params.consignmentId);
	const created = addPieces(state, c, parsePieces(state, requireBody(body), 'body'));
	return {
		status: 201,
		body: { total: created.length, items: created.map((p) => pieceView(state.store, p)) },
	};
};

export const deletePiece: Handler = ({ state, params }) => {
	const c = consignmentParam(state, params.consignmentId);
	const pieceId = params.pieceId;
	const at = c.pieceIds.indexOf(pieceId);
	if (at < 0) throw notFound(`Piece ${pieceId} not found`);
	c.pieceIds.splice(at, 1);
	const piece = state.store.pieces.get(pieceId);
	if (piece?.label) state.store.nfcOwners.delete(piece.label.nfcId);
	state.store.pieces.delete(pieceId);
	return { status: 204 };
};

export const listConsignmentGateways: Handler = ({ state, params, query }) => {
	const c = consignmentParam(state, params.consignmentId);
	const page = state.paging.page(c.gateways, gatewaysListKey(c.id), query);
	return { status: 200, body: { ...page, items: page.items.map(gatewayView) } };
};

export const addConsignmentGateways: Handler = ({ state, params, body }) => {
	const c = consignmentParam(state, params.consignmentId);
	const added = parseGateways(c, requireBody(body), 'body', state.clock.now());
	c.gateways.push(...added);
	return { status: 201, body: { items: added.map(gatewayView) } };
};

export const removeConsignmentGateway: Handler = ({ state, params }) => {
	const c = consignmentParam(state, params.consignmentId);
	const gatewayId = params.gatewayId;
	const at = c.gateways.findIndex((g) => g.gatewayId === gatewayId);
	if (at < 0) throw notFound(`Gateway ${gatewayId} not found`);
	c.gateways.splice(at, 1);
	return { status: 204 };
};
