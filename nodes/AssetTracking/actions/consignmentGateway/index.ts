// actions/consignmentGateway/: the Consignment Gateway resource of the action node. One file per
// operation, as data (method, path, fields, checks), and this index, which lists them and gives
// each its `resource` value (a new operation is one file and one line here). Its files import
// `../types`, `../params`, the fields `actions/` shares, `pickers/` and `helpers/`; never another
// resource's folder or `trigger/`.
import { defineResource } from '../types';
import { add } from './add';
import { getMany } from './getMany';
import { remove } from './remove';

export const consignmentGateway = defineResource({
	name: 'Consignment Gateway',
	value: 'consignmentGateway',
	defaultOperation: 'getMany',
	operations: [add, getMany, remove],
});
