// Consignments of a workspace: list (by trackingRef), create, update by trackingRef, get one.
import { badRequest, notFound } from '../errors';
import { array, bool, checkString, object, onlyKeys, requireBody, str } from '../input';
import { consignmentParam, workspaceParam } from '../lookup';
import { listKey } from '../paging';
import type { Handler } from '../state';
import type { ConsignmentRec } from '../store/model';
import { consignmentView } from '../views';
import { addPieces, parseGateways, parsePieces } from './consignment-items';

export const listConsignments: Handler = ({ state, operation, params, query }) => {
	const ws = workspaceParam(state, params.workspaceId, 403);
	const trackingRef =
		query.trackingRef !== undefined
			? checkString(query.trackingRef, 'trackingRef', { max: 500 })
			: undefined;
	const all = [...state.store.consignments.values()].filter(
		(c) => c.workspaceId === ws.id && (trackingRef === undefined || c.trackingRef === trackingRef),
	);
	const page = state.paging.page(
		all,
		listKey(operation, { workspaceId: ws.id, trackingRef }),
		query,
	);
	return {
		status: 200,
		body: { ...page, items: page.items.map((c) => consignmentView(state, c)) },
	};
};

/** trackingRef identifies a Consignment for PATCH, so it must be unique within the workspace. */
export const createConsignments: Handler = ({ state, params, body }) => {
	const ws = workspaceParam(state, params.workspaceId, 403);
	const input = object(requireBody(body), 'body');
	onlyKeys(input, ['consignments'], 'body');
	if (input.consignments === undefined) throw badRequest('consignments is required');
	const now = state.clock.now();
	const drafts = array(input.consignments, 'consignments', 1).map((raw, i) => {
		const field = `consignments.${i}`;
		const e = object(raw, field);
		onlyKeys(e, ['trackingRef', 'pieces', 'gateways'], field);
		const trackingRef = str(e, 'trackingRef', `${field}.trackingRef`, { required: true, max: 500 });
		if (
			[...state.store.consignments.values()].some(
				(c) => c.workspaceId === ws.id && c.trackingRef === trackingRef,
			)
		) {
			throw badRequest(
				`${field}.trackingRef is already used by another Consignment`,
				'DuplicateTrackingRef',
			);
		}
		if (e.pieces === undefined) throw badRequest(`${field}.pieces is required`);
		const pieces = parsePieces(state, e.pieces, `${field}.pieces`);
		const gateways =
			e.gateways === undefined ? [] : parseGateways(null, e.gateways, `${field}.gateways`, now);
		return { trackingRef, pieces, gateways };
	});
	const created = drafts.map((d) => {
		const c: ConsignmentRec = {
			id: state.ids.uuid(),
			trackingRef: d.trackingRef,
			workspaceId: ws.id,
			isActive: true,
			activated: { when: now },
			pieceIds: [],
			gateways: d.gateways,
		};
		state.store.consignments.set(c.id, c);
		addPieces(state, c, d.pieces);
		return c;
	});
	return { status: 201, body: { items: created.map((c) => consignmentView(state, c)) } };
};

export const patchConsignment: Handler = ({ state, params, query, body }) => {
	const ws = workspaceParam(state, params.workspaceId, 403);
	if (query.trackingRef === undefined || query.trackingRef === '')
		throw badRequest('trackingRef query parameter is required');
	const input = object(requireBody(body), 'body');
	onlyKeys(input, ['isActive'], 'body');
	const isActive = bool(input, 'isActive', 'isActive');
	const c = [...state.store.consignments.values()].find(
		(x) => x.workspaceId === ws.id && x.trackingRef === query.trackingRef,
	);
	if (!c) throw notFound('Consignment not found in Workspace');
	if (isActive !== undefined && isActive !== c.isActive) {
		const now = state.clock.now();
		c.isActive = isActive;
		if (isActive) c.activated = { when: now };
		else c.deactivated = { when: now };
	}
	return { status: 200, body: consignmentView(state, c) };
};

export const getConsignment: Handler = ({ state, params }) => ({
	status: 200,
	body: consignmentView(state, consignmentParam(state, params.consignmentId)),
});
