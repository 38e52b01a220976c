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
