import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import type { Endpoint, ItemOf, Unchecked } from '../api';
import { requestTo } from '../api';
import { AssetTrackingClient } from '../transport';

/** Items per page for pickers: enough to scroll, small enough to open fast. */
const PICKER_PAGE_SIZE = 100;

/** What a picker's From List mode lists and how it names each entry. */
export interface ListSpec<E extends Endpoint = Endpoint> {
	/** The list; a `{workspaceId}` in its path is filled from the node's Workspace field. */
	endpoint: E;
	/** Plural noun for the hint shown when no workspace is chosen yet. */
	what: string;
	/** Whether the service filters this list by `searchTerm`; otherwise the page is filtered here. */
	serviceSearch: boolean;
	/** Names one element of the list, whose fields are the OpenAPI's but unchecked. */
	toResult(item: Unchecked<ItemOf<E>>): { name: string; value: string };
}

/** A listSearch method as n8n calls it. */
export type SearchMethod = (
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
) => Promise<INodeListSearchResult>;

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

/**
 * The listSearch method of one picker. It serves one page of the picker from one page of the
 * service: the service's nextToken becomes n8n's paginationToken, so scrolling the list fetches
 * the next page and nothing more.
 */
export function searchFor<E extends Endpoint>(spec: ListSpec<E>): SearchMethod {
	return async function (filter, paginationToken) {
		const pathParams = spec.endpoint.pathParams.includes('workspaceId')
			? { workspaceId: currentWorkspaceId(this, spec.what) }
			: undefined;
		const client = new AssetTrackingClient(this);
		const { body } = await client.request<IDataObject>(
			requestTo(spec.endpoint, {
				pathParams,
				expect: spec.endpoint.response,
				qs: {
					searchTerm: spec.serviceSearch ? filter || undefined : undefined,
					limit: String(PICKER_PAGE_SIZE),
					nextToken: paginationToken,
				},
			}),
		);
		let results = ((body.items as Array<Unchecked<ItemOf<E>>>) ?? []).map(spec.toResult);
		// Filter locally where the service has no searchTerm for this list.
		if (filter && !spec.serviceSearch) {
			const needle = filter.toLowerCase();
			results = results.filter(
				(r) => r.name.toLowerCase().includes(needle) || r.value.toLowerCase().includes(needle),
			);
		}
		return { results, paginationToken: (body.nextToken as string | undefined) || undefined };
	};
}
