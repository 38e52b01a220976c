import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData, JsonObject } from 'n8n-workflow';

import { readRetryPolicy } from '../helpers/retryOptions';
import { AssetTrackingClient, paginate } from '../transport';
import type { ApiRequest, ApiResponse, RetryPolicy } from '../transport';
import { rules } from '../helpers/validation';
import { ParamReader } from './params';
import { findOperation } from './registry';
import type { OperationDefinition, RequestParts } from './types';

/**
 * The one item loop of the node: it owns paired items, continueOnFail and batching, so the
 * operations only describe their requests.
 */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const operation = findOperation(resource, operationName);
	if (!operation) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operationName}" of "${resource}" is not known`,
		);
	}
	const client = new AssetTrackingClient(this, retryPolicy(this));
	const outputs: INodeExecutionData[][] = items.map(() => []);
	const run = new Runner(this, client, operation, outputs);

	const options = this.getNodeParameter('options', 0, {}) as IDataObject;
	if (operation.batch && options.batching !== false) {
		await run.batched(items.length);
	} else {
		for (let i = 0; i < items.length; i++) await run.single(i);
	}
	return [inInputOrder(outputs)];
}

/** The outputs of all input items, in input order; a single item's list is returned as it is. */
function inInputOrder(outputs: INodeExecutionData[][]): INodeExecutionData[] {
	if (outputs.length === 1) return outputs[0];
	const all: INodeExecutionData[] = [];
	for (const out of outputs) for (const item of out) all.push(item);
	return all;
}

function retryPolicy(ctx: IExecuteFunctions): RetryPolicy {
	return readRetryPolicy(ctx.getNode(), ctx.getNodeParameter('options', 0, {}) as IDataObject);
}

class Runner {
	constructor(
		private readonly ctx: IExecuteFunctions,
		private readonly client: AssetTrackingClient,
		private readonly operation: OperationDefinition,
		private readonly outputs: INodeExecutionData[][],
	) {}

	async single(itemIndex: number) {
		try {
			const reader = new ParamReader(this.ctx, itemIndex, this.operation.fields);
			const spec = this.operation.batch;
			// A batch operation with batching off: a request holding this item's element alone.
			const alone = spec && !this.operation.build ? spec.element(reader) : undefined;
			const parts: RequestParts = alone
				? {
						pathParams: alone.pathParams,
						body: this.batchBody([alone.element]),
					}
				: (this.operation.build?.(reader) ?? {});
			const request = this.request(parts);
			if (this.operation.list) {
				const limit = this.limit(reader);
				for await (const page of paginate(this.client, request, {
					limit,
					itemIndex,
				})) {
					const elements = this.operation.output
						? toList(this.operation.output({ items: page.items as IDataObject[] }, parts, reader))
						: (page.items as IDataObject[]);
					this.emit(itemIndex, elements, limit);
				}
				return;
			}
			const response = await this.client.request(request, itemIndex);
			const { body, status } = response;
			const shaped = this.operation.output
				? this.operation.output(body, parts, reader)
				: alone
					? this.created(response, 1)
					: status === 204 || isEmpty(body)
						? { deleted: true, ...parts.pathParams }
						: body;
			this.emit(itemIndex, toList(shaped));
		} catch (error) {
			this.fail([itemIndex], error);
		}
	}

	/** Combines items into as few requests as the service allows, one output per input item. */
	async batched(itemCount: number) {
		const spec = this.operation.batch!;
		const groups = new Map<
			string,
			Array<{ itemIndex: number; element: IDataObject; parts: RequestParts }>
		>();
		for (let itemIndex = 0; itemIndex < itemCount; itemIndex++) {
			try {
				const reader = new ParamReader(this.ctx, itemIndex, this.operation.fields);
				const { element, pathParams } = spec.element(reader);
				const key = JSON.stringify(pathParams);
				if (!groups.has(key)) groups.set(key, []);
				groups.get(key)!.push({ itemIndex, element, parts: { pathParams } });
			} catch (error) {
				// A bad item fails alone, before anything is sent; the others still go.
				this.fail([itemIndex], error);
			}
		}
		for (const members of groups.values()) {
			for (let start = 0; start < members.length; start += spec.max) {
				const chunk = members.slice(start, start + spec.max);
				const body = this.batchBody(chunk.map((member) => member.element));
				try {
					const response = await this.client.request(
						this.request({ ...chunk[0].parts, body }),
						chunk[0].itemIndex,
					);
					const created = this.created(response, chunk.length);
					chunk.forEach((member, k) => this.emit(member.itemIndex, [created[k]]));
				} catch (error) {
					this.fail(
						chunk.map((member) => member.itemIndex),
						error,
					);
				}
			}
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
			throw new NodeApiError(this.ctx.getNode(), response.body as JsonObject, {
				message: `The service answered a batch of ${count} with ${Array.isArray(created) ? created.length : 'no'} elements [request-id ${response.requestId}]`,
			});
		}
		return created as IDataObject[];
	}

	private request(parts: RequestParts): ApiRequest {
		return {
			method: this.operation.method,
			path: this.operation.path,
			...parts,
		};
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
		if (!this.ctx.continueOnFail()) {
			if (error instanceof NodeApiError || error instanceof NodeOperationError) {
				error.context.itemIndex ??= itemIndexes[0];
			}
			throw error;
		}
		const err = error as NodeApiError;
		for (const itemIndex of itemIndexes) {
			this.outputs[itemIndex] = [
				{
					json: {
						error: err.message,
						...(err.description ? { description: err.description } : {}),
						...(err.context?.status !== undefined ? { status: err.context.status as number } : {}),
						...(err.context?.requestId ? { requestId: err.context.requestId as string } : {}),
					},
					pairedItem: { item: itemIndex },
				},
			];
		}
	}
}

const toList = (shaped: IDataObject | IDataObject[]): IDataObject[] =>
	Array.isArray(shaped) ? shaped : [shaped];

function isEmpty(body: IDataObject): boolean {
	return (
		body === undefined ||
		body === null ||
		(typeof body === 'object' && Object.keys(body).length === 0)
	);
}
