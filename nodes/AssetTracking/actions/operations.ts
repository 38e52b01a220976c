import type { INodeProperties } from 'n8n-workflow';

import { pagingFields } from './fields';
import { resources } from './resources';
import type { OperationDefinition } from './types';

/**
 * The operations as data, below what runs them: the registry (the node's description, the
 * routing, the custom operations) and the router both read them here.
 */
export function findOperation(
	resource: string,
	operation: string,
): OperationDefinition | undefined {
	return resources
		.find((r) => r.value === resource)
		?.operations.find((o) => o.operation === operation);
}

export const allOperations = (): OperationDefinition[] => resources.flatMap((r) => r.operations);

/** An operation's fields as the node shows them: its own, then Return All and Limit for a list. */
export const operationFields = (operation: OperationDefinition): INodeProperties[] => [
	...(operation.fields ?? []),
	...(operation.list ? pagingFields : []),
];
