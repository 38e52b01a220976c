import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { AssetTrackingClient } from '../transport';
import type { ApiRequest } from '../transport';

/** Items per page for pickers: enough to scroll, small enough to open fast. */
const PICKER_PAGE_SIZE = 100;

/**
 * Serves one page of a picker from one page of the service: the service's nextToken becomes
 * n8n's paginationToken, so scrolling the list fetches the next page and nothing more.
 */
async function searchPage(
	ctx: ILoadOptionsFunctions,
	request: ApiRequest,
	toResult: (item: IDataObject) => { name: string; value: string },
	paginationToken?: string,
	filter?: string,
	/** Filter locally where the service has no searchTerm for this list. */
	filterLocally = false,
): Promise<INodeListSearchResult> {
	const client = new AssetTrackingClient(ctx);
	const { body } = await client.request<IDataObject>({
		...request,
		qs: { ...request.qs, limit: String(PICKER_PAGE_SIZE), nextToken: paginationToken },
	});
	let results = ((body.items as IDataObject[]) ?? []).map(toResult);
	if (filter && filterLocally) {
		const needle = filter.toLowerCase();
		results = results.filter((r) => r.name.toLowerCase().includes(needle) || r.value.toLowerCase().includes(needle));
	}
	return { results, paginationToken: (body.nextToken as string | undefined) || undefined };
}

function currentId(ctx: ILoadOptionsFunctions, name: string): string {
	const value = ctx.getCurrentNodeParameter(name, { extractValue: true }) as string | undefined;
	return typeof value === 'string' ? value.trim() : '';
}

/** The workspace a picker lists from; without one there is nothing to list, so say what to do. */
function currentWorkspaceId(ctx: ILoadOptionsFunctions, what: string): string {
	const workspaceId = currentId(ctx, 'workspaceId');
	if (!workspaceId) {
		throw new NodeOperationError(ctx.getNode(), `Select a Workspace first to list its ${what}`, {
			description: `The ${what} list shows one workspace's ${what}. Or switch this field to By ID.`,
		});
	}
	return workspaceId;
}

export async function searchWorkspaces(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchPage(
		this,
		{ method: 'GET', path: '/workspaces' },
		(w) => ({ name: String(w.name), value: String(w.id) }),
		paginationToken,
		filter,
		true,
	);
}

export async function searchAssets(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchPage(
		this,
		{
			method: 'GET',
			path: '/workspaces/{workspaceId}/assets',
			pathParams: { workspaceId: currentWorkspaceId(this, 'assets') },
			qs: { searchTerm: filter || undefined },
		},
		(a) => ({ name: `${a.name} (${a.id})`, value: String(a.id) }),
		paginationToken,
	);
}

export async function searchSpaces(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchPage(
		this,
		{
			method: 'GET',
			path: '/workspaces/{workspaceId}/spaces',
			pathParams: { workspaceId: currentWorkspaceId(this, 'spaces') },
			qs: { searchTerm: filter || undefined },
		},
		(s) => ({ name: `${s.name ?? s.spaceName} (${s.id ?? s.spaceId})`, value: String(s.id ?? s.spaceId) }),
		paginationToken,
	);
}

export async function searchFacilities(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchPage(
		this,
		{
			method: 'GET',
			path: '/workspaces/{workspaceId}/facilities',
			pathParams: { workspaceId: currentWorkspaceId(this, 'facilities') },
		},
		(f) => ({ name: String(f.name), value: String(f.id) }),
		paginationToken,
		filter,
		true,
	);
}

export async function searchConsignments(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchPage(
		this,
		{
			method: 'GET',
			path: '/workspaces/{workspaceId}/consignments',
			pathParams: { workspaceId: currentWorkspaceId(this, 'consignments') },
		},
		(c) => ({ name: String(c.trackingRef), value: String(c.id) }),
		paginationToken,
		filter,
		true,
	);
}

export async function searchPrinters(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	return await searchPage(
		this,
		{
			method: 'GET',
			path: '/workspaces/{workspaceId}/printers',
			pathParams: { workspaceId: currentWorkspaceId(this, 'printers') },
		},
		(p) => ({ name: `${p.name} (${p.printerId})`, value: String(p.printerId) }),
		paginationToken,
		filter,
		true,
	);
}
