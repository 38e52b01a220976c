import { defineResource } from '../types';
import { getMany } from './getMany';

export const assetGroup = defineResource({
	name: 'Asset Group',
	value: 'assetGroup',
	defaultOperation: 'getMany',
	operations: [getMany],
});
