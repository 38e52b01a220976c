// Histories of one asset: facilities, spaces, temperatures and locations.
// Reading lists use keyset tokens (see paging.ts/readings/query.ts); the others use offsets.
import { flag } from '../input';
import { assetParam } from '../lookup';
import { listKey, parseLimit } from '../paging';
import { pageReadings } from '../readings/query';
import type { ReadingKind } from '../readings/generator';
import type { Handler, HandlerContext } from '../state';
import { facilityHistory, facilityStayView, membershipView } from '../views';

export const assetFacilities: Handler = ({ state, operation, params, query }) => {
	const ref = assetParam(state, params.assetId);
	const stays = ref.kind === 'rec' ? facilityHistory(ref.rec, state.store) : [];
	const page = state.paging.page(stays, listKey(operation, { assetId: params.assetId }), query);
	return {
		status: 200,
		body: { ...page, items: page.items.map((s) => facilityStayView(s, state.store)) },
	};
};

export const assetSpaces: Handler = ({ state, operation, params, query }) => {
	const ref = assetParam(state, params.assetId);
	const memberships = ref.kind === 'rec' ? ref.rec.memberships : [];
	const page = state.paging.page(
		memberships,
		listKey(operation, { assetId: params.assetId }),
		query,
	);
	return {
		status: 200,
		body: { ...page, items: page.items.map((m) => membershipView(m, state.store)) },
	};
};

function readingsList(ctx: HandlerContext, kind: ReadingKind) {
	const { state, operation, params, query } = ctx;
	const ref = assetParam(state, params.assetId);
	const limit = Math.min(parseLimit(query.limit), state.opts.maxReadingsPerPage);
	const summary = kind === 'location' && flag(query, 'summaryLocations');
	const order = state.opts.readingsOrder;
	const list = listKey(operation, { assetId: params.assetId, summary: String(summary), order });
	const cursor = state.paging.readKeyset(query.nextToken, list);
	if (ref.kind === 'bulk') return { status: 200, body: { items: [] } };
	const page = pageReadings(ref.rec, kind, {
		order,
		cursor,
		limit,
		now: state.clock.now(),
		historyStart: state.historyStart,
		summary,
		late: state.late,
		specCadence: state.opts.specCadence,
	});
	const body: Record<string, unknown> = { items: page.items };
	if (page.next) body.nextToken = state.paging.keysetToken(list, page.next);
	return { status: 200, body };
}

export const assetTemperatures: Handler = (ctx) => readingsList(ctx, 'temperature');
export const assetLocations: Handler = (ctx) => readingsList(ctx, 'location');
