// Store records -> API representations (the shapes of the OpenAPI schemas, with the spec's
// additions such as spaceId/spaceName on Space). Optional fields are left out, never null.
import { listKey } from './paging';
import { newestReading } from './readings/query';
import type { SimState } from './state';
import type {
	AssetGroupRec,
	AssetRec,
	ConsignmentEvent,
	ConsignmentRec,
	FacilityRec,
	FacilityStayRec,
	GatewayRec,
	LabelPeriod,
	MembershipRec,
	PieceLabel,
	PieceRec,
	PrintJobRec,
	PrinterRec,
	PrintTemplateRec,
	SpaceRec,
	WorkspaceRec,
} from './store/model';
import type { AssetRef, Store } from './store/store';
import { iso } from './time';

type Json = Record<string, unknown>;

/** The availabilityThreshold the service assumes when none is set. */
export const DEFAULT_AVAILABILITY_THRESHOLD = 3;

export const workspaceView = (ws: WorkspaceRec): Json => ({ id: ws.id, name: ws.name });

export function labelView(l: LabelPeriod | PieceLabel): Json {
	return {
		bleId: l.bleId,
		nfcId: l.nfcId,
		config: { reportingInterval: l.reportingInterval },
		addedOn: iso(l.addedOn),
	};
}

export const currentLabel = (rec: AssetRec): LabelPeriod | undefined =>
	rec.labels.find((p) => p.removedOn === null);

export function membershipView(m: MembershipRec, store: Store): Json {
	const out: Json = {
		spaceId: m.spaceId,
		spaceName: store.spaces.get(m.spaceId)?.name ?? m.spaceName,
		enteredOn: iso(m.enteredOn),
		hasExited: m.exitedOn !== null,
	};
	if (m.exitedOn !== null) out.exitedOn = iso(m.exitedOn);
	return out;
}

export function assetView(state: SimState, ref: AssetRef, summaryLocations = false): Json {
	if (ref.kind === 'bulk') {
		// Bulk assets stay small on purpose: lists of 10,000 of them must serialise fast.
		const { block, index } = ref;
		return {
			id: block.idOf(index),
			name: block.nameOf(index),
			workspaceId: block.workspaceId,
			createdOn: block.createdOnIso,
		};
	}
	const rec = ref.rec;
	const out: Json = {
		id: rec.id,
		name: rec.name,
		workspaceId: rec.workspaceId,
		createdOn: iso(rec.createdOn),
	};
	const label = currentLabel(rec);
	if (label) out.label = labelView(label);
	out.inSpaces = rec.memberships.map((m) => membershipView(m, state.store));
	if (state.opts.embedsLie) {
		out.temperatures = { items: [] };
		out.locations = { items: [] };
	} else if (rec.labels.length > 0 && state.opts.embedReadings) {
		const now = state.clock.now();
		const t = newestReading(
			rec,
			'temperature',
			now,
			state.historyStart,
			false,
			state.late,
			state.opts.specCadence,
		);
		const none = state.opts.emptyEmbeds === 'empty' ? { items: [] } : undefined;
		if (t) out.temperatures = { items: [t] };
		else if (none) out.temperatures = none;
		const l = newestReading(
			rec,
			'location',
			now,
			state.historyStart,
			summaryLocations,
			state.late,
			state.opts.specCadence,
		);
		if (l) out.locations = { items: [l] };
		else if (none) out.locations = { items: [] };
	}
	return out;
}

export function facilityView(f: FacilityRec): Json {
	const out: Json = {
		id: f.id,
		name: f.name,
		workspaceId: f.workspaceId,
		createdAt: iso(f.createdAt),
	};
	if (f.userFacilityId !== undefined) out.userFacilityId = f.userFacilityId;
	return out;
}

export function facilityStayView(stay: FacilityStayRec, store: Store): Json {
	const f = store.facilities.get(stay.facilityId);
	const out: Json = {
		facilityId: stay.facilityId,
		facilityName: f?.name ?? 'Removed facility',
		enteredOn: iso(stay.enteredOn),
		hasExited: stay.exitedOn !== null,
	};
	if (stay.exitedOn !== null) out.exitedOn = iso(stay.exitedOn);
	if (f?.userFacilityId !== undefined) out.userFacilityId = f.userFacilityId;
	return out;
}

