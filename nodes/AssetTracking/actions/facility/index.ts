import { defineResource } from '../types';
import { get } from './get';
import { getMany } from './getMany';

export const facility = defineResource({
	name: 'Facility',
	value: 'facility',
	defaultOperation: 'getMany',
	operations: [get, getMany],
});
