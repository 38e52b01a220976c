import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import type { RunOptions } from '../../engine/engine';
import type { SimulatorFixture } from '../harness/fixtures';
import type { Exchange } from '../../simulator';
import { recordSent } from './coverage';
import { findOperation } from '../../nodes/AssetTracking/actions/operations';
import { isRouted } from '../../nodes/AssetTracking/actions/routed';

/** The `items` of a page the service answered (a list's body). */
export const items = (body: unknown) => (body as { items: IDataObject[] }).items;

/** A resource locator value in By ID mode, as n8n stores it. */
export const byId = (value: string) => ({ __rl: true, mode: 'id', value });

export interface OperationRun {
	items: INodeExecutionData[];
	json: IDataObject[];
	/** The API requests this run sent (token requests left out), in order. */
	exchanges: Exchange[];
	error?: Error & { description?: string | null };
}

/** Runs the node once and returns its output with the exchanges it caused. */
export async function run(
	t: SimulatorFixture,
	parameters: INodeParameters,
	options: RunOptions = {},
): Promise<OperationRun> {
	const mark = t.sim.log.length;
	const result = await t.n8n.runNode(parameters, options);
	const exchanges = t.sim.log.slice(mark).filter((e) => e.operation !== 'POST /oauth2/token');
	recordSent(parameters, exchanges);
	return {
		items: result.items,
		json: result.items.map((item) => item.json),
		exchanges,
		error: result.error as OperationRun['error'],
	};
}

/** As run, failing the test with the node's own message when it errored. */
export async function ok(
	t: SimulatorFixture,
	parameters: INodeParameters,
	options: RunOptions = {},
): Promise<OperationRun> {
	const result = await run(t, parameters, options);
	if (result.error)
		throw new Error(`The node failed: ${result.error.message} ${result.error.description ?? ''}`);
	return result;
}

/** The one request a run made, checked against what the operation must send. */
export function expectOneRequest(
	r: OperationRun,
	expected: {
		operation: string;
		rawPath: string;
		query?: Record<string, string>;
		body?: unknown;
		status?: number;
	},
): Exchange {
	expect(r.exchanges).toHaveLength(1);
	const [exchange] = r.exchanges;
	expect(exchange.operation).toBe(expected.operation);
	expect(exchange.method).toBe(expected.operation.split(' ')[0]);
	expect(exchange.rawPath).toBe(`/v1${expected.rawPath}`);
	expect(exchange.query).toEqual(expected.query ?? {});
	if ('body' in expected) expect(exchange.requestBody).toEqual(expected.body);
	else expect(exchange.requestBody).toBeUndefined();
	expect(exchange.status).toBe(expected.status ?? 200);
	return exchange;
}

/** Each output item is paired with input item 0 (one input item runs). */
export function expectPairedWithFirst(r: OperationRun) {
	for (const item of r.items) expect(item.pairedItem).toEqual({ item: 0 });
}

/**
 * The class a refusal of the operation reaches the run data as: a custom operation's is the
 * NodeOperationError itself, a routed one's n8n's wrap of it (RoutingNode re-wraps every failure
 * as a NodeApiError).
 */
export function refusalClass(parameters: INodeParameters): 'NodeApiError' | 'NodeOperationError' {
	const operation = findOperation(String(parameters.resource), String(parameters.operation));
	return operation && isRouted(operation) ? 'NodeApiError' : 'NodeOperationError';
}

/**
 * A validation failure: the node failed with a refusal naming the field, declared
 * `configuration-invalid`, and the simulator saw no request at all. A custom operation's refusal
 * is the NodeOperationError itself; a routed one's is n8n's wrap of it (a NodeApiError, as
 * RoutingNode re-wraps every failure), message and description unchanged.
 */
export async function expectRejected(
	t: SimulatorFixture,
	parameters: INodeParameters,
	field: string,
	input?: IDataObject[],
	options: RunOptions = {},
) {
	const before = t.sim.stats.requests;
	const result = await run(t, parameters, input ? { ...options, input } : options);
	expect(result.error).toBeDefined();
	// n8n keeps the node's error in the run data as a plain copy; its name tells the class.
	expect(result.error!.name).toBe(refusalClass(parameters));
	expect((result.error as { failure?: unknown }).failure).toEqual({
		cause: 'configuration-invalid',
	});
	expect(result.error!.message).toContain(`Invalid "${field}"`);
	expect(t.sim.stats.requests).toBe(before);
	return result.error!;
}
