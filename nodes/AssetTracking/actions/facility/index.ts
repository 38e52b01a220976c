import { get } from './get';
import { getMany } from './getMany';

export const facility = {
	name: 'Facility',
	value: 'facility',
	defaultOperation: 'getMany',
	operations: [get, getMany],
};
