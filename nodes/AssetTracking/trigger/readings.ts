import type { IDataObject } from 'n8n-workflow';

import { MAX_PAGE_SIZE, paginate } from '../transport';
import type { AssetTrackingClient } from '../transport';
import type { Floor, PageHint } from './cursor';
import { ORDER_HINT, OrderDetector, type ListOrder } from './order';
import { READING_PATHS, type Reading, type ReadingKind } from './types';

export interface ReadingsRequest {
	assetId: string;
	kind: ReadingKind;
	/** What counts as new; the list is read at least down to it. */
	floor: Floor;
	summaryLocations: boolean;
	/** What the last poll learnt about this kind's lists. */
	hint: PageHint;
	/** Told about readings the service sent without a usable timestamp. */
	warn?: (message: string) => void;
}

export interface ReadingsResult {
	/** Every reading listed before the reader stopped, in list order. */
	readings: Reading[];
	order: ListOrder;
	requests: number;
}

const SMALLEST_FIRST_PAGE = 2;
const GROWTH = 8;

/**
 * Reads one asset's temperature or location list down to the floor.
 *
 * The lists have no time filter and no stated order. Pages are read while the order is worked
 * out from their timestamps (see OrderDetector); as soon as the list is known to be newest-first
 * and a page ends below the floor, everything older is old too and reading stops. A list that is
 * oldest-first, unordered or still undecided is read to its end.
 *
 * Page sizes keep the request count down: a newest-first list starts with a small page (as many
 * new readings as an asset had last poll, plus the readings at the cursor, plus one older, so
 * one page usually reaches below the floor); later pages are sized from the reading rate seen
 * so far. Lists known to be
 * oldest-first are read in pages of the service's maximum from the start.
 */
export async function readNewReadings(
	client: AssetTrackingClient,
	request: ReadingsRequest,
): Promise<ReadingsResult> {
	const { floor, hint } = request;
	const detector = new OrderDetector();
	const readings: Reading[] = [];
	let newest = Number.NEGATIVE_INFINITY;
	let oldest = Number.POSITIVE_INFINITY;
	let requests = 0;

	const readsEverything =
		floor.ts === Number.NEGATIVE_INFINITY || hint.order === 'o' || hint.order === 'u';
	// Newest first, one page should hold the new readings, the ones at the cursor and one older.
	const firstPageSize = readsEverything
		? MAX_PAGE_SIZE
		: Math.max(
				SMALLEST_FIRST_PAGE,
				Math.max(1, hint.newest ?? 1) + Math.max(1, floor.keys.size) + 1,
			);

	const pages = paginate<IDataObject>(
		client,
		{
			method: 'GET',
			path: READING_PATHS[request.kind],
			pathParams: { assetId: request.assetId },
			qs: {
				summaryLocations:
					request.kind === 'location' && request.summaryLocations ? 'true' : undefined,
			},
		},
		{
			firstPageSize,
			nextPageSize: (previous) =>
				nextPageSize(detector.order, previous, readings.length, newest, oldest, floor.ts),
		},
	);
	for await (const page of pages) {
		requests++;
		let last: number | undefined;
		for (const item of page.items) {
			const ts = typeof item?.timestamp === 'string' ? Date.parse(item.timestamp) : Number.NaN;
			if (Number.isNaN(ts)) {
				request.warn?.(
					`A ${request.kind} reading of asset ${request.assetId} has no valid timestamp and was left out`,
				);
				continue;
			}
			detector.see(ts);
			readings.push({ ts, item });
			newest = Math.max(newest, ts);
			oldest = Math.min(oldest, ts);
			last = ts;
		}
		// Newest first: everything after a reading below the floor (and below the newest
		// reading, whose every twin must be seen to key the new cursor) is older still.
		const stopBelow = Math.min(floor.ts, newest);
		if (detector.order === 'newestFirst' && last !== undefined && last < stopBelow) break;
	}
	return { readings, order: detector.order, requests };
}

function nextPageSize(
	order: ListOrder,
	previous: number,
	count: number,
	newest: number,
	oldest: number,
	floorTs: number,
): number {
	if (order === 'oldestFirst' || order === 'unordered') return MAX_PAGE_SIZE;
	let size = previous * GROWTH;
	if (order === 'newestFirst' && Number.isFinite(floorTs) && count >= 2 && newest > oldest) {
		// Readings per ms so far, times the time still to cover down to the floor, plus a margin.
		const perMs = (count - 1) / (newest - oldest);
		size = Math.ceil(Math.max(0, oldest - floorTs) * perMs * 1.25) + SMALLEST_FIRST_PAGE;
	}
	return Math.min(MAX_PAGE_SIZE, Math.max(SMALLEST_FIRST_PAGE, size));
}

/**
 * What this poll's reads teach the next poll's page sizes: the order the lists came in (the
 * least convenient one seen wins) and the most new readings one asset had.
 */
export function nextPageHint(
	previous: PageHint | undefined,
	orders: ListOrder[],
	mostNew: number | undefined,
): PageHint {
	const decided = (['unordered', 'oldestFirst', 'newestFirst'] as const).find((order) =>
		orders.includes(order),
	);
	return {
		order: decided ? ORDER_HINT[decided] : previous?.order,
		newest: mostNew ?? previous?.newest,
	};
}
