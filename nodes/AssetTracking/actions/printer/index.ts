// actions/printer/: the Printer resource of the action node. One file per operation, as data
// (method, path, fields, checks), and this index, which lists them and gives each its `resource`
// value (a new operation is one file and one line here). Its files import `../types`, `../params`,
// the fields `actions/` shares, `pickers/` and `helpers/`; never another resource's folder or
// `trigger/`.
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
