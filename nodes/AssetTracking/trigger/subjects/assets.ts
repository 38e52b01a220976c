import type { IDataObject } from 'n8n-workflow';

import * as api from '../../api';
import { paginate } from '../../transport';

import { nameAssets, readAsset, resolveScope } from '../assets/scope';
import type { ReadingKind, Scope, ScopedAsset } from '../assets/types';
import { namesOf } from './shared';
import type { ReadingList, SubjectKind, SubjectRead } from './subject';

/**
 * The assets: the kind the trigger watched first. The Watch parameter says which (the workspace,
 * some of its spaces, or picked assets); the workspace and space scopes list them with the asset
 * list (one request per 10,000 assets), which embeds their newest readings and space memberships
 * (assets/scope.ts). Their reads are the two reading lists, each with a memory of its own
 * (poll/lists.ts), and their record. What sets them apart from the other kinds:
 * - their ids stand alone in the poll's rotation and the saved state (the first kind had no prefix);
 * - their items name them (`assetId`, `assetName`, `bleId`, `nfcId`), looked up for Specific
 *   Assets, which has no list;
 * - an unlabelled asset produces no readings: the trigger reads its lists once more if it followed
 *   it, and keeps nothing of it; an asset that left the watched spaces is read once more by the
 *   families that follow departures (its exit is news), and let go;
 * - their families start from a time (the activation, the poll an asset joined), never from first
 *   values.
 */
export const assets: SubjectKind<Scope, ScopedAsset> = {
	name: 'assets',
	scope: ({ watch }) => watch(),
	list: async (client, scope, limit) => await resolveScope(client, scope, limit),
	key: (id) => id,
	about: (asset) => ({
		assetId: asset.id,
		assetName: asset.name ?? null,
		bleId: asset.bleId ?? null,
		nfcId: asset.nfcId ?? null,
	}),
	places: (asset) => namesOf(asset.inSpaces, 'spaceId', 'spaceName'),
	describe: async (client, scope, concurrency, found) => {
		if (scope.kind === 'assets') await nameAssets(client, concurrency, found);
	},
	standing: ({ labelled, departed = false }) => ({
		kept: labelled !== false && !departed,
		lists: !departed,
		reads: labelled !== false,
		departed,
	}),
	startsFromTime: true,
};

/** The reading lists, by kind: read once per poll, whichever families ask (poll/lists.ts). */
export const READING_LISTS: Record<ReadingKind, ReadingList> = {
	temperature: { name: 'temperature', list: 'temperature' },
	location: { name: 'location', list: 'location' },
};

/**
 * An asset's space memberships from its own record (api.getAsset): for assets the asset list did
 * not give them (Specific Assets, an asset that left the watched spaces). Unlisted assets are named
 * from the record too. The space events and the profiles by space share it.
 */
export const memberships: SubjectRead<IDataObject[], ScopedAsset> = {
	name: 'memberships',
	run: async (client, asset) => {
		const record = await readAsset(client, asset.id);
		asset.name ??= record.name;
		asset.bleId ??= record.bleId;
		asset.nfcId ??= record.nfcId;
		return { result: record.inSpaces ?? [], complete: true };
	},
};

/**
 * An asset's facility history, every page (api.getAssetFacilityHistory, pages of 10,000): one
 * request per asset and poll. The facility events and the facility dwell limit share it.
 */
export const facilityHistory: SubjectRead<IDataObject[], ScopedAsset> = {
	name: 'facilityHistory',
	run: async (client, asset) => {
		const history: IDataObject[] = [];
		const request = api.requestTo(api.getAssetFacilityHistory, {
			pathParams: { assetId: asset.id },
		});
		for await (const page of paginate<IDataObject>(client, request)) history.push(...page.items);
		return { result: history, complete: true };
	},
};
