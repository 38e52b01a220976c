import { create } from './create';
import { getMany } from './getMany';

export const asset = { name: 'Asset', value: 'asset', defaultOperation: 'getMany', operations: [create, getMany] };
