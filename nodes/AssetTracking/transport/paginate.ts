import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';

import type { ApiRequest, AssetTrackingClient } from './client';

/** The service's maximum page size (spec, Limits: "limit ... maximum 10000"). */
export const MAX_PAGE_SIZE = 10_000;

export interface Page<T> {
	items: T[];
	nextToken?: string;
	total?: number;
}

export interface PageOptions {
	/** Stop once this many items are in; undefined means every page (Return All). */
	limit?: number;
	/** Where the items sit in the body; `items` for every list of the service. */
	itemsKey?: string;
	itemIndex?: number;
	/**
	 * Size of the first page, and of each next one given the previous size. Called after the
	 * caller has handled a page, so it can size the next from what it saw (the trigger does).
	 * Pages never exceed MAX_PAGE_SIZE nor the items still needed under `limit`.
	 */
	firstPageSize?: number;
	nextPageSize?: (previous: number) => number;
}

/**
 * Walks a list page by page, in the style of octokit's paginate.iterator: the caller can stop at
 * any time and no further page is fetched. Each page asks for no more items than are still
 * needed, so `Limit 7` is one request with `limit=7`, and Return All uses pages of 10,000.
 */
export async function* paginate<T = IDataObject>(
	client: AssetTrackingClient,
	request: ApiRequest,
	options: PageOptions = {},
): AsyncGenerator<Page<T>> {
	const itemsKey = options.itemsKey ?? 'items';
	const seenTokens = new Set<string>();
	let remaining = options.limit ?? Infinity;
	let nextToken: string | undefined;
	let wanted = options.firstPageSize ?? MAX_PAGE_SIZE;
	do {
		const pageSize = Math.max(1, Math.min(MAX_PAGE_SIZE, remaining, wanted));
		const { body } = await client.request<IDataObject>(
			{ ...request, qs: { ...request.qs, limit: String(pageSize), nextToken } },
			options.itemIndex,
		);
		const items = body[itemsKey];
		if (!Array.isArray(items)) {
			throw new NodeOperationError(
				client.node,
				`The service answered ${request.path} without an "${itemsKey}" list`,
				{
					itemIndex: options.itemIndex,
				},
			);
		}
		nextToken =
			typeof body.nextToken === 'string' && body.nextToken !== '' ? body.nextToken : undefined;
		if (nextToken !== undefined) {
			if (seenTokens.has(nextToken)) {
				throw new NodeOperationError(
					client.node,
					`The service returned the same nextToken twice while paging ${request.path}; stopped to avoid an endless loop`,
					{ itemIndex: options.itemIndex },
				);
			}
			seenTokens.add(nextToken);
		}
		remaining -= items.length;
		yield {
			items: items as T[],
			nextToken,
			total: typeof body.total === 'number' ? body.total : undefined,
		};
		if (options.nextPageSize) wanted = options.nextPageSize(pageSize);
	} while (nextToken !== undefined && remaining > 0);
}

/** Gathers up to `limit` items (all when undefined) from a list, fetching no page more than needed. */
export async function collectItems<T = IDataObject>(
	client: AssetTrackingClient,
	request: ApiRequest,
	options: PageOptions = {},
): Promise<T[]> {
	const out: T[] = [];
	for await (const page of paginate<T>(client, request, options)) {
		for (const item of page.items) {
			if (options.limit !== undefined && out.length >= options.limit) return out;
			out.push(item);
		}
	}
	return out;
}
