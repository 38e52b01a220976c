import type { IDataObject } from 'n8n-workflow';

import { asObject, currentStay, itemsOf, newest, simplifyFields } from '../simplify';

/** The Simplify toggle of Get and Get Many assets (off at node version 1, on from version 2). */
export const simplifyField = simplifyFields(
	'Whether to return a flat version of each asset (name, newest temperature, current space and newest location with their times, label and IDs) instead of the raw data',
);

/**
 * The flat form of one asset. Fields the service did not send are null, so every row has every
 * column. Version 1 keeps the columns saved workflows were built on; from version 2 they come in
 * the order a person reads them (name, temperature, space, location, then identifiers) and
 * workspaceId, the same on every row of a list, is left out.
 */
export function simplifyAsset(asset: IDataObject, version: number): IDataObject {
	const label = asObject(asset.label);
	const space = currentStay(asset.inSpaces);
	const temperature = newest(itemsOf(asset.temperatures));
	const location = newest(itemsOf(asset.locations));
	const coordinate = asObject(location?.coordinate);
	const columns = {
		id: asset.id,
		name: asset.name,
		workspaceId: asset.workspaceId,
		createdOn: asset.createdOn,
		bleId: label?.bleId,
		nfcId: label?.nfcId,
		spaceId: space?.spaceId,
		spaceName: space?.spaceName,
		spaceEnteredOn: space?.enteredOn,
		degreesCelsius: temperature?.degreesCelsius,
		temperatureTimestamp: temperature?.timestamp,
		latitude: coordinate?.latitude,
		longitude: coordinate?.longitude,
		accuracy: coordinate?.accuracy,
		locationTimestamp: location?.timestamp,
	};
	return inOrder(columns, version === 1 ? COLUMNS_V1 : COLUMNS);
}

/** Version 1's columns, in version 1's order. */
const COLUMNS_V1 = [
	'id',
	'name',
	'workspaceId',
	'createdOn',
	'bleId',
	'nfcId',
	'spaceId',
	'spaceName',
	'spaceEnteredOn',
	'degreesCelsius',
	'temperatureTimestamp',
	'latitude',
	'longitude',
	'accuracy',
	'locationTimestamp',
] as const;

/** From version 2: as a person reads an asset, identifiers last; no workspaceId. */
const COLUMNS = [
	'name',
	'degreesCelsius',
	'temperatureTimestamp',
	'spaceName',
	'spaceEnteredOn',
	'latitude',
	'longitude',
	'accuracy',
	'locationTimestamp',
	'createdOn',
	'id',
	'spaceId',
	'bleId',
	'nfcId',
] as const;

/** The named columns, in that order; a value the service did not send is null. */
function inOrder<T extends Record<string, unknown>>(
	columns: T,
	order: ReadonlyArray<keyof T & string>,
): IDataObject {
	const row: IDataObject = {};
	for (const column of order) row[column] = (columns[column] ?? null) as IDataObject[string];
	return row;
}
