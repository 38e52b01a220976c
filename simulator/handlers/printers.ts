// Printers of a workspace and the workspace's print templates.
import { object, onlyKeys, requireBody, str } from '../input';
import { printerParam, workspaceParam } from '../lookup';
import { listKey } from '../paging';
import type { Handler } from '../state';
import { printerView, templateView } from '../views';

export const listPrinters: Handler = ({ state, operation, params, query }) => {
	const ws = workspaceParam(state, params.workspaceId, 403);
	const all = [...state.store.printers.values()].filter((p) => p.workspaceId === ws.id);
	const page = state.paging.page(all, listKey(operation, { workspaceId: ws.id }), query);
	return { status: 200, body: { ...page, items: page.items.map(printerView) } };
};

export const getPrinter: Handler = ({ state, params }) => {
	const ws = workspaceParam(state, params.workspaceId, 403);
	return { status: 200, body: printerView(printerParam(state, params.printerId, ws.id)) };
};

export const updatePrinter: Handler = ({ state, params, body }) => {
	const ws = workspaceParam(state, params.workspaceId, 403);
	const printer = printerParam(state, params.printerId, ws.id);
	const input = object(requireBody(body), 'body');
	onlyKeys(input, ['name'], 'body');
	printer.name = str(input, 'name', 'name', { required: true, max: 500, charset: 'NAME' });
	return { status: 200, body: printerView(printer) };
};

/** Removing a Printer also makes its print jobs unreachable (404), as they are looked up through it. */
export const deletePrinter: Handler = ({ state, params }) => {
	const ws = workspaceParam(state, params.workspaceId, 403);
	const printer = printerParam(state, params.printerId, ws.id);
	state.store.printers.delete(printer.printerId);
	return { status: 204 };
};

/** Not paged in the OpenAPI (no limit/nextToken, no nextToken in the response): all templates at once. */
export const listPrintTemplates: Handler = ({ state, params }) => {
	const ws = workspaceParam(state, params.workspaceId, 403);
	const all = [...state.store.printTemplates.values()].filter((t) => t.workspaceId === ws.id);
	return { status: 200, body: { items: all.map(templateView) } };
};
