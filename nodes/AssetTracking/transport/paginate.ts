import type { IDataObject } from 'n8n-workflow';

import { requestError } from './apiError';
import type { ApiRequest, AssetTrackingClient } from './client';

/** The service's maximum page size (spec, Limits: "limit ... maximum 10000"). */
export const MAX_PAGE_SIZE = 10_000;

/**
 * Safety limits against a service that pages forever: a list reads at most the client's Max Pages
 * (default 200, see retryPolicy.ts), and may answer at most 10 empty pages in a row that still
 * carry a nextToken.
 */
const MAX_EMPTY_PAGES_IN_A_ROW = 10;

export interface Page<T> {
	items: T[];
	nextToken?: string;
}

export interface PageOptions {
	/** Stop once this many items are in; undefined means every page (Return All). */
	limit?: number;
	itemIndex?: number;
	/**
	 * Size of the first page (default MAX_PAGE_SIZE). A caller that sizes each next page from
	 * what it has read (the trigger does) passes that size to the iterator's `next(size)`; a
	 * `for await` loop passes nothing and keeps the size. Pages never exceed MAX_PAGE_SIZE nor
	 * the items still needed under `limit`.
	 */
	firstPageSize?: number;
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
): AsyncGenerator<Page<T>, void, number | undefined> {
	const seenTokens = new Set<string>();
	let remaining = options.limit ?? Infinity;
	let nextToken: string | undefined;
	let wanted = options.firstPageSize ?? MAX_PAGE_SIZE;
	let pages = 0;
	let read = 0;
	const maxPages = client.maxPages;
	let emptyInARow = 0;
	// What the messages need of the last page's response, not the response: holding it would keep
	// a whole page alive while the next one is read (Return All's peak memory).
	let last: { path: string; requestId: string; status: number } | undefined;
	const stop = (
		why: string,
		description = 'The service kept answering with a nextToken, so the list may never end. The items already read are not output, since the list is incomplete.',
		cause: 'temporarily-unavailable' | 'configuration-invalid' = 'temporarily-unavailable',
	) => {
		const error = requestError(
			client.node,
			{
				method: request.method,
				path: last?.path ?? request.path,
				requestId: last?.requestId ?? '',
				status: last?.status,
			},
			`stopped paging after ${pages} pages: ${why}`,
			description,
			cause,
		);
		error.context.itemIndex = options.itemIndex;
		return error;
	};
	do {
		const pageSize = Math.max(1, Math.min(MAX_PAGE_SIZE, remaining, wanted));
		if (pages >= maxPages) {
			throw stop(
				`Max Pages (${maxPages}) reached with ${read.toLocaleString('en-US')} items read and the service still offering more`,
				'A list this long is more than a workflow can hold, or a service that never stops paging. Nothing of it was output. Use Return All off with a Limit, or filters, to read less; or raise "Max Pages" in the options if the list really is this long.',
				'configuration-invalid',
			);
		}
		pages++;
		const { body, path, requestId, status } = await client.request<IDataObject>(
			{ ...request, expect: 'page', qs: { ...request.qs, limit: String(pageSize), nextToken } },
			options.itemIndex,
		);
		last = { path, requestId, status };
		// The client has checked the page shape: `items` is a list (every list of the service).
		const items = body.items as unknown[];
		nextToken =
			typeof body.nextToken === 'string' && body.nextToken !== '' ? body.nextToken : undefined;
		if (nextToken !== undefined) {
			if (seenTokens.has(nextToken)) {
				throw stop('the service returned the same nextToken twice');
			}
			seenTokens.add(nextToken);
			emptyInARow = items.length === 0 ? emptyInARow + 1 : 0;
			if (emptyInARow >= MAX_EMPTY_PAGES_IN_A_ROW) {
				throw stop(`${emptyInARow} empty pages in a row, each with a new nextToken`);
			}
		}
		remaining -= items.length;
		read += items.length;
		const nextSize = yield { items: items as T[], nextToken };
		if (nextSize !== undefined) wanted = nextSize;
	} while (nextToken !== undefined && remaining > 0);
}
