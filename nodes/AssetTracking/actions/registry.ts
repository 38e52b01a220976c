import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { advancedCollection, retryOptions } from '../helpers/retryOptions';
import { optionsCollection } from '../helpers/optionsCollection';
import { pagingFields } from './fields';
import { isRouted, knownOperationRouting, routingOf } from './routed';
import { router } from './router';
import type { OperationDefinition, ResourceDefinition } from './types';
import { resources } from './resources';

export function findOperation(
	resource: string,
	operation: string,
): OperationDefinition | undefined {
	return resources
		.find((r) => r.value === resource)
		?.operations.find((o) => o.operation === operation);
}

export const allOperations = (): OperationDefinition[] => resources.flatMap((r) => r.operations);

function showFor(operation: OperationDefinition, field: INodeProperties): INodeProperties {
	return {
		...field,
		displayOptions: {
			...field.displayOptions,
			show: {
				...field.displayOptions?.show,
				resource: [operation.resource],
				operation: [operation.operation],
			},
		},
	};
}

/** An operation in the Operation list; a routed one carries its routing (routed.ts). */
function operationOption(operation: OperationDefinition): INodePropertyOptions {
	const { name, operation: value, action, description } = operation;
	return {
		name,
		value,
		action,
		description,
		...(isRouted(operation) ? { routing: routingOf(operation) } : {}),
	};
}

type CustomOperations = Record<
	string,
	Record<string, (this: IExecuteFunctions) => Promise<INodeExecutionData[][]>>
>;

/** The operations routing cannot run (lists, batch creates, computed outputs): the router's. */
export function customOperations(): CustomOperations {
	const out: CustomOperations = {};
	for (const operation of allOperations().filter((o) => !isRouted(o))) {
		(out[operation.resource] ??= {})[operation.operation] = router;
	}
	return out;
}

function operationSelector({
	value,
	operations,
	defaultOperation,
}: ResourceDefinition): INodeProperties {
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [value] } },
		options: operations.map(operationOption).sort(byName),
		// The first operation in the list is not always the one a user wants first.
		default: defaultOperation,
	};
}

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);

/** Resource, Operation and every operation's fields, with their displayOptions, from the data. */
export function buildProperties(): INodeProperties[] {
	const resource: INodeProperties = {
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		options: resources.map(({ name, value }) => ({ name, value })).sort(byName),
		default: 'asset',
		routing: knownOperationRouting,
	};
	const operationSelectors = resources.map(operationSelector);
	const fields = allOperations().flatMap((operation) =>
		[...(operation.fields ?? []), ...(operation.list ? pagingFields : [])].map((field) =>
			showFor(operation, field),
		),
	);
	return [resource, ...operationSelectors, ...fields, ...nodeOptions()];
}

/** The node version from which the transport settings sit in Advanced, not in Options. */
export const ADVANCED_SINCE = 3;

/**
 * The Batch Requests option, once per resource that has batch operations, shown only for those
 * operations of that resource: one displayOptions rule cannot express resource+operation pairs,
 * and a rule built from all batch resources and all batch operations would match wrong pairings.
 */
function batchingOptions(): Array<{
	resource: string;
	operations: string[];
	option: INodeProperties;
}> {
	return resources
		.map((resource) => ({
			resource: resource.value,
			batching: resource.operations.filter((o) => o.batch),
		}))
		.filter(({ batching }) => batching.length > 0)
		.map(({ resource, batching }) => {
			const operations = batching.map((o) => o.operation);
			return {
				resource,
				operations,
				option: {
					displayName: 'Batch Requests',
					name: 'batching',
					type: 'boolean',
					default: true,
					description: `Whether to combine input items into as few requests as the service allows (up to ${perRequest(batching)} per request). Each input item still gets its own output item.`,
					displayOptions: { show: { '/resource': [resource], '/operation': operations } },
				},
			};
		});
}

/** The most items one request takes, in words: "1,000", or each operation's when they differ. */
function perRequest(operations: OperationDefinition[]): string {
	const maxima = [...new Set(operations.map((o) => o.batch!.max))];
	if (maxima.length === 1) return maxima[0].toLocaleString('en-US');
	return operations.map((o) => `${o.batch!.max.toLocaleString('en-US')} for ${o.name}`).join(', ');
}

const WHEN_EXHAUSTED =
	"Input items whose request still fails get an error (or stop the node). Use these rather than n8n's Settings → Retry On Fail, which re-runs the whole node: every input item again, so creates that already succeeded (a whole batch of up to 1,000) would be sent twice.";

/**
 * Options: batching where the service takes arrays, and how hard to retry. Versions 1 and 2 keep
 * the retry settings in one Options collection for every operation, as their saved workflows hold
 * them; from version 3 they are in Advanced, and Options (Batch Requests alone) shows only for
 * the batch operations, one collection per resource.
 */
function nodeOptions(): INodeProperties[] {
	const batching = batchingOptions();
	const before = { '@version': [{ _cnd: { lt: ADVANCED_SINCE } }] };
	const since = { '@version': [{ _cnd: { gte: ADVANCED_SINCE } }] };
	return [
		{
			...optionsCollection([...batching.map((b) => b.option), ...retryOptions(WHEN_EXHAUSTED)]),
			displayOptions: { show: before },
		},
		...batching.map(({ resource, operations, option }) => ({
			...optionsCollection([option]),
			displayOptions: { show: { resource: [resource], operation: operations, ...since } },
		})),
		advancedCollection(WHEN_EXHAUSTED, ADVANCED_SINCE),
	];
}
