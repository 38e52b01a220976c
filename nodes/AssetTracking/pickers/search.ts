import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodePropertyOptions,
} from 'n8n-workflow';

import type { Endpoint, ItemOf, Unchecked } from '../api';
import { requestTo } from '../api';
import { AssetTrackingClient, refusal } from '../transport';

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
		throw refusal(ctx.getNode(), `Select a Workspace first to list its ${what}`, {
			description: `The ${what} list shows one workspace's ${what}. Or switch this field to By ID.`,
		});
	}
	return workspaceId;
}

/**
 * Entries in the order a person looks for them: by what the list shows, ignoring case, numbers
 * by value ("Cold box 2" before "Cold box 10"), then by id. The service states no order of its
 * lists.
 */
export function byShownName<T extends { name: string; value: string }>(entries: T[]): T[] {
	const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
	return [...entries].sort(
		(a, b) => collator.compare(a.name, b.name) || collator.compare(a.value, b.value),
	);
}

/**
 * The listSearch method of one picker. It serves one page of the picker from one page of the
 * service: the service's nextToken becomes n8n's paginationToken, so scrolling the list fetches
 * the next page and nothing more. Each page is sorted by what it shows (byShownName); the pages
 * follow the service's own order.
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
		let results = byShownName(
			((body.items as Array<Unchecked<ItemOf<E>>>) ?? []).map(spec.toResult),
		);
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

/** A loadOptions method as n8n calls it: every option at once. */
export type LoadOptionsMethod = (this: ILoadOptionsFunctions) => Promise<INodePropertyOptions[]>;

/** Pages a multi-picker reads at most (the service's largest pages): a workspace's spaces fit. */
const OPTIONS_MAX_PAGES = 10;
const OPTIONS_PAGE_SIZE = 10_000;

/**
 * The loadOptions method of a multi-picker (a list of ids chosen from the workspace, n8n's
 * multiOptions): every element of the list, sorted by what it shows. n8n's loadOptions has no
 * paging, so the list is read whole, up to OPTIONS_MAX_PAGES pages.
 */
export function optionsFor<E extends Endpoint>(spec: ListSpec<E>): LoadOptionsMethod {
	return async function () {
		const pathParams = spec.endpoint.pathParams.includes('workspaceId')
			? { workspaceId: currentWorkspaceId(this, spec.what) }
			: undefined;
		const client = new AssetTrackingClient(this);
		const entries: Array<{ name: string; value: string }> = [];
		let nextToken: string | undefined;
		for (let page = 0; page < OPTIONS_MAX_PAGES; page++) {
			const { body } = await client.request<IDataObject>(
				requestTo(spec.endpoint, {
					pathParams,
					expect: spec.endpoint.response,
					qs: { limit: String(OPTIONS_PAGE_SIZE), nextToken },
				}),
			);
			entries.push(...((body.items as Array<Unchecked<ItemOf<E>>>) ?? []).map(spec.toResult));
			nextToken = (body.nextToken as string | undefined) || undefined;
			if (!nextToken) break;
		}
		return byShownName(entries);
	};
}
