import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { requestTo } from '../api';
import { readRequestOptions, type RequestOptions } from '../helpers/requestOptions';
import { readRetryPolicy, transportCollection } from '../helpers/retryOptions';
import {
	asNotFound,
	AssetTrackingClient,
	excerpt,
	paginate,
	refusal,
	requestError,
} from '../transport';
import type { ApiRequest, ApiResponse, PathParams, TransportPolicy } from '../transport';
import { quoteText, rules } from '../helpers/validation';
import { ParamReader } from './params';
import { findOperation, operationFields } from './operations';
import { ADVANCED_SINCE } from './versions';
import { assertOneWorkflowCopy } from './workflowCopy';
import type {
	ListPages,
	ListReader,
	ObjectReader,
	OperationDefinition,
	OperationResponse,
	RequestParts,
	ServiceReads,
} from './types';

/**
 * The one item loop of the node: it owns paired items, continueOnFail and batching, so the
 * operations only describe their requests.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	assertOneWorkflowCopy(this);
	const items = this.getInputData();
	const operation = operationOf(this);
	const client = new AssetTrackingClient(this, retryPolicy(this));
	const outputs: INodeExecutionData[][] = items.map(() => []);
	const run = new Runner(this, client, operation, outputs);

	const options = this.getNodeParameter('options', 0, {}) as IDataObject;
	const { batching: spacing } = requestOptionsOf(this);
	if (operation.batch && options.batching !== false) {
		await run.batched(items.length, spacing);
	} else {
		for (let i = 0; i < items.length; i++) {
			await spaced(spacing, i);
			await run.single(i);
		}
	}
	return [inInputOrder(outputs)];
}

/** The operation the node's Resource and Operation name; a refusal naming them when none. */
export function operationOf(ctx: IExecuteFunctions): OperationDefinition {
	const resource = ctx.getNodeParameter('resource', 0) as string;
	const operationName = ctx.getNodeParameter('operation', 0) as string;
	const operation = findOperation(resource, operationName);
	if (operation) return operation;
	throw refusal(
		ctx.getNode(),
		`The resource ${quoteText(String(resource))} has no operation ${quoteText(String(operationName))}`,
	);
}

/**
 * One input item of a routed operation, run as the router runs it (its checks, its request
 * through `client`, its output, paired item and Continue On Fail item): what the pagination hook
 * of the operation's routing returns to n8n's RoutingNode (routed.ts).
 */
export async function routeItem(
	ctx: IExecuteFunctions,
	client: AssetTrackingClient,
	operation: OperationDefinition,
	itemIndex: number,
	built?: RequestParts,
): Promise<INodeExecutionData[]> {
	const outputs: INodeExecutionData[][] = [];
	outputs[itemIndex] = [];
	await new Runner(ctx, client, operation, outputs).single(itemIndex, built);
	return outputs[itemIndex];
}

/**
 * How an operation reads one item's parameters: its fields, Return All and Limit with a list,
 * give each its label, the name a refusal says ("Limit", not "limit").
 */
export const readerOf = (
	ctx: IExecuteFunctions,
	itemIndex: number,
	operation: OperationDefinition,
): ParamReader => new ParamReader(ctx, itemIndex, operationFields(operation));

/** The outputs of all input items, in input order; a single item's list is returned as it is. */
function inInputOrder(outputs: INodeExecutionData[][]): INodeExecutionData[] {
	if (outputs.length === 1) return outputs[0];
	const all: INodeExecutionData[] = [];
	for (const out of outputs) for (const item of out) all.push(item);
	return all;
}

/**
 * The transport settings: in Advanced from version 3, in Options before (as saved); with n8n's
 * Request Options (a proxy, Ignore SSL Issues, and a Timeout when shorter).
 */
export function retryPolicy(ctx: IExecuteFunctions): TransportPolicy {
	const node = ctx.getNode();
	const collection = transportCollection(node.typeVersion, ADVANCED_SINCE);
	const policy = readRetryPolicy(node, ctx.getNodeParameter(collection, 0, {}) as IDataObject);
	const { timeoutMs, proxy, skipSslCertificateValidation } = requestOptionsOf(ctx);
	return {
		...policy,
		proxy,
		skipSslCertificateValidation,
		timeoutMs: Math.min(policy.timeoutMs, timeoutMs ?? Infinity),
	};
}

const requestOptionsOf = (ctx: IExecuteFunctions): RequestOptions =>
	readRequestOptions(ctx.getNode(), ctx.getNodeParameter('requestOptions', 0, {}) as IDataObject);

/**
 * Request Options → Batching for a custom operation (RoutingNode spaces a routed one's items
 * itself): a wait of its interval before every `size`-th input item or batch request.
 */
