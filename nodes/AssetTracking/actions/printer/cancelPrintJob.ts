import * as api from '../../api';
import { defineOperation } from '../types';
import { printJobIdField, printJobIdParam } from './common';

export const cancelPrintJob = defineOperation({
	operation: 'cancelPrintJob',
	name: 'Cancel Print Job',
	action: 'Cancel a print job',
	description: 'Cancel a print job',
	endpoint: api.cancelPrintJob,
	fields: [printJobIdField],
	build: (p) => ({ pathParams: printJobIdParam(p) }),
	// 204 without a body: say what happened, rather than the router's "deleted".
	output: (_body, parts) => ({ cancelled: true, ...parts.pathParams }),
});
