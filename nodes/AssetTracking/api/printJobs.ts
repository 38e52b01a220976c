// The endpoints under /print-jobs, in the OpenAPI's order; each comment is the OpenAPI's summary.
import { defineEndpoint } from './endpoint';

/** Get a Print Job */
export const getPrintJob = defineEndpoint({
	method: 'GET',
	path: '/print-jobs/{printJobId}',
	query: [],
	response: 'object',
});

/** Cancel a Print Job */
export const cancelPrintJob = defineEndpoint({
	method: 'DELETE',
	path: '/print-jobs/{printJobId}',
	query: [],
	response: 'none',
});

/** Get statuses for a Print Job */
export const getPrintJobStatuses = defineEndpoint({
	method: 'GET',
	path: '/print-jobs/{printJobId}/statuses',
	query: ['limit', 'nextToken'],
	response: 'page',
});
