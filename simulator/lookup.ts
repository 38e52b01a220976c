// Finding the resource a path names, with the service's status rules:
// unknown (or malformed, which names nothing) -> 404 where the operation documents a 404 (else 403: the
// token has no permission for something it cannot see), forbidden workspace -> 403.
import { forbidden, notFound } from './errors';
import { isId, isUuid } from './input';
import type { SimState } from './state';
import type {
	ConsignmentRec,
	FacilityRec,
	PrintJobRec,
	PrinterRec,
	SpaceRec,
	WorkspaceRec,
} from './store/model';
import type { AssetRef } from './store/store';

function guard(state: SimState, workspaceId: string, what: string): void {
	const ws = state.store.workspaces.get(workspaceId);
	if (!ws || !ws.accessible) throw forbidden(`The access token has no permission for this ${what}`);
}

export function workspaceParam(
	state: SimState,
	id: string,
	unknownStatus: 403 | 404,
): WorkspaceRec {
	const ws = isUuid(id) ? state.store.workspaces.get(id) : undefined;
	if (!ws) {
		if (unknownStatus === 404) throw notFound(`Workspace ${id} not found`);
		throw forbidden(`The access token has no permission for workspace ${id}`);
	}
	if (!ws.accessible) throw forbidden(`The access token has no permission for workspace ${id}`);
	return ws;
}

export function assetParam(state: SimState, id: string): AssetRef {
	const ref = isId(id, 20) ? state.store.findAsset(id) : null;
	if (!ref) throw notFound(`Asset ${id} not found`);
	guard(state, ref.kind === 'rec' ? ref.rec.workspaceId : ref.block.workspaceId, 'Asset');
	return ref;
}

export function spaceParam(state: SimState, id: string): SpaceRec {
	const space = isId(id, 20) ? state.store.spaces.get(id) : undefined;
	if (!space) throw notFound(`Space ${id} not found`);
	guard(state, space.workspaceId, 'Space');
	return space;
}

export function facilityParam(state: SimState, id: string, unknownStatus: 403 | 404): FacilityRec {
	const facility = isUuid(id) ? state.store.facilities.get(id) : undefined;
	if (!facility) {
		if (unknownStatus === 404) throw notFound(`Facility ${id} not found`);
		throw forbidden(`The access token has no permission for facility ${id}`);
	}
	guard(state, facility.workspaceId, 'Facility');
	return facility;
}

export function printerParam(state: SimState, printerId: string, workspaceId?: string): PrinterRec {
	const printer = isId(printerId, 50) ? state.store.printers.get(printerId) : undefined;
	if (!printer || (workspaceId !== undefined && printer.workspaceId !== workspaceId)) {
		throw notFound(`Printer ${printerId} not found in workspace`);
	}
	guard(state, printer.workspaceId, 'Printer');
	return printer;
}

export function printJobParam(state: SimState, id: string): PrintJobRec {
	const job = isUuid(id) ? state.store.printJobs.get(id) : undefined;
	// A job whose printer was removed from the workspace is gone with it.
	if (!job || !state.store.printers.has(job.printerId)) throw notFound(`Print Job ${id} not found`);
	guard(state, job.workspaceId, 'Print Job');
	return job;
}

export function consignmentParam(state: SimState, id: string): ConsignmentRec {
	const c = isUuid(id) ? state.store.consignments.get(id) : undefined;
	if (!c) throw notFound(`Consignment ${id} not found in workspace`);
	guard(state, c.workspaceId, 'Consignment');
	return c;
}

/** A bleId path segment as a number, or null when it cannot be a bleId (0 to 2147483647). */
export function bleIdParam(value: string): number | null {
	return /^[0-9]{1,10}$/.test(value) && Number(value) <= 2147483647 ? Number(value) : null;
}
