import * as api from '../../api';
import { defineOperation } from '../types';
import { printJobIdField, printJobIdParam } from './common';

export const getPrintJob = defineOperation({
	operation: 'getPrintJob',
	name: 'Get Print Job',
	action: 'Get a print job',
	description: 'Get a print job and its current status',
	endpoint: api.getPrintJob,
	fields: [printJobIdField],
	build: (p) => ({ pathParams: printJobIdParam(p) }),
});
