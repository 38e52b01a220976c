import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { advancedCollection, retryOptions } from '../helpers/retryOptions';
import { optionsCollection } from '../helpers/optionsCollection';
import { isRouted, knownOperationRouting, routingOf } from './routed';
import { router } from './router';
import type { OperationDefinition, ResourceDefinition } from './types';
import { allOperations, operationFields } from './operations';
import { resources } from './resources';
import { ADVANCED_SINCE, atVersion } from './versions';

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

/**
 * What a node of `version` shows: Resource, Operation, every operation's fields and the options,
 * those of that version alone (`atVersion`).
 */
export function buildProperties(version: number): INodeProperties[] {
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
	return [
		resource,
		...operationSelectors,
		...sharedFields(version),
		...atVersion(nodeOptions(), version),
	];
}

/** A field as several operations show it, and where: each resource's operations that show it. */
interface SharedField {
	field: INodeProperties;
	key: string;
	shownIn: Map<string, string[]>;
}

/**
 * Every operation's fields at a version, one property for the operations that show the same
 * field (as declared, a picker say): RoutingNode reads the value of every property named as a
 * parameter the node holds, for every item, whether it shows or not, so each copy of a field
 * costs one more reading of its expression. Each operation's fields keep their order: a field
 * joins a property placed after the operation's previous field, or gets one of its own there.
 */
function sharedFields(version: number): INodeProperties[] {
	const placed: SharedField[] = [];
	for (const operation of allOperations()) {
		let previous = -1;
		for (const field of atVersion(operationFields(operation), version)) {
			const key = fieldKey(field);
			let at = placed.findIndex((p, index) => index > previous && p.key === key);
			if (at < 0) placed.splice((at = previous + 1), 0, { field, key, shownIn: new Map() });
			const shownIn = placed[at].shownIn;
			shownIn.set(operation.resource, [
				...(shownIn.get(operation.resource) ?? []),
				operation.operation,
			]);
			previous = at;
		}
	}
	return placed.flatMap(shownWhere);
}

/**
 * A shared field's copies: one displayOptions rule names resources and operations, not pairs of
 * them, so a copy shows for every operation it names of every resource it names. As few copies
 * as that allows: the resources showing it for the same operations start as one copy, and two
 * copies become one where no other operation of their resources falls under the joined rule.
 * Resource and Operation come first in the rule, where they settle most properties at once.
 */
function shownWhere({ field, shownIn }: SharedField): INodeProperties[] {
	const copies: Rule[] = [];
	for (const [resource, operations] of shownIn) {
		const same = copies.find((c) => c.operations.join() === operations.join());
		if (same) same.resources.push(resource);
		else copies.push({ resources: [resource], operations: [...operations] });
	}
	const shows = (rule: Rule) =>
		allOperations().every(
			(o) =>
				!rule.resources.includes(o.resource) ||
				!rule.operations.includes(o.operation) ||
				shownIn.get(o.resource)?.includes(o.operation),
		);
	for (let i = 0; i < copies.length; i++) {
		for (let j = i + 1; j < copies.length; j++) {
			const joined: Rule = {
				resources: [...copies[i].resources, ...copies[j].resources],
				operations: [...new Set([...copies[i].operations, ...copies[j].operations])],
			};
			if (!shows(joined)) continue;
			copies.splice(j, 1);
			copies[i] = joined;
			j = i;
		}
	}
	return copies.map(({ resources: resource, operations: operation }) => ({
		...field,
		displayOptions: {
			...field.displayOptions,
			show: { resource, operation, ...field.displayOptions?.show },
		},
	}));
}

interface Rule {
	resources: string[];
	operations: string[];
}

/** Fields are the same when declared the same; a function in one is its own. */
function fieldKey(field: INodeProperties): string {
	return JSON.stringify(field, (_key, value: unknown) =>
		typeof value === 'function' ? `function#${functionId(value)}` : value,
	);
}

const functionIds = new Map<unknown, number>();
const functionId = (fn: unknown): number => {
	if (!functionIds.has(fn)) functionIds.set(fn, functionIds.size + 1);
	return functionIds.get(fn)!;
};

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
