// Space operations, including linking a Gateway to a Space.
import { badRequest, notFound } from '../errors';
import { array, checkString, object, onlyKeys, requireBody, str } from '../input';
import { spaceParam, workspaceParam } from '../lookup';
import { listKey, parseLimit } from '../paging';
import type { Handler, SimState } from '../state';
import type { GatewayRec, MembershipRec, SpaceRec } from '../store/model';
import { gatewayView, membershipView, spaceView } from '../views';
import { applyGatewayUpdate, parseSpaceGatewayInput } from './gateway-input';

export const listSpaces: Handler = ({ state, operation, params, query }) => {
	const ws = workspaceParam(state, params.workspaceId, 403);
	const limit = parseLimit(query.limit);
	const term =
		query.searchTerm !== undefined
			? checkString(query.searchTerm, 'searchTerm', { max: 500 }).toLowerCase()
			: undefined;
	const list = listKey(operation, { workspaceId: ws.id, searchTerm: term });
	const offset = state.paging.readOffset(query.nextToken, list);
	const all = [...state.store.spaces.values()].filter(
		(s) => s.workspaceId === ws.id && (!term || s.name.toLowerCase().includes(term)),
	);
	const items = all.slice(offset, offset + limit);
	const body: Record<string, unknown> = {
		total: all.length,
		items: items.map((s) => spaceView(state.store, s)),
	};
	if (offset + items.length < all.length)
		body.nextToken = state.paging.offsetToken(list, offset + items.length);
	return { status: 200, body };
};

function gatewayOwner(state: SimState, gatewayId: string): SpaceRec | undefined {
	for (const s of state.store.spaces.values()) if (s.gateway?.gatewayId === gatewayId) return s;
	return undefined;
}

/** The spec says every Space has a facilityId; the create body has none, so new Spaces go to the workspace's first Facility. */
export const createSpaces: Handler = ({ state, params, body }) => {
	const ws = workspaceParam(state, params.workspaceId, 403);
	const input = object(requireBody(body), 'body');
	onlyKeys(input, ['spaces'], 'body');
	if (input.spaces === undefined) throw badRequest('spaces is required');
	const facility = [...state.store.facilities.values()].find((f) => f.workspaceId === ws.id);
	if (!facility) throw badRequest('The Workspace has no Facility to hold new Spaces');
	const now = state.clock.now();
	const claimed = new Set<string>();
	const drafts = array(input.spaces, 'spaces', 1000).map((raw, i) => {
		const field = `spaces.${i}`;
		const e = object(raw, field);
		// Two accepted shapes: {name, gateway: SpaceGatewayInput} and the deprecated {name, gatewayId}.
		onlyKeys(e, e.gatewayId !== undefined ? ['name', 'gatewayId'] : ['name', 'gateway'], field);
		const name = str(e, 'name', `${field}.name`, { required: true, max: 500, charset: 'NAME' });
		let gateway: GatewayRec | null = null;
		if (e.gatewayId !== undefined) {
			gateway = parseSpaceGatewayInput({ gatewayId: e.gatewayId }, field, now).gateway;
		} else if (e.gateway !== undefined) {
			gateway = parseSpaceGatewayInput(e.gateway, `${field}.gateway`, now).gateway;
		}
		if (gateway) {
			if (claimed.has(gateway.gatewayId) || gatewayOwner(state, gateway.gatewayId)) {
				throw badRequest(
					`${field} gateway ${gateway.gatewayId} is already linked to a Space`,
					'GatewayInUse',
				);
			}
			claimed.add(gateway.gatewayId);
		}
		return { name, gateway };
	});
	const created = drafts.map((d) => {
		const s: SpaceRec = {
			id: state.ids.alnum(20),
			name: d.name,
			workspaceId: ws.id,
			facilityId: facility.id,
			createdOn: now,
			gateway: d.gateway,
		};
		state.store.spaces.set(s.id, s);
		return s;
	});
	return { status: 201, body: { items: created.map((s) => spaceView(state.store, s)) } };
};

export const getSpace: Handler = ({ state, params }) => ({
	status: 200,
	body: spaceView(state.store, spaceParam(state, params.spaceId)),
});

export const updateSpace: Handler = ({ state, params, body }) => {
	const space = spaceParam(state, params.spaceId);
	const input = object(requireBody(body), 'body');
	onlyKeys(input, ['name'], 'body');
	space.name = str(input, 'name', 'name', { required: true, max: 500, charset: 'NAME' });
	return { status: 200, body: spaceView(state.store, space) };
};

/** Deleting a Space ends the current stays in it; the history keeps the Space's last name. */
export const deleteSpace: Handler = ({ state, params }) => {
	const space = spaceParam(state, params.spaceId);
	const now = state.clock.now();
	for (const rec of state.store.records(space.workspaceId)) {
		for (const m of rec.memberships) {
			if (m.spaceId !== space.id) continue;
			m.spaceName = space.name;
			if (m.exitedOn === null) m.exitedOn = now;
		}
	}
	state.store.spaces.delete(space.id);
	return { status: 204 };
};

/** The OpenAPI answers with AssetInSpaces: the stays in this Space, newest entry first. */
export const spaceAssets: Handler = ({ state, operation, params, query }) => {
	const space = spaceParam(state, params.spaceId);
	const stays: MembershipRec[] = [];
	for (const rec of state.store.records(space.workspaceId))
		for (const m of rec.memberships) if (m.spaceId === space.id) stays.push(m);
	stays.sort((a, b) => b.enteredOn - a.enteredOn);
	const page = state.paging.page(stays, listKey(operation, { spaceId: space.id }), query);
	return {
		status: 200,
		body: { ...page, items: page.items.map((m) => membershipView(m, state.store)) },
	};
};

export const linkSpaceGateway: Handler = ({ state, params, body }) => {
	const space = spaceParam(state, params.spaceId);
	const { gateway, replaceExisting } = parseSpaceGatewayInput(
		requireBody(body),
		'body',
		state.clock.now(),
	);
	const owner = gatewayOwner(state, gateway.gatewayId);
	if (owner && owner.id !== space.id)
		throw badRequest(
			`Gateway ${gateway.gatewayId} is already linked to another Space`,
			'GatewayInUse',
		);
	if (space.gateway && space.gateway.gatewayId !== gateway.gatewayId && !replaceExisting) {
		throw badRequest(
			'The Space already has a Gateway. Send replaceExistingGateway true to replace it',
			'GatewayAlreadyLinked',
		);
	}
	space.gateway = gateway;
	return { status: 200, body: spaceView(state.store, space) };
};

function spaceGateway(
	state: SimState,
	spaceId: string,
	gatewayId: string,
): { space: SpaceRec; gateway: GatewayRec } {
	const space = spaceParam(state, spaceId);
	if (!space.gateway || space.gateway.gatewayId !== gatewayId)
		throw notFound(`Gateway ${gatewayId} not found in Space ${space.id}`);
	return { space, gateway: space.gateway };
}

export const updateSpaceGateway: Handler = ({ state, params, body }) => {
	const { gateway } = spaceGateway(state, params.spaceId, params.gatewayId);
	applyGatewayUpdate(gateway, requireBody(body));
	return { status: 200, body: gatewayView(gateway) };
};

export const unlinkSpaceGateway: Handler = ({ state, params }) => {
	const { space } = spaceGateway(state, params.spaceId, params.gatewayId);
	space.gateway = null;
	return { status: 200, body: spaceView(state.store, space) };
};
