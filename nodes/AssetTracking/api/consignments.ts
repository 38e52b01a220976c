// The endpoints under /consignments, in the OpenAPI's order; each comment is the OpenAPI's summary.
import { defineEndpoint } from './endpoint';

/** Get Consignment */
export const getConsignment = defineEndpoint({
	method: 'GET',
	path: '/consignments/{consignmentId}',
	query: [],
	response: 'object',
});

/** List Gateways in a Consignment */
export const listConsignmentGateways = defineEndpoint({
	method: 'GET',
	path: '/consignments/{consignmentId}/gateways',
	query: ['limit', 'nextToken'],
	response: 'page',
});

/** Add Gateways to a Consignment */
export const addConsignmentGateways = defineEndpoint({
	method: 'POST',
	path: '/consignments/{consignmentId}/gateways',
	query: [],
	response: 'page',
});

/** Remove a Gateway from a Consignment */
export const removeConsignmentGateway = defineEndpoint({
	method: 'DELETE',
	path: '/consignments/{consignmentId}/gateways/{gatewayId}',
	query: [],
	response: 'none',
});

/** List Pieces in a Consignment */
export const listConsignmentPieces = defineEndpoint({
	method: 'GET',
	path: '/consignments/{consignmentId}/pieces',
	query: ['limit', 'nextToken'],
	response: 'page',
});

/** Add Pieces to a Consignment */
export const addConsignmentPieces = defineEndpoint({
	method: 'POST',
	path: '/consignments/{consignmentId}/pieces',
	query: [],
	response: 'page',
});

/** Remove a Piece from a Consignment */
export const removeConsignmentPiece = defineEndpoint({
	method: 'DELETE',
	path: '/consignments/{consignmentId}/pieces/{pieceId}',
	query: [],
	response: 'none',
});
