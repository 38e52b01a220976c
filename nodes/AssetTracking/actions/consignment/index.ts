// actions/consignment/: the Consignment resource of the action node. One file per operation, as
// data (method, path, fields, checks), and this index, which lists them and gives each its
// `resource` value (a new operation is one file and one line here). Its files import `../types`,
// `../params`, the fields `actions/` shares, `pickers/` and `helpers/`; never another resource's
// folder or `trigger/`.
import { defineResource } from '../types';
import { create } from './create';
import { get } from './get';
import { getMany } from './getMany';
import { update } from './update';

export const consignment = defineResource({
	name: 'Consignment',
	value: 'consignment',
	defaultOperation: 'getMany',
	operations: [create, get, getMany, update],
});
