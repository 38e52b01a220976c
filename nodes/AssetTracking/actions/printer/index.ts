import { defineResource } from '../types';
import { cancelPrintJob } from './cancelPrintJob';
import { createPrintJobs } from './createPrintJobs';
import { get } from './get';
import { getMany } from './getMany';
import { getPrintJob } from './getPrintJob';
import { getPrintJobStatuses } from './getPrintJobStatuses';
import { getPrintJobs } from './getPrintJobs';
import { getTemplates } from './getTemplates';
import { remove } from './remove';
import { update } from './update';

export const printer = defineResource({
	name: 'Printer',
	value: 'printer',
	defaultOperation: 'getMany',
	operations: [
		get,
		getMany,
		update,
		remove,
		getTemplates,
		createPrintJobs,
		getPrintJobs,
		getPrintJob,
		cancelPrintJob,
		getPrintJobStatuses,
	],
});
