// actions/workspace/: the Workspace resource of the action node. One file per operation, as data
// (method, path, fields, checks), and this index, which lists them and gives each its `resource`
// value (a new operation is one file and one line here). Its files import `../types`, `../params`,
// the fields `actions/` shares, `pickers/` and `helpers/`; never another resource's folder or
// `trigger/`.
import { defineResource } from '../types';
import { get } from './get';
import { getMany } from './getMany';

export const workspace = defineResource({
	name: 'Workspace',
	value: 'workspace',
	defaultOperation: 'getMany',
	operations: [get, getMany],
});
