import { defineResource } from '../types';
import { create } from './create';
import { deletePiece } from './delete';
import { getMany } from './getMany';

export const piece = defineResource({
	name: 'Piece',
	value: 'piece',
	defaultOperation: 'getMany',
	operations: [create, deletePiece, getMany],
});
