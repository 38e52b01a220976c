// The endpoints under /assets, in the OpenAPI's order; each comment is the OpenAPI's summary.
import { defineEndpoint } from './endpoint';

/** Get an Asset */
export const getAsset = defineEndpoint({
	method: 'GET',
	path: '/assets/{assetId}',
	query: ['summaryLocations'],
	response: 'object',
});

/** Update an Asset */
export const updateAsset = defineEndpoint({
	method: 'PUT',
	path: '/assets/{assetId}',
	query: [],
	response: 'object',
});

/** Delete an Asset */
export const deleteAsset = defineEndpoint({
	method: 'DELETE',
	path: '/assets/{assetId}',
	query: [],
	response: 'none',
});

/** Get Facility history for an Asset */
export const getAssetFacilityHistory = defineEndpoint({
	method: 'GET',
	path: '/assets/{assetId}/facilities',
	query: ['limit', 'nextToken'],
	response: 'page',
});

/** Link a Label to an Asset */
export const linkAssetLabel = defineEndpoint({
	method: 'POST',
	path: '/assets/{assetId}/labels',
	query: [],
	response: 'object',
});

/** Unlink a Label from an Asset */
export const unlinkAssetLabel = defineEndpoint({
	method: 'DELETE',
	path: '/assets/{assetId}/labels/{bleId}',
	query: [],
	response: 'object',
});

/** Get location history for an Asset */
export const getAssetLocationHistory = defineEndpoint({
	method: 'GET',
	path: '/assets/{assetId}/locations',
	query: ['limit', 'nextToken', 'summaryLocations'],
	response: 'page',
});

/** Get Space history for an Asset */
export const getAssetSpaceHistory = defineEndpoint({
	method: 'GET',
	path: '/assets/{assetId}/spaces',
	query: ['limit', 'nextToken'],
	response: 'page',
});

/** Get temperature history for an Asset */
export const getAssetTemperatureHistory = defineEndpoint({
	method: 'GET',
	path: '/assets/{assetId}/temperatures',
	query: ['limit', 'nextToken'],
	response: 'page',
});
