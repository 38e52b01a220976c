import { get } from './get';
import { getMany } from './getMany';

export const workspace = {
	name: 'Workspace',
	value: 'workspace',
	defaultOperation: 'getMany',
	operations: [get, getMany],
};
