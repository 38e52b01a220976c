import type {
	IDataObject,
	IHttpRequestMethods,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';

import type { Endpoint } from '../api';
import type { PathParams, QueryValue, ResponseShape } from '../transport';
import type { ParamReader } from './params';

/** What one operation puts into its request, read and checked from the node's parameters. */
export interface RequestParts {
	pathParams?: PathParams;
	qs?: Record<string, QueryValue>;
	/** A JSON object, or an array where the service takes one as the whole body. */
	body?: IDataObject | IDataObject[];
}

/**
 * Combining input items into one request where the service takes arrays (assets, spaces,
 * pieces, print jobs). Items that share a `groupKey` (their path) go together, at most `max`.
 */
export interface BatchSpec {
	/** Property of the request body holding the array; undefined when the body is the array. */
	bodyKey?: string;
	max: number;
	/** The array element this input item contributes, and the request's path parameters. */
	element(p: ParamReader): { element: IDataObject; pathParams: PathParams };
	/** Where the created elements sit in the response, in request order. */
	responseKey: string;
}

/**
 * One operation of the service as data. Adding an operation is one file exporting this (via
 * defineOperation), one line adding it to its resource's index.ts (which supplies `resource`),
 * and one test. The router does the rest (validation errors, paging, batching, paired items).
 */
export interface OperationDefinition {
	/** Resource value: set by the resource's index.ts (defineResource), never by the operation file. */
	resource: string;
	/** Operation value, following n8n's names: get, getMany, create, update, delete, ... */
	operation: string;
	/** Shown in the Operation list. */
	name: string;
	/**
	 * n8n's convention: the operation as a short sentence-case phrase ("Get many assets"), shown
	 * in the node panel's list of actions and used to name a node added from there.
	 */
	action: string;
	/**
	 * One short line under the operation in the Operation list, where longer text is cut off
	 * ("Get many assets of a workspace"). What an operation needs and outputs in detail belongs
	 * in its fields' descriptions.
	 */
	description: string;
	/** The endpoint of the service it calls (api/). */
	endpoint: Endpoint;
	/** The endpoint's method and path template, copied by defineResource for the router and messages. */
	method: IHttpRequestMethods;
	path: string;
	/** Fields of this operation, without displayOptions: the registry adds them. */
	fields?: INodeProperties[];
	/** A paged list: adds Return All / Limit and outputs one item per element. */
	list?: boolean;
	/**
	 * What a successful answer holds is the endpoint's `response` (api/): an object, a `{ items }`
	 * page (lists and batch creates) or nothing (204 deletes, which output `deleted: true` and
	 * their ids). An answer of another shape fails the item; nothing is guessed from it. Set
	 * this only to read the answer otherwise: `objectInPage` (a one-element page whose element
	 * is the output), or `object` to check only that a page is an object.
	 */
	response?: OperationResponse;
	/** Reads and checks the parameters of one item. */
	build?(p: ParamReader): RequestParts;
	/**
	 * Completes one answer (one element of a list) before `output` shapes it, with requests of its
	 * own: the rest of a list the answer embeds only the first page of. Runs for each item, after
	 * the operation's request; its failures are the item's, as the request's are.
	 */
	complete?(element: IDataObject, p: ParamReader, read: ListReader): Promise<IDataObject>;
	/**
	 * Shapes the response into output items; the default outputs the body (or `deleted: true`).
	 * For a `list`, it is called once per page with `{ items }` (that page's elements) and returns
	 * that page's output elements, in order.
	 */
	output?(body: IDataObject, parts: RequestParts, p: ParamReader): IDataObject | IDataObject[];
	batch?: BatchSpec;
	/**
	 * An operation that is code, not one request: it reads and checks the item's parameters with
	 * `p` (before sending anything) and reads what it needs through `pages`, which pages a list of
	 * the service through the node's transport (retries, errors, Max Pages) and stops, requesting
	 * nothing more, when the loop over it is left. It returns the item's output. The router gives
	 * it paired items and Continue On Fail; `endpoint` names the list it reads; `get` makes one
	 * request of an endpoint that answers an object. Such an operation
	 * has no `build`, `list`, `output` or `batch`.
	 */
	compute?(
		p: ParamReader,
		pages: ListPages,
		get: ObjectReader,
	): Promise<IDataObject | IDataObject[]>;
	/**
	 * As `compute`, for an operation whose output carries files: its one output item, JSON and
	 * binary (prepared with `p.ctx.helpers`). `service` reads single objects and tells the
	 * service's clock. Nothing is output when it throws, so a failure gives no file.
	 */
	computeItem?(
		p: ParamReader,
		pages: ListPages,
		service: ServiceReads,
	): Promise<INodeExecutionData>;
}

/** What an operation of code that makes files reads besides lists: single objects, and the service's clock. */
export interface ServiceReads {
	get: ObjectReader;
	/** The service's clock at its first answer (its Date header, epoch ms); null without one. */
	time(): number | null;
}

/**
 * One request of an endpoint that answers an object (Get an Asset), through the node's
 * transport: its body, the shape checked.
 */
export type ObjectReader = (
	endpoint: Endpoint,
	request?: { pathParams?: PathParams; qs?: Record<string, QueryValue> },
) => Promise<IDataObject>;

/**
 * The pages of one list endpoint, each page's elements, read one page at a time as the caller
 * asks for them: breaking out of a `for await` loop over it ends the reading there.
 */
export type ListPages = (
	endpoint: Endpoint,
	request?: {
		pathParams?: PathParams;
		qs?: Record<string, QueryValue>;
		/** Size of the first page; the next ones are the service's maximum. */
		firstPageSize?: number;
	},
) => AsyncIterable<IDataObject[]>;

export type OperationResponse = ResponseShape | 'objectInPage';

/** Every element of a list endpoint, all pages read (Return All). */
export type ListReader = (endpoint: Endpoint, pathParams: PathParams) => Promise<IDataObject[]>;

/**
 * An operation as its file declares it: everything but the resource its folder's index gives it,
 * and the method and path, which its endpoint holds.
 */
export type OperationSpec = Omit<OperationDefinition, 'resource' | 'method' | 'path'>;

export const defineOperation = (definition: OperationSpec) => definition;

export interface ResourceDefinition {
	name: string;
	value: string;
	defaultOperation: string;
	operations: OperationDefinition[];
}

/**
 * A resource and its operations, each given the resource's value, and its endpoint's method and
 * path: one source of truth.
 */
export function defineResource(resource: {
	name: string;
	value: string;
	defaultOperation: string;
	operations: OperationSpec[];
}): ResourceDefinition {
	return {
		...resource,
		operations: resource.operations.map((operation) => ({
			...operation,
			resource: resource.value,
			method: operation.endpoint.method,
			path: operation.endpoint.path,
		})),
	};
}