async function spaced(spacing: RequestOptions['batching'], index: number) {
	if (spacing && index > 0 && index % spacing.size === 0) await sleep(spacing.intervalMs);
}

class Runner {
	constructor(
		private readonly ctx: IExecuteFunctions,
		private readonly client: AssetTrackingClient,
		private readonly operation: OperationDefinition,
		private readonly outputs: INodeExecutionData[][],
	) {}

	/**
	 * One input item on its own: a list, a batch operation's element alone, or one call (its
	 * request as `built` when a routed item's preSend has read it).
	 */
	async single(itemIndex: number, built?: RequestParts) {
		try {
			const reader = readerOf(this.ctx, itemIndex, this.operation);
			if (this.operation.compute || this.operation.computeItem) {
				await this.computed(itemIndex, reader);
			} else if (this.operation.list) await this.list(itemIndex, reader);
			else if (this.operation.batch && !this.operation.build) await this.alone(itemIndex, reader);
			else await this.call(itemIndex, reader, built);
		} catch (error) {
			this.fail([itemIndex], error);
		}
	}

	/** A paged list: one output per element, up to the item's Limit. */
	private async list(itemIndex: number, reader: ParamReader) {
		const parts = this.operation.build?.(reader) ?? {};
		const limit = this.limit(reader);
		for await (const page of paginate(this.client, this.request(parts), { limit, itemIndex })) {
			const items = await this.completed(page.items as IDataObject[], itemIndex, reader);
			const elements = this.operation.output
				? toList(this.operation.output({ items }, parts, reader))
				: items;
			this.emit(itemIndex, elements, limit);
		}
	}

	/** An operation that is code: its output, from the lists it pages through the transport. */
	private async computed(itemIndex: number, reader: ParamReader) {
		const client = this.client;
		const pages: ListPages = (endpoint, request = {}) => ({
			async *[Symbol.asyncIterator]() {
				const { firstPageSize, ...parts } = request;
				const read = paginate<IDataObject>(client, requestTo(endpoint, parts), {
					itemIndex,
					firstPageSize,
				});
				for await (const page of read) yield page.items;
			},
		});
		const get: ObjectReader = async (endpoint, parts = {}) => {
			const request = requestTo(endpoint, { ...parts, expect: endpoint.response });
			return (await client.request<IDataObject>(request, itemIndex)).body;
		};
		if (!this.operation.computeItem) {
			this.emit(itemIndex, toList(await this.operation.compute!(reader, pages, get)));
			return;
		}
		const service: ServiceReads = { get, time: () => client.serviceTime };
		const item = await this.operation.computeItem(reader, pages, service);
		this.outputs[itemIndex].push({ ...item, pairedItem: { item: itemIndex } });
	}

	/** A batch operation with batching off: a request holding this item's element alone. */
	private async alone(itemIndex: number, reader: ParamReader) {
		const { element, pathParams } = this.operation.batch!.element(reader);
		const body = this.batchBody([element]);
		const response = await this.client.request(this.request({ pathParams, body }), itemIndex);
		this.emit(itemIndex, this.created(response, 1));
	}

	/** One request; its output is the operation's own, or the default for its declared shape. */
	private async call(itemIndex: number, reader: ParamReader, built?: RequestParts) {
		const parts = built ?? this.operation.build?.(reader) ?? {};
		const { body } = await this.client
			.request(this.request(parts), itemIndex)
			.catch((error: unknown) => {
				throw notFoundInWords(error, this.operation.path, parts.pathParams);
			});
		const [answer] = await this.completed([body], itemIndex, reader);
		const output = this.operation.output
			? this.operation.output(answer, parts, reader)
			: DEFAULT_OUTPUT[responseOf(this.operation)](answer, parts);
		this.emit(itemIndex, toList(output));
	}

	/** The elements, each completed by the operation's own requests when it has any (one at a time). */
	private async completed(
		elements: IDataObject[],
		itemIndex: number,
		reader: ParamReader,
	): Promise<IDataObject[]> {
		const complete = this.operation.complete;
		if (!complete) return elements;
		const read: ListReader = async (endpoint, pathParams) => {
			const all: IDataObject[] = [];
			for await (const page of paginate(this.client, requestTo(endpoint, { pathParams }), {
				itemIndex,
			}))
				all.push(...(page.items as IDataObject[]));
			return all;
		};
		const out: IDataObject[] = [];
		for (const element of elements) out.push(await complete(element, reader, read));
		return out;
	}

