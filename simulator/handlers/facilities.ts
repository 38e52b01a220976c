// Facilities of a workspace, one Facility, and the Asset Groups in a Facility.
import { facilityParam, workspaceParam } from '../lookup';
import { listKey } from '../paging';
import type { Handler } from '../state';
import { assetGroupView, facilityView } from '../views';

export const listFacilities: Handler = ({ state, operation, params, query }) => {
	const ws = workspaceParam(state, params.workspaceId, 403);
	const all = [...state.store.facilities.values()].filter((f) => f.workspaceId === ws.id);
	const page = state.paging.page(all, listKey(operation, { workspaceId: ws.id }), query);
	return { status: 200, body: { ...page, items: page.items.map(facilityView) } };
};

export const getFacility: Handler = ({ state, params }) => {
	return { status: 200, body: facilityView(facilityParam(state, params.facilityId, 404)) };
};

/** No 404 is documented here, so an unknown facility is a 403 (nothing the token may see). */
export const listAssetGroups: Handler = ({ state, operation, params, query }) => {
	const facility = facilityParam(state, params.facilityId, 403);
	const groups = [...state.store.assetGroups.values()].filter((g) => g.facilityId === facility.id);
	const page = state.paging.page(groups, listKey(operation, { facilityId: facility.id }), query);
	return {
		status: 200,
		body: { ...page, items: page.items.map((g) => assetGroupView(state.store, g)) },
	};
};
