import { defineResource } from '../types';
import { create } from './create';
import { deleteAsset } from './delete';
import { get } from './get';
import { getFacilityHistory } from './getFacilityHistory';
import { getLocations } from './getLocations';
import { getMany } from './getMany';
import { getSpaceHistory } from './getSpaceHistory';
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
		getFacilityHistory,
		getSpaceHistory,
	],
});