	/**
	 * Combines items into as few requests as the service allows, one output per input item.
	 *
	 * When a batch fails and the node stops (Continue On Fail off), later batches are not sent:
	 * the node is failing anyway, and every batch sent after the failure would create items the
	 * user has to find and clean up; the error lists what the earlier batches created. With
	 * Continue On Fail on, every batch is sent and each item of a failed batch gets its own error.
	 */
	async batched(itemCount: number, spacing?: RequestOptions['batching']) {
		const spec = this.operation.batch!;
		const groups = new Map<string, BatchMember[]>();
		for (let itemIndex = 0; itemIndex < itemCount; itemIndex++) {
			try {
				const { element, pathParams } = spec.element(readerOf(this.ctx, itemIndex, this.operation));
				const key = JSON.stringify(pathParams);
				if (!groups.has(key)) groups.set(key, []);
				groups.get(key)!.push({ itemIndex, element, parts: { pathParams } });
			} catch (error) {
				// A bad item fails alone, before anything is sent; the others still go.
				this.fail([itemIndex], error);
			}
		}
		const chunks: BatchMember[][] = [];
		for (const members of groups.values()) {
			for (let start = 0; start < members.length; start += spec.max) {
				chunks.push(members.slice(start, start + spec.max));
			}
		}
		const done: SentBatch[] = [];
		for (const [number, chunk] of chunks.entries()) {
			await spaced(spacing, number);
			const body = this.batchBody(chunk.map((member) => member.element));
			try {
				const response = await this.client.request(
					this.request({ ...chunk[0].parts, body }),
					chunk[0].itemIndex,
				);
				const created = this.created(response, chunk.length);
				chunk.forEach((member, k) => this.emit(member.itemIndex, [created[k]]));
				done.push({ number: number + 1, chunk, created });
			} catch (error) {
				this.failBatch(chunk, error, { number: number + 1, of: chunks.length, done });
			}
		}
	}

	/** A failed batch: the node's error names what was created before it; or one error per item. */
	private failBatch(
		chunk: BatchMember[],
		error: unknown,
		batch: { number: number; of: number; done: SentBatch[] },
	) {
		// Errors of the router's own checks quote answers too: no secret leaves in them.
		this.client.redact(error);
		if (!(error instanceof NodeApiError || error instanceof NodeOperationError)) throw error;
		const culprit = elementNamed(error, chunk.length);
		const culpritItem = culprit !== undefined ? chunk[culprit.index].itemIndex : undefined;
		const range = `input items ${chunk[0].itemIndex}–${chunk[chunk.length - 1].itemIndex}`;
		if (!this.ctx.continueOnFail()) {
			error.context.itemIndex = culpritItem ?? chunk[0].itemIndex;
			error.description = [
				error.description,
				`Batch ${batch.number} of ${batch.of} (${range}) failed${culprit ? `; ${culprit.name} is input item ${culpritItem}` : ''}.`,
				createdSoFar(batch.done),
				batch.number + 1 === batch.of
					? `Batch ${batch.of} was not sent.`
					: batch.number < batch.of
						? `Batches ${batch.number + 1}–${batch.of} were not sent.`
						: undefined,
			]
				.filter(Boolean)
				.join(' ');
			throw error;
		}
		for (const member of chunk) {
			const own =
				member.itemIndex === culpritItem
					? `Input item ${member.itemIndex} was rejected (it is ${culprit!.name} of the batch of ${range})`
					: culpritItem !== undefined
						? `Input item ${member.itemIndex} was not created: its batch (${range}) was rejected because of input item ${culpritItem} (${culprit!.name})`
						: `Input item ${member.itemIndex} was not created: its batch (${range}) failed`;
			this.errorItem(member.itemIndex, error, `${own}: ${error.message}`);
		}
	}

	/** The request body of a batch: the array under the body key, or the array itself. */
	private batchBody(elements: IDataObject[]): IDataObject | IDataObject[] {
		const spec = this.operation.batch!;
		return spec.bodyKey ? { [spec.bodyKey]: elements } : elements;
	}

	/** The created elements of a batch response, in request order; exactly one per element sent. */
	private created(response: ApiResponse<IDataObject>, count: number): IDataObject[] {
		const created = response.body[this.operation.batch!.responseKey];
		if (!Array.isArray(created) || created.length !== count) {
			throw requestError(
				this.ctx.getNode(),
				{
					method: this.operation.method,
					path: response.path,
					requestId: response.requestId,
					status: response.status,
				},
				`a batch of ${count} was answered with ${Array.isArray(created) ? created.length : 'no'} created elements`,
				`The service answered: ${excerpt(response.body)}. Whether the batch was created is not known; check the list before sending it again.`,
			);
		}
		return created as IDataObject[];
	}

	private request(parts: RequestParts): ApiRequest {
		const response = responseOf(this.operation);
		return requestTo(this.operation.endpoint, {
			expect: response === 'objectInPage' ? 'page' : response,
			...parts,
		});
	}

	private limit(reader: ParamReader): number | undefined {
		const returnAll = this.ctx.getNodeParameter('returnAll', reader.itemIndex, false) as boolean;
		if (returnAll) return undefined;
		return reader.required<number>('limit', rules.integer(1, Number.MAX_SAFE_INTEGER));
	}

