// actions/space/: the Space resource of the action node. One file per operation, as data (method,
// path, fields, checks), and this index, which lists them and gives each its `resource` value (a
// new operation is one file and one line here). Its files import `../types`, `../params`, the
// fields `actions/` shares, `pickers/` and `helpers/`; never another resource's folder or
// `trigger/`.
import { defineResource } from '../types';
import { create } from './create';
import { deleteSpace } from './delete';
import { get } from './get';
import { getAssetHistory } from './getAssetHistory';
import { getMany } from './getMany';
import { linkGateway } from './linkGateway';
import { unlinkGateway } from './unlinkGateway';
import { update } from './update';
import { updateGateway } from './updateGateway';

export const space = defineResource({
	name: 'Space',
	value: 'space',
	defaultOperation: 'getMany',
	operations: [
		create,
		deleteSpace,
		get,
		getMany,
		update,
		getAssetHistory,
		linkGateway,
		updateGateway,
		unlinkGateway,
	],
});
