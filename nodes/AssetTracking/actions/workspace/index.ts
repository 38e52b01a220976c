import { defineResource } from '../types';
import { get } from './get';
import { getMany } from './getMany';

export const workspace = defineResource({
	name: 'Workspace',
	value: 'workspace',
	defaultOperation: 'getMany',
	operations: [get, getMany],
});
