import type { IDataObject } from 'n8n-workflow';

import { MAX_PAGE_SIZE, paginate } from '../../transport';
import type { AssetTrackingClient } from '../../transport';
import { secondOf } from '../core/identity';
import { ORDER_HINT, OrderDetector, type ListOrder } from './order';
import { depthOf, reachOf, type KindMemory } from './seen';
import { READING_ENDPOINTS, type PageHint, type Reading, type ReadingKind } from './types';

export interface ReadingsRequest {
	assetId: string;
	kind: ReadingKind;
	/** What was seen of this list; it is read at least down to depthOf(memory). */
	memory: KindMemory;
	/** Down to the floor (the late-window sweep), or only to the newest reading seen (seen.ts). */
	full: boolean;
	/** Pages of the service's maximum size from the first on (a read cut last time: plan.ts). */
	wholePages?: boolean;
	/**
	 * The second no reading can be newer than, when known: the newest reading the asset list
	 * embedded, else the service's clock. Sizes the first page to what can have been uploaded.
	 */
	horizon?: number;
	/** The late-readings window, in seconds. */
	windowS: number;
	/** The service's clock at the poll (epoch ms, its Date header), when known: a baseline's depth (seen.ts floorOf). */
	serviceNow?: number;
	summaryLocations: boolean;
	/** What the last poll learnt about this kind's lists. */
	hint: PageHint;
	/** Asked before each page after the first: false stops the read there, incomplete (budget.ts). */
	mayContinue?: () => boolean;
	/** Told about readings the service sent without a usable timestamp. */
	warn?: (message: string) => void;
}

export interface ReadingsResult {
	/** Every reading listed before the reader stopped, in list order. */
	readings: Reading[];
	order: ListOrder;
	/**
	 * Whether the read reached its depth: the list ended, or (newest first) a page went below the
	 * depth. An incomplete read proves nothing about what lies between its last page and the
	 * memory, so it moves no memory (fold.ts).
	 */
	complete: boolean;
}

const SMALLEST_FIRST_PAGE = 2;
const GROWTH = 8;
/**
 * The closest two readings of a kind can be: one temperature a minute (spec); location fixes
 * every 20 minutes at the most frequent reporting interval, allowing a twin for each.
 */
const SECONDS_APART: Record<ReadingKind, number> = { temperature: 60, location: 600 };

/**
 * How many readings newer than the memory's newest the list can hold: as many as fit between it
 * and the horizon at the spec's rates. Unknown (no horizon, or nothing seen): the most one asset
 * had last poll.
 */
function uploadable(request: ReadingsRequest): number {
	const { memory, horizon, kind, hint } = request;
	if (horizon === undefined || memory.newest === null) return Math.max(1, hint.newest ?? 1);
	return Math.max(0, Math.ceil((horizon - memory.newest) / SECONDS_APART[kind]));
}

/**
 * A sweep's first page: the new readings, the remembered ones and one below the floor; and at
 * least as many as the spec's rates allow between the floor and the horizon, so that a whole
 * batch that landed late in the window (readings the memory never held) fits the same page.
 */
function sweepPage(request: ReadingsRequest): number {
	const { memory, horizon, kind } = request;
	const known = uploadable(request) + memory.seen.size + 1;
	if (horizon === undefined || !Number.isFinite(memory.floor)) return known;
	return Math.max(known, Math.ceil((horizon - memory.floor) / SECONDS_APART[kind]) + 2);
}

/**
 * Reads one asset's temperature or location list down to the memory's depth (seen.ts): its
 * floor, or for a baseline the window behind the newest reading.
 *
 * The lists have no time filter and no stated order. Pages are read while the order is worked
 * out from their timestamps (see OrderDetector); as soon as the list is known to be newest-first
 * and a page ends at or below the depth, everything after it is older still and reading stops.
 * A list that is oldest-first, unordered or still undecided is read to its end.
 *
 * Page sizes keep the request count down: a newest-first list starts with a page of as many new
 * readings as can have been uploaded since the newest one seen (`uploadable`), plus one to reach
 * the depth (the newest reading seen; for a full read, one below the floor, after the readings
 * the memory holds, and at least the spec's rates' worth down to the floor: sweepPage): one page
 * reaches the depth unless the service holds more than the spec's rates allow. Later pages are
 * sized from the reading rate
 * seen so far. Lists known to be oldest-first are read in pages of the service's maximum.
 */
export async function readNewReadings(
	client: AssetTrackingClient,
	request: ReadingsRequest,
): Promise<ReadingsResult> {
	const { memory, hint, windowS } = request;
	const detector = new OrderDetector();
	const readings: Reading[] = [];
	let newest = Number.NEGATIVE_INFINITY;
	let oldest = Number.POSITIVE_INFINITY;

	const readsEverything =
		memory.floor === Number.NEGATIVE_INFINITY ||
		hint.order === 'o' ||
		hint.order === 'u' ||
		request.wholePages === true;
	// Newest first, one page should hold the new readings, for a full read the remembered ones,
	// and one older; for a baseline, the reach's worth at the spec's rates (seen.ts).
	const baseline = memory.floor === Number.POSITIVE_INFINITY;
	const firstPageSize = readsEverything
		? MAX_PAGE_SIZE
		: Math.min(
				MAX_PAGE_SIZE,
				Math.max(
					SMALLEST_FIRST_PAGE,
					baseline
						? Math.ceil(reachOf(windowS) / SECONDS_APART[request.kind]) + 2
						: request.full
							? sweepPage(request)
							: uploadable(request) + 1,
				),
			);
	const serviceNowS = request.serviceNow === undefined ? null : secondOf(request.serviceNow);
	const depthMs = () =>
		(depthOf(memory, secondOf(newest), windowS, request.full, serviceNowS) + 1) * 1000;

	const pages = paginate<IDataObject>(
		client,
		{
			method: 'GET',
			path: READING_ENDPOINTS[request.kind].path,
			pathParams: { assetId: request.assetId },
			qs: {
				summaryLocations:
					request.kind === 'location' && request.summaryLocations ? 'true' : undefined,
			},
		},
		{ firstPageSize },
	);
	// Each next page is sized from what the pages so far held, and asked for with that size.
	let size = firstPageSize;
	for (let page = await pages.next(); !page.done; page = await pages.next(size)) {
		let last: number | undefined;
		for (const item of page.value.items) {
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
		// Newest first: everything after a reading at or below the depth is older still.
		if (detector.order === 'newestFirst' && last !== undefined && last < depthMs()) break;
		if (page.value.nextToken !== undefined && request.mayContinue?.() === false) {
			await pages.return();
			return { readings, order: detector.order, complete: false };
		}
		size = nextPageSize(detector.order, size, readings.length, newest, oldest, depthMs());
	}
	return { readings, order: detector.order, complete: true };
}

function nextPageSize(
	order: ListOrder,
	previous: number,
	count: number,
	newest: number,
	oldest: number,
	depthMs: number,
): number {
	if (order === 'oldestFirst' || order === 'unordered') return MAX_PAGE_SIZE;
	let size = previous * GROWTH;
	if (order === 'newestFirst' && Number.isFinite(depthMs) && count >= 2 && newest > oldest) {
		// Readings per ms so far, times the time still to cover down to the depth, plus a margin.
		const perMs = (count - 1) / (newest - oldest);
		size = Math.ceil(Math.max(0, oldest - depthMs) * perMs * 1.25) + SMALLEST_FIRST_PAGE;
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
