import { remove } from './remove';

export const consignmentGateway = {
	name: 'Consignment Gateway',
	value: 'consignmentGateway',
	defaultOperation: 'remove',
	operations: [remove],
};
