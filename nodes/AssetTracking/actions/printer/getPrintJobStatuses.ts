import * as api from '../../api';
import { defineOperation } from '../types';
import { printJobIdField, printJobIdParam } from './common';

export const getPrintJobStatuses = defineOperation({
	operation: 'getPrintJobStatuses',
	name: 'Get Print Job Statuses',
	action: 'Get the statuses of a print job',
	description: 'Get the statuses a print job went through, with their times',
	endpoint: api.getPrintJobStatuses,
	list: true,
	fields: [printJobIdField],
	build: (p) => ({ pathParams: printJobIdParam(p) }),
});
