import { getMany } from './getMany';

export const assetGroup = {
	name: 'Asset Group',
	value: 'assetGroup',
	defaultOperation: 'getMany',
	operations: [getMany],
};
