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