	private emit(itemIndex: number, elements: IDataObject[], limit?: number) {
		const out = this.outputs[itemIndex];
		// One pairedItem object for all of an input item's outputs: n8n only reads it, and a
		// Return All of 100,000 elements then allocates 100,000 fewer objects.
		const pairedItem = { item: itemIndex };
		for (const json of elements) {
			if (limit !== undefined && out.length >= limit) return;
			out.push({ json, pairedItem });
		}
	}

	private fail(itemIndexes: number[], error: unknown) {
		this.client.redact(error);
		if (!this.ctx.continueOnFail()) {
			if (error instanceof NodeApiError || error instanceof NodeOperationError) {
				error.context.itemIndex ??= itemIndexes[0];
			}
			throw error;
		}
		for (const itemIndex of itemIndexes) this.errorItem(itemIndex, error as NodeApiError);
	}

	/** Continue On Fail: the input item's one output is its error, with status and request-id. */
	private errorItem(
		itemIndex: number,
		err: NodeApiError | NodeOperationError,
		message = err.message,
	) {
		this.outputs[itemIndex] = [
			{
				json: {
					error: message,
					...(err.description ? { description: err.description } : {}),
					...(err.context?.status !== undefined ? { status: err.context.status as number } : {}),
					...(err.context?.requestId ? { requestId: err.context.requestId as string } : {}),
				},
				pairedItem: { item: itemIndex },
			},
		];
	}
}

/** The output of an answer of each declared shape, for operations without their own; the client has checked the shape. */
const DEFAULT_OUTPUT: Record<
	OperationResponse,
	(body: IDataObject, parts: RequestParts) => IDataObject
> = {
	object: (body) => body,
	page: (body) => body,
	objectInPage: (body) => (body.items as IDataObject[])[0],
	none: (_body, parts) => ({ deleted: true, ...parts.pathParams }),
};

const toList = (shaped: IDataObject | IDataObject[]): IDataObject[] =>
	Array.isArray(shaped) ? shaped : [shaped];

interface BatchMember {
	itemIndex: number;
	element: IDataObject;
	parts: RequestParts;
}

interface SentBatch {
	number: number;
	chunk: BatchMember[];
	created: IDataObject[];
}

/**
 * A 404 of a request for one object (its Get, Update or Delete: an asset, a printer of a
 * workspace), said as what was not found: "The asset AAAA… was not found", the request's line
 * in the description (asNotFound). A path below another object (a space's gateway, an asset's
 * label) keeps the request's line as the message: its 404 may be either's.
 */
function notFoundInWords(error: unknown, path: string, pathParams?: PathParams): unknown {
	if (!(error instanceof NodeApiError) || error.context.status !== 404) return error;
	const params = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
	const param = params.at(-1);
	const oneObject =
		param !== undefined &&
		path.endsWith(`{${param}}`) &&
		params.slice(0, -1).every((above) => above === 'workspaceId');
	const id = oneObject ? pathParams?.[param] : undefined;
	if (!oneObject || id === undefined) return error;
	// assetId → "asset", printJobId → "print job".
	const thing = param.replace(/Id$/, '').replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);
	return asNotFound(error, thing, String(id));
}

/** The shape an operation reads its answer as: its endpoint's, unless it says otherwise. */
function responseOf(operation: OperationDefinition): OperationResponse {
	return operation.response ?? operation.endpoint.response;
}

/** What earlier batches created, so nothing exists that the user cannot find. */
function createdSoFar(done: SentBatch[]): string {
	if (done.length === 0) return 'No earlier batch was sent; nothing was created.';
	const ids = done.flatMap((batch) => batch.created.map(createdId));
	const numbers = done.map((batch) => batch.number).join(', ');
	return `${done.length === 1 ? 'Batch' : 'Batches'} ${numbers} succeeded before it and created ${ids.length} items: ${ids.join(', ')}.`;
}

function createdId(element: IDataObject): string {
	const id = element.id ?? element.spaceId ?? element.printJobId;
	return typeof id === 'string' || typeof id === 'number' ? String(id) : '(no id)';
}

/**
 * The element of a batch the service blames, when its error names one: `assets[17]` (or
 * `[17]` for a body that is the array) in the detail. Indexes are relative to the batch sent.
 */
function elementNamed(
	error: NodeApiError | NodeOperationError,
	size: number,
): { index: number; name: string } | undefined {
	const text = [error.message, error.description].filter(Boolean).join(' ');
	const match = /(\b[A-Za-z]+)?\[(\d+)\]/.exec(text);
	if (!match) return undefined;
	const index = Number(match[2]);
	return index < size ? { index, name: match[0] } : undefined;
}
