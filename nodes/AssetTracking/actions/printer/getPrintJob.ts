import { defineOperation } from '../types';
import { printJobIdField, printJobIdParam } from './common';

export const getPrintJob = defineOperation({
	operation: 'getPrintJob',
	name: 'Get Print Job',
	action: 'Get a print job',
	description:
		'Retrieve one print job by its print job ID; outputs the print job with its current status',
	method: 'GET',
	path: '/print-jobs/{printJobId}',
	fields: [printJobIdField],
	build: (p) => ({ pathParams: printJobIdParam(p) }),
});
