// Asset operations: list/create in a workspace, get/update/delete one, link/unlink its Label.
import { CHARSET_RE } from '../charsets';
import { badRequest, notFound } from '../errors';
import { array, bool, checkString, flag, object, onlyKeys, requireBody, str } from '../input';
import { assetParam, bleIdParam, workspaceParam } from '../lookup';
import { listKey, parseLimit } from '../paging';
import type { Handler, SimState } from '../state';
import type { AssetRec } from '../store/model';
import type { AssetRef } from '../store/store';
import { assetView, currentLabel } from '../views';

/** The spec caps Asset list totals at 1,000,000; a larger workspace still reports that ceiling. */
const MAX_TOTAL = 1_000_000;

function splitList(
	raw: string | undefined,
	name: string,
	check: (v: string) => boolean,
): string[] | undefined {
	if (raw === undefined) return undefined;
	const parts = raw
		.split(',')
		.map((s) => s.trim())
		.filter((s) => s.length > 0);
	for (const p of parts)
		if (!check(p)) throw badRequest(`${name} must be a comma-separated list of valid identifiers`);
	return parts;
}

export const listAssets: Handler = ({ state, operation, params, query }) => {
	const ws = workspaceParam(state, params.workspaceId, 403);
	const limit = parseLimit(query.limit);
	const inSpaceIds = splitList(
		query.inSpaceIds,
		'inSpaceIds',
		(v) => v.length <= 20 && CHARSET_RE.ID.test(v),
	);
	const bleIds = splitList(
		query.bleIds,
		'bleIds',
		(v) => /^[0-9]{1,10}$/.test(v) && Number(v) <= 2147483647,
	)?.map(Number);
	const searchTerm =
		query.searchTerm !== undefined
			? checkString(query.searchTerm, 'searchTerm', { max: 500 }).toLowerCase()
			: undefined;
	const list = listKey(operation, {
		workspaceId: ws.id,
		inSpaceIds: query.inSpaceIds,
		bleIds: query.bleIds,
		searchTerm,
	});
	const offset = state.paging.readOffset(query.nextToken, list);

	let total: number;
	let refs: AssetRef[];
	if (
		inSpaceIds === undefined &&
		bleIds === undefined &&
		(searchTerm === undefined || searchTerm === '')
	) {
		total = state.store.assetCount(ws.id);
		refs = state.store.assetSlice(ws.id, offset, limit);
	} else {
		const matches: AssetRef[] = [];
		const needsRecord = inSpaceIds !== undefined || bleIds !== undefined;
		state.store.forEachAsset(ws.id, (ref) => {
			if (ref.kind === 'bulk') {
				// Untouched bulk assets have no label and no space.
				if (needsRecord) return;
				if (searchTerm && !ref.block.nameOf(ref.index).toLowerCase().includes(searchTerm)) return;
				matches.push(ref);
				return;
			}
			if (assetMatches(ref.rec, inSpaceIds, bleIds, searchTerm)) matches.push(ref);
		});
		total = matches.length;
		refs = matches.slice(offset, offset + limit);
	}
	const body: Record<string, unknown> = {
		total: Math.min(total, MAX_TOTAL),
		items: refs.map((r) => assetView(state, r)),
	};
	if (offset + refs.length < total)
		body.nextToken = state.paging.offsetToken(list, offset + refs.length);
	return { status: 200, body };
};

function assetMatches(
	rec: AssetRec,
	inSpaceIds?: string[],
	bleIds?: number[],
	searchTerm?: string,
): boolean {
	if (searchTerm && !rec.name.toLowerCase().includes(searchTerm)) return false;
	if (
		inSpaceIds &&
		!rec.memberships.some((m) => m.exitedOn === null && inSpaceIds.includes(m.spaceId))
	)
		return false;
	if (bleIds) {
		const label = currentLabel(rec);
		if (!label || !bleIds.includes(label.bleId)) return false;
	}
	return true;
}

function claimNfc(state: SimState, nfcId: string, owner: string, field: string): void {
	const current = state.store.nfcOwners.get(nfcId);
	if (current !== undefined && current !== owner)
		throw badRequest(`${field} ${nfcId} is already linked to another item`, 'LabelInUse');
}

/** Links a new Label (fresh bleId) to an asset from now on; readings start at this moment. */
export function linkLabel(state: SimState, rec: AssetRec, nfcId: string): void {
	const now = state.clock.now();
	state.store.nfcOwners.set(nfcId, `asset:${rec.id}`);
	rec.labels.push({
		bleId: state.store.allocateBleId(),
		nfcId,
		reportingInterval: 'default',
		addedOn: now,
		removedOn: null,
	});
}

