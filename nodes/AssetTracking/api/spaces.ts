// The endpoints under /spaces, in the OpenAPI's order; each comment is the OpenAPI's summary.
import { defineEndpoint } from './endpoint';

/** Get a Space */
export const getSpace = defineEndpoint({
	method: 'GET',
	path: '/spaces/{spaceId}',
	query: [],
	response: 'object',
});

/** Update a Space */
export const updateSpace = defineEndpoint({
	method: 'PUT',
	path: '/spaces/{spaceId}',
	query: [],
	response: 'object',
});

/** Delete a Space */
export const deleteSpace = defineEndpoint({
	method: 'DELETE',
	path: '/spaces/{spaceId}',
	query: [],
	response: 'none',
});

/** Get Asset history for a Space */
export const getSpaceAssetHistory = defineEndpoint({
	method: 'GET',
	path: '/spaces/{spaceId}/assets',
	query: ['limit', 'nextToken'],
	response: 'page',
});

/** Link a Gateway to a Space */
export const linkSpaceGateway = defineEndpoint({
	method: 'POST',
	path: '/spaces/{spaceId}/gateways',
	query: [],
	response: 'object',
});

/** Update a Gateway */
export const updateSpaceGateway = defineEndpoint({
	method: 'PUT',
	path: '/spaces/{spaceId}/gateways/{gatewayId}',
	query: [],
	response: 'object',
});

/** Unlink a Gateway from a Space */
export const unlinkSpaceGateway = defineEndpoint({
	method: 'DELETE',
	path: '/spaces/{spaceId}/gateways/{gatewayId}',
	query: [],
	response: 'object',
});
