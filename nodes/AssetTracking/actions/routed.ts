import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type {
	IExecuteFunctions,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeExecutionData,
	INodePropertyRouting,
	JsonObject,
} from 'n8n-workflow';

import { AssetTrackingClient, type TransportPolicy } from '../transport';
import { operationOf, readerOf, retryPolicy, routeItem } from './router';
import type { OperationDefinition, RequestParts } from './types';
import { assertOneWorkflowCopy } from './workflowCopy';

/**
 * Routed operations: one input item is one answer of the service (a Get, Update or Delete of one
 * object, a single create, link and unlink, cancel print job). n8n's RoutingNode runs them; their
 * `routing` is generated here from the operation's data and its endpoint, so an operation stays
 * one file. The request itself goes through the pack's transport, from RoutingNode's pagination
 * hook (retries and Retry-After, no repeated writes, deadlines, size caps, redaction, one token
 * for a cold credential, request-ids, no redirects, shape checks): RoutingNode's own request
 * helper is never called.
 *
 * Lists with Return All, batch creates and computed outputs are custom operations (the router):
 * see docs/actions.md for why.
 */
export const isRouted = (operation: OperationDefinition): boolean =>
	!operation.list && !operation.batch && !operation.compute && !operation.computeItem;

/** The routing of a routed operation: its method and path, its check, and the transport. */
export function routingOf(operation: OperationDefinition): INodePropertyRouting {
	return {
		request: { method: operation.method, url: operation.path },
		send: {
			paginate: true,
			preSend: [
				async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
					return await checkItem(this, operation, options);
				},
			],
		},
		operations: {
			pagination: async function (this: IExecutePaginationFunctions) {
				return await sendItem(this, operation);
			},
		},
	};
}

/**
 * The Resource selector's routing: an operation that is neither routed nor custom (a workflow
 * naming one this version does not have) would reach RoutingNode with no request at all; it is
 * refused by name before anything is sent, as the router refuses it.
 */
export const knownOperationRouting: INodePropertyRouting = {
	send: {
		preSend: [
			async function (this: IExecuteSingleFunctions, options: IHttpRequestOptions) {
				// Resource and Operation are the node's, not an item's: checked once a run.
				const run = runOf(this);
				if (run.operationKnown) return options;
				try {
					const ctx = contextOf(run, this);
					assertOneWorkflowCopy(ctx);
					operationOf(ctx);
				} catch (error) {
					throw asRoutedError(this, error, this.getItemIndex());
				}
				run.operationKnown = true;
				return options;
			},
		],
	},
};

/**
 * What the items of one run of the node share: one client (one token for a cold credential, the
 * settings read once), and their order: RoutingNode starts every item's request at once, the
 * pack sends them one at a time, and none after an item that stops the node.
 */
interface RoutedRun {
	client?: AssetTrackingClient;
	/** The transport settings, read and checked at the first item (they are the node's, not an item's). */
	policy?: TransportPolicy;
	/** Each item's request as its preSend read and checked it: the hook sends it as it is. */
	built: Map<number, RequestParts>;
	/** Settles when the item before has finished. */
	tail: Promise<void>;
	/** An item failed without Continue On Fail: the node stops, later items send nothing. */
	stopped: boolean;
	/** The node's Resource and Operation name an operation of this version. */
	operationKnown?: boolean;
	/** The router's view of the run (`contextOf`), made at the first item. */
	ctx?: IExecuteFunctions;
	/** The contexts of the items being read or sent, by item index. */
	items: Map<number, IExecuteSingleFunctions>;
}

const runs = new WeakMap<object, RoutedRun>();

function runOf(single: IExecuteSingleFunctions): RoutedRun {
	// One object per run of the node, the same for all its items' contexts.
	const key = single.getExecuteData?.() as object | undefined;
	const fresh = (): RoutedRun => ({
		tail: Promise.resolve(),
		stopped: false,
		built: new Map(),
		items: new Map(),
	});
	if (!key) return fresh();
	let run = runs.get(key);
	if (!run) runs.set(key, (run = fresh()));
	return run;
}

/**
 * The preSend: every parameter of the item read and checked (expressions included) before
 * anything is sent. A refusal stops the node with the pack's message (see `asRoutedError`);
 * under Continue On Fail the item's error item is made by `sendItem`, which checks again.
 */
async function checkItem(
	single: IExecuteSingleFunctions,
	operation: OperationDefinition,
	options: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	if (single.continueOnFail()) return options;
	const run = runOf(single);
	const ctx = contextOf(run, single);
	const itemIndex = single.getItemIndex();
	try {
		run.policy ??= retryPolicy(ctx);
		// Read once: every reading of a parameter holding an expression evaluates it again.
		if (operation.build)
			run.built.set(itemIndex, operation.build(readerOf(ctx, itemIndex, operation)));
	} catch (error) {
		run.stopped = true;
		throw asRoutedError(single, error, itemIndex);
	}
	return options;
}

/** The pagination hook: the item run through the transport, after the item before it. */
async function sendItem(
	single: IExecutePaginationFunctions,
	operation: OperationDefinition,
): Promise<INodeExecutionData[]> {
	const run = runOf(single);
	const before = run.tail;
	let done!: () => void;
	run.tail = new Promise((resolve) => (done = resolve));
	const itemIndex = single.getItemIndex();
	try {
		await before;
		if (run.stopped) return [];
		const ctx = contextOf(run, single);
		run.client ??= new AssetTrackingClient(ctx, (run.policy ??= retryPolicy(ctx)));
		const built = run.built.get(itemIndex);
		run.built.delete(itemIndex);
		return await routeItem(ctx, run.client, operation, itemIndex, built);
	} catch (error) {
		if (!single.continueOnFail()) run.stopped = true;
		throw asRoutedError(single, error, itemIndex);
	} finally {
		run.items.delete(itemIndex);
		done();
	}
}

/**
 * RoutingNode re-wraps every failure that is not a NodeApiError into one, and that constructor
 * puts stock text in place of a message holding ENOENT, EEXIST, ... The pack makes the wrap
 * itself, as n8n would (a NodeApiError around the refusal, `tags.reWrapped`), keeping the
 * message, the description, the item index and the declared failure.
 */
function asRoutedError(
	single: IExecuteSingleFunctions,
	error: unknown,
	itemIndex: number,
): unknown {
	if (!(error instanceof NodeOperationError)) return error;
	const { message, description, failure } = error;
	const wrap = new NodeApiError(single.getNode(), error as unknown as JsonObject, {
		message,
		description: description ?? undefined,
		itemIndex,
		failure,
	});
	wrap.message = message;
	wrap.description = description;
	wrap.messages = [];
	return wrap;
}

/**
 * The run's context as the router reads parameters, one for all its items: RoutingNode hands
 * each item a context of its own, whose getNodeParameter has no item index, so a reading of
 * item i goes to item i's context (`items`, filled as items are checked and sent). One object a
 * run, not one per item: a context made the prototype of a new object per item cost about 10 µs
 * each (V8 turns an object into a prototype at the first Object.create of it).
 */
function contextOf(run: RoutedRun, single: IExecuteSingleFunctions): IExecuteFunctions {
	run.items.set(single.getItemIndex(), single);
	if (run.ctx) return run.ctx;
	const ctx = Object.create(single) as IExecuteFunctions;
	ctx.getNodeParameter = ((name: string, itemIndex: number, fallback?: unknown, options?: object) =>
		(run.items.get(itemIndex) ?? single).getNodeParameter(
			name,
			fallback,
			options,
		)) as IExecuteFunctions['getNodeParameter'];
	return (run.ctx = ctx);
}