export const createAssets: Handler = ({ state, params, body }) => {
	const ws = workspaceParam(state, params.workspaceId, 403);
	const input = object(requireBody(body), 'body');
	onlyKeys(input, ['assets'], 'body');
	if (input.assets === undefined) throw badRequest('assets is required');
	const entries = array(input.assets, 'assets', 1000).map((raw, i) => {
		const field = `assets.${i}`;
		const e = object(raw, field);
		onlyKeys(e, ['name', 'nfcId'], field);
		return {
			name: str(e, 'name', `${field}.name`, { required: true, max: 500, charset: 'NAME' }),
			nfcId: str(e, 'nfcId', `${field}.nfcId`, { max: 20, charset: 'ALNUM' }),
		};
	});
	// Validate the whole batch before creating anything.
	const batchNfc = new Set<string>();
	entries.forEach((e, i) => {
		if (e.nfcId === undefined) return;
		if (batchNfc.has(e.nfcId))
			throw badRequest(`assets.${i}.nfcId ${e.nfcId} appears twice in the request`, 'LabelInUse');
		batchNfc.add(e.nfcId);
		claimNfc(state, e.nfcId, '', `assets.${i}.nfcId`);
	});
	const now = state.clock.now();
	const created = entries.map((e) => {
		const rec: AssetRec = {
			id: state.ids.alnum(20),
			name: e.name,
			workspaceId: ws.id,
			createdOn: now,
			labels: [],
			memberships: [],
		};
		state.store.addAsset(rec);
		if (e.nfcId !== undefined) linkLabel(state, rec, e.nfcId);
		return rec;
	});
	return {
		status: 201,
		body: { items: created.map((rec) => assetView(state, { kind: 'rec', rec })) },
	};
};

export const getAsset: Handler = ({ state, params, query }) => {
	const ref = assetParam(state, params.assetId);
	return { status: 200, body: assetView(state, ref, flag(query, 'summaryLocations')) };
};

export const updateAsset: Handler = ({ state, params, body }) => {
	const ref = assetParam(state, params.assetId);
	const input = object(requireBody(body), 'body');
	onlyKeys(input, ['name'], 'body');
	const name = str(input, 'name', 'name', { required: true, max: 500, charset: 'NAME' });
	const rec = state.store.materialise(ref);
	rec.name = name;
	return { status: 200, body: assetView(state, { kind: 'rec', rec }) };
};

export const deleteAsset: Handler = ({ state, params }) => {
	const ref = assetParam(state, params.assetId);
	state.store.deleteAsset(ref);
	return { status: 204 };
};

export const linkAssetLabel: Handler = ({ state, params, body }) => {
	const ref = assetParam(state, params.assetId);
	const input = object(requireBody(body), 'body');
	onlyKeys(input, ['nfcId', 'replaceExistingLabel'], 'body');
	const nfcId = str(input, 'nfcId', 'nfcId', { required: true, max: 20, charset: 'ALNUM' });
	const replace = bool(input, 'replaceExistingLabel', 'replaceExistingLabel') ?? false;
	const rec = state.store.materialise(ref);
	const existing = currentLabel(rec);
	if (existing && existing.nfcId === nfcId)
		return { status: 200, body: assetView(state, { kind: 'rec', rec }) };
	claimNfc(state, nfcId, `asset:${rec.id}`, 'nfcId');
	if (existing) {
		if (!replace)
			throw badRequest(
				'The Asset already has a Label. Send replaceExistingLabel true to replace it',
				'LabelAlreadyLinked',
			);
		existing.removedOn = state.clock.now();
		state.store.nfcOwners.delete(existing.nfcId);
	}
	linkLabel(state, rec, nfcId);
	return { status: 200, body: assetView(state, { kind: 'rec', rec }) };
};

export const unlinkAssetLabel: Handler = ({ state, params }) => {
	const ref = assetParam(state, params.assetId);
	const bleId = bleIdParam(params.bleId);
	const label = ref.kind === 'rec' ? currentLabel(ref.rec) : undefined;
	if (!label || bleId === null || label.bleId !== bleId)
		throw notFound(`Label ${params.bleId} is not linked to Asset ${params.assetId}`);
	label.removedOn = state.clock.now();
	state.store.nfcOwners.delete(label.nfcId);
	return { status: 200, body: assetView(state, ref) };
};
