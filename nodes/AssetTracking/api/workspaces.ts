// The endpoints under /workspaces, in the OpenAPI's order; each comment is the OpenAPI's summary.
import { defineEndpoint } from './endpoint';

/** List available Workspaces */
export const listWorkspaces = defineEndpoint({
	method: 'GET',
	path: '/workspaces',
	query: ['limit', 'nextToken'],
	response: 'page',
});

/** Get a Workspace */
export const getWorkspace = defineEndpoint({
	method: 'GET',
	path: '/workspaces/{workspaceId}',
	query: [],
	response: 'page',
});

/** List Assets in a Workspace */
export const listAssets = defineEndpoint({
	method: 'GET',
	path: '/workspaces/{workspaceId}/assets',
	query: ['limit', 'nextToken', 'inSpaceIds', 'bleIds', 'searchTerm'],
	response: 'page',
});

/** Create new Assets in Workspace */
export const createAssets = defineEndpoint({
	method: 'POST',
	path: '/workspaces/{workspaceId}/assets',
	query: [],
	response: 'page',
});

/** List Consignments in a Workspace */
export const listConsignments = defineEndpoint({
	method: 'GET',
	path: '/workspaces/{workspaceId}/consignments',
	query: ['limit', 'nextToken', 'trackingRef'],
	response: 'page',
});

/** Create new Consignment in Workspace */
export const createConsignment = defineEndpoint({
	method: 'POST',
	path: '/workspaces/{workspaceId}/consignments',
	query: [],
	response: 'page',
});

/** Update a Consignment using a Tracking Reference */
export const updateConsignmentByTrackingRef = defineEndpoint({
	method: 'PATCH',
	path: '/workspaces/{workspaceId}/consignments',
	query: ['trackingRef'],
	response: 'object',
});

/** List Facilities in a Workspace */
export const listFacilities = defineEndpoint({
	method: 'GET',
	path: '/workspaces/{workspaceId}/facilities',
	query: ['limit', 'nextToken'],
	response: 'page',
});

/** List Print Templates in a Workspace */
export const listPrintTemplates = defineEndpoint({
	method: 'GET',
	path: '/workspaces/{workspaceId}/print-templates',
	query: [],
	response: 'page',
});

/** List Printers in a Workspace */
export const listPrinters = defineEndpoint({
	method: 'GET',
	path: '/workspaces/{workspaceId}/printers',
	query: ['limit', 'nextToken'],
	response: 'page',
});

/** Get a Printer */
export const getPrinter = defineEndpoint({
	method: 'GET',
	path: '/workspaces/{workspaceId}/printers/{printerId}',
	query: [],
	response: 'object',
});

/** Update a Printer */
export const updatePrinter = defineEndpoint({
	method: 'PUT',
	path: '/workspaces/{workspaceId}/printers/{printerId}',
	query: [],
	response: 'object',
});

/** Remove a Printer from a Workspace */
export const removePrinter = defineEndpoint({
	method: 'DELETE',
	path: '/workspaces/{workspaceId}/printers/{printerId}',
	query: [],
	response: 'none',
});

/** List spaces in a Workspace */
export const listSpaces = defineEndpoint({
	method: 'GET',
	path: '/workspaces/{workspaceId}/spaces',
	query: ['limit', 'nextToken', 'searchTerm'],
	response: 'page',
});

/** Create new Spaces in Workspace */
export const createSpaces = defineEndpoint({
	method: 'POST',
	path: '/workspaces/{workspaceId}/spaces',
	query: [],
	response: 'page',
});
