// The endpoints under /printers, in the OpenAPI's order; each comment is the OpenAPI's summary.
import { defineEndpoint } from './endpoint';

/** Get Print Jobs for a Printer */
export const getPrinterPrintJobs = defineEndpoint({
	method: 'GET',
	path: '/printers/{printerId}/print-jobs',
	query: ['limit', 'nextToken'],
	response: 'page',
});

/** Send Print Jobs to a Printer */
export const sendPrintJobs = defineEndpoint({
	method: 'POST',
	path: '/printers/{printerId}/print-jobs',
	query: [],
	response: 'page',
});
