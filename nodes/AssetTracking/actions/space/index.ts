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
