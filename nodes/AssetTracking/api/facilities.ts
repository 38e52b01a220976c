// The endpoints under /facilities, in the OpenAPI's order; each comment is the OpenAPI's summary.
import { defineEndpoint } from './endpoint';

/** Get a Facility */
export const getFacility = defineEndpoint({
	method: 'GET',
	path: '/facilities/{facilityId}',
	query: [],
	response: 'object',
});

/** Get Asset Groups in a Facility */
export const getFacilityAssetGroups = defineEndpoint({
	method: 'GET',
	path: '/facilities/{facilityId}/asset-groups',
	query: ['limit', 'nextToken'],
	response: 'page',
});
