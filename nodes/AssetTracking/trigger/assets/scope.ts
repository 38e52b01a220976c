import type { IDataObject } from 'n8n-workflow';

import * as api from '../../api';
import { paginate } from '../../transport';
import type { AssetTrackingClient } from '../../transport';
import { asNodeError, isNotFound } from '../core/errors';
import { embeddedReadings } from './hint';
import { mapAll } from '../core/pool';
import type { Scope, ScopedAsset } from './types';

/**
 * Which assets a poll reads. Workspace and space scopes list the workspace's assets (the space
 * scope with the service's inSpaceIds filter), in pages of the service's maximum size, so
 * 200 assets cost one request. Specific assets are taken as given; their names and labels are
 * looked up only for assets that have something to emit (see `describeAssets`).
 */
export async function resolveScope(
	client: AssetTrackingClient,
	scope: Scope,
	maxAssets?: number,
): Promise<ScopedAsset[]> {
	if (scope.kind === 'assets') {
		const ids = maxAssets === undefined ? scope.assetIds : scope.assetIds.slice(0, maxAssets);
		return ids.map((id) => ({ id }));
	}
	const assets: ScopedAsset[] = [];
	const seen = new Set<string>();
	const request = api.requestTo(api.listAssets, {
		pathParams: { workspaceId: scope.workspaceId },
		qs: { inSpaceIds: scope.kind === 'spaces' ? scope.spaceIds.join(',') : undefined },
	});
	for await (const page of paginate<IDataObject>(client, request, { limit: maxAssets })) {
		for (const item of page.items) {
			const asset = fromListItem(item);
			// A list that shifts while it is paged may repeat an asset; it is read once.
			if (asset && !seen.has(asset.id)) {
				seen.add(asset.id);
				assets.push(asset);
			}
		}
	}
	return assets;
}

/** An asset of the list (or one asset's record), its fields named as the OpenAPI names them. */
type ListedAsset = api.ItemOf<typeof api.listAssets>;

/** The decoder of a listed asset: undefined for one without an id; optional fields checked. */
function fromListItem(item: api.Unchecked<ListedAsset>): ScopedAsset | undefined {
	if (typeof item?.id !== 'string' || item.id === '') return undefined;
	const label = item.label as api.Unchecked<NonNullable<ListedAsset['label']>> | undefined;
	const hasLabel = !!label && typeof label === 'object';
	return {
		id: item.id,
		name: typeof item.name === 'string' ? item.name : undefined,
		bleId: hasLabel && typeof label.bleId === 'number' ? label.bleId : undefined,
		nfcId: hasLabel && typeof label.nfcId === 'string' ? label.nfcId : undefined,
		labelled: hasLabel,
		embedded: {
			temperature: embeddedReadings(item.temperatures),
			location: embeddedReadings(item.locations),
		},
		// A listed asset without inSpaces is in no space (the field is optional in the spec).
		inSpaces: Array.isArray(item.inSpaces) ? (item.inSpaces as IDataObject[]) : [],
		record: item as IDataObject,
	};
}

/**
 * One asset's record (api.getAsset) in the form the asset list gives: name, label and
 * space memberships. Errors (a 404 included) are the caller's to handle.
 */
export async function readAsset(
	client: AssetTrackingClient,
	assetId: string,
): Promise<ScopedAsset> {
	const { body } = await client.request<IDataObject>(
		api.requestTo(api.getAsset, { pathParams: { assetId } }),
	);
	return fromListItem({ ...(body as IDataObject), id: assetId }) ?? { id: assetId };
}

/**
 * Names and labels of assets that were given by id, one api.getAsset each. An asset
 * deleted since its readings were read is named by its id alone.
 */
async function describeAsset(client: AssetTrackingClient, assetId: string): Promise<ScopedAsset> {
	let asset: ScopedAsset;
	try {
		asset = await readAsset(client, assetId);
	} catch (error) {
		if (isNotFound(error)) return { id: assetId };
		throw asNodeError(client.node, error);
	}
	// Its memberships name the spaces its items give (poll/items.ts, version 5).
	return {
		id: asset.id,
		name: asset.name,
		bleId: asset.bleId,
		nfcId: asset.nfcId,
		inSpaces: asset.inSpaces,
		record: asset.record,
	};
}

/** The Specific Assets scope has no list to name the assets: each asset with output is looked up. */
export async function nameAssets(
	client: AssetTrackingClient,
	concurrency: number,
	found: Array<{ subject: ScopedAsset }>,
): Promise<void> {
	const ids = [...new Set(found.map((f) => f.subject.id))];
	const described = await mapAll(ids, concurrency, async (id) => await describeAsset(client, id));
	const byId = new Map(described.map((asset) => [asset.id, asset]));
	for (const f of found) f.subject = byId.get(f.subject.id) ?? f.subject;
}
