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
		expect: 'page',
		qs: { ...request.qs, limit: String(PICKER_PAGE_SIZE), nextToken: paginationToken },
	});
	let results = ((body.items as IDataObject[]) ?? []).map(toResult);
	if (filter && filterLocally) {
		const needle = filter.toLowerCase();
		results = results.filter(
			(r) => r.name.toLowerCase().includes(needle) || r.value.toLowerCase().includes(needle),
		);
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

/** What one picker lists and how it names each entry. */
interface Picker {
	/** List path; `{workspaceId}` is filled from the node's Workspace field. */
	path: string;
	/** Plural noun for the hint shown when no workspace is chosen yet. */
	what: string;
	/** Whether the service filters this list by `searchTerm`; otherwise the page is filtered here. */
	serviceSearch: boolean;
	toResult(item: IDataObject): { name: string; value: string };
}

function picker(spec: Picker) {
	return async function (
		this: ILoadOptionsFunctions,
		filter?: string,
		paginationToken?: string,
	): Promise<INodeListSearchResult> {
		const pathParams = spec.path.includes('{workspaceId}')
			? { workspaceId: currentWorkspaceId(this, spec.what) }
			: undefined;
		const qs = spec.serviceSearch ? { searchTerm: filter || undefined } : undefined;
		return await searchPage(
			this,
			{ method: 'GET', path: spec.path, pathParams, qs },
			spec.toResult,
			paginationToken,
			filter,
			!spec.serviceSearch,
		);
	};
}

export const searchWorkspaces = picker({
	path: '/workspaces',
	what: 'workspaces',
	serviceSearch: false,
	toResult: (w) => ({ name: String(w.name), value: String(w.id) }),
});

export const searchAssets = picker({
	path: '/workspaces/{workspaceId}/assets',
	what: 'assets',
	serviceSearch: true,
	toResult: (a) => ({ name: `${a.name} (${a.id})`, value: String(a.id) }),
});

export const searchSpaces = picker({
	path: '/workspaces/{workspaceId}/spaces',
	what: 'spaces',
	serviceSearch: true,
	// The spec names a space's fields spaceId/spaceName, the OpenAPI id/name: accept either.
	toResult: (s) => ({
		name: `${s.name ?? s.spaceName} (${s.id ?? s.spaceId})`,
		value: String(s.id ?? s.spaceId),
	}),
});

export const searchFacilities = picker({
	path: '/workspaces/{workspaceId}/facilities',
	what: 'facilities',
	serviceSearch: false,
	toResult: (f) => ({ name: String(f.name), value: String(f.id) }),
});

export const searchConsignments = picker({
	path: '/workspaces/{workspaceId}/consignments',
	what: 'consignments',
	serviceSearch: false,
	toResult: (c) => ({ name: String(c.trackingRef), value: String(c.id) }),
});

export const searchPrinters = picker({
	path: '/workspaces/{workspaceId}/printers',
	what: 'printers',
	serviceSearch: false,
	toResult: (p) => ({ name: `${p.name} (${p.printerId})`, value: String(p.printerId) }),
});