/** An asset's facility history, derived from its space memberships (a Space lies in one Facility). */
export function facilityHistory(rec: AssetRec, store: Store): FacilityStayRec[] {
	const stays: FacilityStayRec[] = [];
	const byEntry = [...rec.memberships].sort((a, b) => a.enteredOn - b.enteredOn);
	for (const m of byEntry) {
		const facilityId = store.spaces.get(m.spaceId)?.facilityId;
		if (!facilityId) continue;
		const last = stays[stays.length - 1];
		if (
			last &&
			last.facilityId === facilityId &&
			last.exitedOn !== null &&
			last.exitedOn >= m.enteredOn - 1000
		) {
			last.exitedOn = m.exitedOn;
			continue;
		}
		stays.push({ facilityId, enteredOn: m.enteredOn, exitedOn: m.exitedOn });
	}
	return stays;
}

export function gatewayView(g: GatewayRec): Json {
	const out: Json = { gatewayId: g.gatewayId, manufacturer: g.manufacturer };
	for (const k of [
		'deviceId',
		'shortId',
		'productName',
		'isStatic',
		'latitude',
		'longitude',
		'hasPendingCommands',
		'rssiFilter',
	] as const) {
		if (g[k] !== undefined) out[k] = g[k];
	}
	out.addedOn = iso(g.addedOn);
	return out;
}

export function assetsInSpace(store: Store, space: SpaceRec): number {
	let n = 0;
	for (const rec of store.records(space.workspaceId)) {
		if (rec.memberships.some((m) => m.spaceId === space.id && m.exitedOn === null)) n++;
	}
	return n;
}

/** Space carries the OpenAPI's id/name and the spec's spaceId/spaceName (see contract overlay). */
export function spaceView(store: Store, s: SpaceRec): Json {
	const out: Json = {
		id: s.id,
		name: s.name,
		spaceId: s.id,
		spaceName: s.name,
		workspaceId: s.workspaceId,
		facilityId: s.facilityId,
		createdOn: iso(s.createdOn),
		numberAssetsInSpace: assetsInSpace(store, s),
	};
	if (s.gateway) out.gateway = gatewayView(s.gateway);
	return out;
}

export function assetGroupCount(store: Store, g: AssetGroupRec): number {
	let n = 0;
	for (const id of g.memberAssetIds) {
		const ref = store.findAsset(id);
		if (ref?.kind !== 'rec') continue;
		const present = ref.rec.memberships.some(
			(m) => m.exitedOn === null && store.spaces.get(m.spaceId)?.facilityId === g.facilityId,
		);
		if (present) n++;
	}
	return n;
}

export function assetGroupView(store: Store, g: AssetGroupRec): Json {
	const threshold = g.availabilityThreshold ?? DEFAULT_AVAILABILITY_THRESHOLD;
	const count = assetGroupCount(store, g);
	return {
		id: g.id,
		name: g.name,
		workspaceId: g.workspaceId,
		facilityId: g.facilityId,
		availabilityThreshold: threshold,
		count,
		available: count >= threshold,
	};
}

export const printerView = (p: PrinterRec): Json => ({
	printerId: p.printerId,
	name: p.name,
	workspaceId: p.workspaceId,
	...(p.isOnline === undefined ? {} : { isOnline: p.isOnline }),
	addedOn: iso(p.addedOn),
});

export const templateView = (t: PrintTemplateRec): Json => ({
	templateId: t.templateId,
	workspaceId: t.workspaceId,
	requiredParams: [...t.requiredParams],
});

/** Seconds after creation at which an online printer starts and finishes a job. */
const PRINT_START_MS = 2000;
const PRINT_DONE_MS = 5000;

/**
 * A print job's status history is derived from the clock: Queued, then (online printers only)
 * Printing after 2 s and Completed or Failed after 5 s; a cancel before the end adds Cancelled.
 */
