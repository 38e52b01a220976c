import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { ParamReader } from '../params';

/**
 * The Simplify toggle of Get and Get Many assets: one flat object per asset, the shape a
 * spreadsheet row or a chat message wants, instead of the nested representation. Off by
 * default, so saved workflows keep the output they were built on.
 */
export const simplifyField: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: false,
	description:
		'Whether to return a flat version of each asset (ID, name, label, current space, newest temperature and location with their times) instead of the raw data',
};

export const wantsSimplified = (p: ParamReader) => p.optional<boolean>('simplify') === true;

/** The flat form of one asset. Fields the service did not send are null, so every row has every column. */
export function simplifyAsset(asset: IDataObject): IDataObject {
	const label = asObject(asset.label);
	const space = currentSpace(asset.inSpaces);
	const temperature = newest(asObject(asset.temperatures)?.items);
	const location = newest(asObject(asset.locations)?.items);
	const coordinate = asObject(location?.coordinate);
	return {
		id: asset.id ?? null,
		name: asset.name ?? null,
		workspaceId: asset.workspaceId ?? null,
		createdOn: asset.createdOn ?? null,
		bleId: label?.bleId ?? null,
		nfcId: label?.nfcId ?? null,
		spaceId: space?.spaceId ?? null,
		spaceName: space?.spaceName ?? null,
		spaceEnteredOn: space?.enteredOn ?? null,
		degreesCelsius: temperature?.degreesCelsius ?? null,
		temperatureTimestamp: temperature?.timestamp ?? null,
		latitude: coordinate?.latitude ?? null,
		longitude: coordinate?.longitude ?? null,
		accuracy: coordinate?.accuracy ?? null,
		locationTimestamp: location?.timestamp ?? null,
	};
}

const asObject = (value: unknown): IDataObject | undefined =>
	value !== null && typeof value === 'object' && !Array.isArray(value)
		? (value as IDataObject)
		: undefined;

const time = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : Number.NaN);

/** The element with the latest timestamp (the spec does not order embedded readings). */
function newest(items: unknown, field = 'timestamp'): IDataObject | undefined {
	if (!Array.isArray(items)) return undefined;
	let best: IDataObject | undefined;
	for (const item of items) {
		const candidate = asObject(item);
		if (!candidate || Number.isNaN(time(candidate[field]))) continue;
		if (!best || time(candidate[field]) > time(best[field])) best = candidate;
	}
	return best;
}

/** The space the asset is in now: of the memberships it has not exited, the latest entered. */
function currentSpace(memberships: unknown): IDataObject | undefined {
	if (!Array.isArray(memberships)) return undefined;
	return newest(
		memberships.filter((m) => asObject(m) && (m as IDataObject).hasExited !== true),
		'enteredOn',
	);
}
