import { defineOperation } from '../types';
import { printJobIdField, printJobIdParam } from './common';

export const getPrintJobStatuses = defineOperation({
	operation: 'getPrintJobStatuses',
	name: 'Get Print Job Statuses',
	action: 'Get the statuses of a print job',
	description: 'List the statuses a print job went through, each with its time',
	method: 'GET',
	path: '/print-jobs/{printJobId}/statuses',
	list: true,
	fields: [printJobIdField],
	build: (p) => ({ pathParams: printJobIdParam(p) }),
});