export function printJobStatuses(
	job: PrintJobRec,
	printer: PrinterRec | undefined,
	now: number,
): Array<{ at: number; status: string }> {
	const out = [{ at: job.createdAt, status: 'Queued' }];
	const stop = job.cancelledAt ?? Number.POSITIVE_INFINITY;
	if (printer?.isOnline) {
		const start = job.createdAt + PRINT_START_MS;
		const done = job.createdAt + PRINT_DONE_MS;
		if (start <= now && start < stop) out.push({ at: start, status: 'Printing' });
		if (done <= now && done < stop)
			out.push({ at: done, status: job.outcome === 'success' ? 'Completed' : 'Failed' });
	}
	if (job.cancelledAt !== null && job.cancelledAt <= now)
		out.push({ at: job.cancelledAt, status: 'Cancelled' });
	return out;
}

export function isPrintJobComplete(
	job: PrintJobRec,
	printer: PrinterRec | undefined,
	now: number,
): boolean {
	const last = printJobStatuses(job, printer, now).at(-1)?.status;
	return last === 'Completed' || last === 'Failed' || last === 'Cancelled';
}

export function printJobView(job: PrintJobRec, printer: PrinterRec | undefined, now: number): Json {
	const statuses = printJobStatuses(job, printer, now);
	const last = statuses[statuses.length - 1];
	const complete =
		last.status === 'Completed' || last.status === 'Failed' || last.status === 'Cancelled';
	const out: Json = {
		id: job.id,
		printerId: job.printerId,
		workspaceId: job.workspaceId,
		assetId: job.assetId,
		origin: job.origin,
		status: last.status,
		createdAt: iso(job.createdAt),
		updatedAt: iso(last.at),
		isComplete: complete,
		includeCutLine: job.includeCutLine,
	};
	if (job.templateId !== undefined) out.templateId = job.templateId;
	if (job.replaceExistingLabel !== undefined) out.replaceExistingLabel = job.replaceExistingLabel;
	if (complete) out.isSuccessful = last.status === 'Completed';
	if (last.status === 'Failed' && job.failureReason) out.failureReason = job.failureReason;
	return out;
}

export function pieceView(store: Store, p: PieceRec): Json {
	const out: Json = {
		id: p.id,
		trackingRef: p.trackingRef,
		consignmentId: p.consignmentId,
		workspaceId: p.workspaceId,
	};
	if (p.label) out.label = labelView(p.label);
	out.createdOn = iso(p.createdOn);
	out.inFacilities = p.inFacilities.map((s) => facilityStayView(s, store));
	return out;
}

export const piecesListKey = (consignmentId: string) =>
	listKey('GET /consignments/{consignmentId}/pieces', { consignmentId });
export const gatewaysListKey = (consignmentId: string) =>
	listKey('GET /consignments/{consignmentId}/gateways', { consignmentId });

function eventView(store: Store, e: ConsignmentEvent): Json {
	const out: Json = { when: iso(e.when) };
	const f = e.facilityId ? store.facilities.get(e.facilityId) : undefined;
	if (f) out.where = { facility: facilityView(f) };
	return out;
}

/** A Consignment with the first page of its pieces and gateways (their nextTokens work on the list operations). */
export function consignmentView(state: SimState, c: ConsignmentRec): Json {
	const { store, paging } = state;
	const ws = store.workspaces.get(c.workspaceId) as WorkspaceRec;
	const pieces = c.pieceIds.map((id) => store.pieces.get(id) as PieceRec);
	const piecePage = paging.page(pieces, piecesListKey(c.id), {});
	const gatewayPage = paging.page(c.gateways, gatewaysListKey(c.id), {});
	const out: Json = {
		id: c.id,
		trackingRef: c.trackingRef,
		workspace: workspaceView(ws),
		pieces: {
			total: pieces.length,
			...piecePage,
			items: piecePage.items.map((p) => pieceView(store, p)),
		},
		gateways: { ...gatewayPage, items: gatewayPage.items.map(gatewayView) },
	};
	if (c.destination) {
		const d: Json = {};
		if (c.destination.name !== undefined) d.name = c.destination.name;
		const f = c.destination.facilityId ? store.facilities.get(c.destination.facilityId) : undefined;
		if (f) d.facility = facilityView(f);
		out.destination = d;
	}
	out.isActive = c.isActive;
	if (c.activated) out.activated = eventView(store, c.activated);
	if (c.deactivated) out.deactivated = eventView(store, c.deactivated);
	return out;
}
