import * as api from '../../api';
import { defineOperation } from '../types';
import { printJobIdField, printJobIdParam } from './common';

export const getPrintJobStatuses = defineOperation({
	operation: 'getPrintJobStatuses',
	name: 'Get Print Job Statuses',
	action: 'Get the statuses of a print job',
	description:
		'List the statuses the print job given by print job ID went through, each with its time; outputs one item per status. Return All reads every page, otherwise Limit caps the count',
	endpoint: api.getPrintJobStatuses,
	list: true,
	fields: [printJobIdField],
	build: (p) => ({ pathParams: printJobIdParam(p) }),
});
