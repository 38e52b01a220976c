// actions/asset/: the Asset resource of the action node. One file per operation, as data (method,
// path, fields, checks), and this index, which lists them and gives each its `resource` value (a
// new operation is one file and one line here). Its files import `../types`, `../params`, the
// fields `actions/` shares, `pickers/`, `helpers/` and `coldChain/`; never another resource's
// folder or `trigger/`.
import { defineResource } from '../types';
import { create } from './create';
import { deleteAsset } from './delete';
import { get } from './get';
import { getFacilityHistory } from './getFacilityHistory';
import { getLocations } from './getLocations';
import { getMany } from './getMany';
import { getSpaceHistory } from './getSpaceHistory';
import { getTemperatureSummary } from './getTemperatureSummary';
import { getTemperatures } from './getTemperatures';
import { linkLabel } from './linkLabel';
import { unlinkLabel } from './unlinkLabel';
import { update } from './update';

export const asset = defineResource({
	name: 'Asset',
	value: 'asset',
	defaultOperation: 'getMany',
	operations: [
		create,
		deleteAsset,
		get,
		getMany,
		update,
		linkLabel,
		unlinkLabel,
		getLocations,
		getTemperatures,
		getTemperatureSummary,
		getFacilityHistory,
		getSpaceHistory,
	],
});
