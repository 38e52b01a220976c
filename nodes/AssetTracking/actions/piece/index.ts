import { create } from './create';
import { deletePiece } from './delete';
import { getMany } from './getMany';

export const piece = {
	name: 'Piece',
	value: 'piece',
	defaultOperation: 'getMany',
	operations: [create, deletePiece, getMany],
};
