// GET /workspaces and GET /workspaces/{workspaceId}.
import { workspaceParam } from '../lookup';
import { listKey } from '../paging';
import type { Handler } from '../state';
import { workspaceView } from '../views';

export const listWorkspaces: Handler = ({ state, operation, query }) => {
	const { store } = state;
	const visible = store.workspaceOrder
		.map((id) => store.workspaces.get(id)!)
		.filter((w) => w.accessible);
	const page = state.paging.page(visible, listKey(operation, {}), query);
	return { status: 200, body: { ...page, items: page.items.map(workspaceView) } };
};

/** The OpenAPI answers with the Workspaces list shape ({items:[workspace]}), and so does the simulator. */
export const getWorkspace: Handler = ({ state, params }) => {
	const ws = workspaceParam(state, params.workspaceId, 404);
	return { status: 200, body: { items: [workspaceView(ws)] } };
};
