/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// Golden outputs of the action node, operation by operation (issue 29): what the node output, the
// error it stopped with, and every request it sent, for a success, a service error and a bad input,
// each with and without Continue On Fail, at node versions 1, 2 and 3. Recorded from the programmatic
// node (execute() and the router); any rework of its execution path, a declarative one included
// (docs/actions.md#routed-and-custom-operations), must give the same. After a deliberate change
// only, `GOLDEN=record npx jest test/actions/golden.test.ts` writes them again
// (test/actions/golden/<resource>.json), from the programmatic node still (every operation through
// execute(), the router); a plain run compares the node as it is.
import { existsSync, readFileSync, writeFileSync } from 'fs';
import { join } from 'path';
import { VersionedNodeType } from 'n8n-workflow';
import type { IDataObject, INodeParameters, INodeType } from 'n8n-workflow';

import { EngineHarness, type NodeRun } from '../../engine/engine';
import { registerNodeType } from '../../engine/nodeTypes';
import { AssetTracking } from '../../nodes/AssetTracking/AssetTracking.node';
import { router } from '../../nodes/AssetTracking/actions/router';
import { Simulator, type Exchange } from '../../simulator';
import { findOperation } from '../../nodes/AssetTracking/actions/operations';
import { isRouted } from '../../nodes/AssetTracking/actions/routed';
import { goldenCases, type GoldenOperation } from './golden/cases';

const DIR = join(__dirname, 'golden');
const RECORD = process.env.GOLDEN === 'record';

/** What the golden files are recorded from: each version's description, every operation run by execute(). */
const PROGRAMMATIC = 'golden.assetTrackingProgrammatic';
const node = new AssetTracking();
registerNodeType(
	PROGRAMMATIC,
	new VersionedNodeType(
		Object.fromEntries(
			Object.entries(node.nodeVersions).map(([version, type]) => [
				version,
				{ description: type.description, methods: type.methods, execute: router } as INodeType,
			]),
		),
		node.description,
	),
);

/** One run as the golden files hold it. */
interface GoldenRun {
	items: Array<{ json: IDataObject; pairedItem: unknown }>;
	error: IDataObject | null;
	requests: Array<{
		method: string;
		path: string;
		query: Record<string, string>;
		body: unknown;
		status: number;
	}>;
}

/** The cases of one operation, by name: the inputs and the settings each runs with. */
function casesOf(op: GoldenOperation): Record<string, { input: IDataObject[]; run: RunSettings }> {
	const cases: Record<string, { input: IDataObject[]; run: RunSettings }> = {};
	const error = op.bad ? [op.good, op.bad, op.good] : [op.good, op.good, op.good];
	const faults = op.bad === undefined;
	for (const typeVersion of [1, 2, 3]) {
		cases[`v${typeVersion} success`] = { input: [op.good], run: { typeVersion } };
		cases[`v${typeVersion} service error`] = { input: error, run: { typeVersion, faults } };
		cases[`v${typeVersion} service error, continue on fail`] = {
			input: error,
			run: { typeVersion, continueOnFail: true, faults },
		};
	}
	cases['v1 bad input'] = { input: [op.good, op.invalid, op.good], run: { typeVersion: 1 } };
	cases['v1 bad input, continue on fail'] = {
		input: [op.good, op.invalid, op.good],
		run: { typeVersion: 1, continueOnFail: true },
	};
	if (op.batch) {
		for (const continueOnFail of [false, true]) {
			cases[`v1 service error, batching off${continueOnFail ? ', continue on fail' : ''}`] = {
				input: error,
				run: { typeVersion: 1, continueOnFail, batching: false, faults },
			};
		}
	}
	return cases;
}

interface RunSettings {
	typeVersion: number;
	/** A service error case of an operation no input can fail: the simulator answers with faults. */
	faults?: boolean;
	continueOnFail?: boolean;
	batching?: boolean;
}

/** The error n8n keeps of a failed node, as far as a user sees it. */
function errorOf(error: NodeRun['error']): IDataObject | null {
	if (!error) return null;
	const e = error as unknown as IDataObject & { context?: IDataObject };
	const context = e.context ?? {};
	return {
		name: e.name ?? null,
		message: e.message ?? null,
		description: e.description ?? null,
		itemIndex: context.itemIndex ?? null,
		status: context.status ?? null,
		requestId: context.requestId ?? null,
	};
}

/** Request-ids are random: each becomes the number of the request that carried it. */
function withRequestNumbers<T>(value: T, exchanges: Exchange[]): T {
	let text = JSON.stringify(value);
	exchanges.forEach((exchange, k) => {
		const id = exchange.headers['request-id'];
		if (id) text = text.split(id).join(`<request ${k + 1}>`);
	});
	return JSON.parse(text) as T;
}

let lastCause: string | undefined;
/** The failure cause each case's error declared (not in the golden files, recorded before it existed). */
const causes = new Map<string, string | undefined>();

async function runCase(
	sim: Simulator,
	harness: EngineHarness,
	resource: string,
	operation: string,
	op: GoldenOperation,
	input: IDataObject[],
	settings: RunSettings,
): Promise<GoldenRun> {
	const parameters: INodeParameters = { resource, operation, ...op.parameters };
	const options: INodeParameters = {};
	// The fault fails the first request; retried, it would not fail the item. From version 3
	// the transport settings are under Advanced.
	const transport: INodeParameters = settings.typeVersion >= 3 ? {} : options;
	if (settings.faults) transport.maxRetries = 0;
	if (settings.batching === false) options.batching = false;
	if (Object.keys(options).length > 0) parameters.options = options;
	if (Object.keys(transport).length > 0 && transport !== options) parameters.advanced = transport;
	if (settings.faults) sim.faults.queue(...(op.faults ?? []));
	const mark = sim.log.length;
	const run = await harness.runNode(parameters, {
		input,
		typeVersion: settings.typeVersion,
		continueOnFail: settings.continueOnFail,
		...(RECORD ? { nodeType: PROGRAMMATIC } : {}),
	});
	sim.faults.clear();
	lastCause = (run.error as { failure?: { cause?: string } } | undefined)?.failure?.cause;
	const exchanges = sim.log.slice(mark).filter((e) => e.operation !== 'POST /oauth2/token');
	return withRequestNumbers(
		{
			items: run.items.map((item) => ({ json: item.json, pairedItem: item.pairedItem ?? null })),
			error: errorOf(run.error),
			requests: exchanges.map((e) => ({
				method: e.method,
				path: e.rawPath,
				query: e.query,
				body: e.requestBody ?? null,
				status: e.status,
			})),
		},
		exchanges,
	);
}

/** The bleId of the asset's label, read before the cases (unlink needs one). */
async function bleIdOf(harness: EngineHarness, assetId: string): Promise<number> {
	const run = await harness.runNode({
		resource: 'asset',
		operation: 'get',
		assetId: { __rl: true, mode: 'id', value: assetId },
	});
	return (run.items[0].json.label as IDataObject).bleId as number;
}

/**
 * Every case of an operation, each on a fresh simulator of the same seed: what one case deletes or
 * creates never changes what the next one sees.
 */
async function recordOperation(
	resource: string,
	operation: string,
): Promise<Record<string, GoldenRun>> {
	const out: Record<string, GoldenRun> = {};
	const cases = casesOf(goldenCases(new Simulator({ clock: 'manual' }).seed)[resource][operation]);
	for (const [name, { input, run }] of Object.entries(cases)) {
		const sim = new Simulator({ clock: 'manual' });
		await sim.start();
		try {
			const harness = new EngineHarness(sim, `golden-${resource}-${operation}-${name}`);
			const op = goldenCases(sim.seed)[resource][operation];
			const items = await Promise.all(
				input.map(async (json) =>
					json.ble === '$bleId'
						? { ...json, ble: await bleIdOf(harness, json.id as string) }
						: json,
				),
			);
			out[name] = await runCase(sim, harness, resource, operation, op, items, run);
			causes.set(`${resource} ${operation} ${name}`, lastCause);
		} finally {
			await sim.stop();
		}
	}
	return out;
}

/**
 * A routed operation's refusal (issue 39): n8n's wrap of the programmatic node's error, with its
 * message, description and item index, declared configuration-invalid; and nothing sent, not
 * even the good items before it (RoutingNode runs every item's check before any request).
 */
function expectRoutedRefusal(now: GoldenRun, golden: GoldenRun, cause: string | undefined) {
	const { message, description, itemIndex } = golden.error!;
	expect(golden.error!.name).toBe('NodeOperationError');
	expect(now.error).toEqual({
		...golden.error,
		name: 'NodeApiError',
		message,
		description,
		itemIndex,
	});
	expect(cause).toBe('configuration-invalid');
	expect(now.items).toEqual([]);
	expect(now.requests).toEqual([]);
}

const RESOURCES = Object.keys(goldenCases(new Simulator({ clock: 'manual' }).seed));

describe.each(RESOURCES)('golden outputs: %s', (resource) => {
	const file = join(DIR, `${resource}.json`);
	const recorded: Record<string, Record<string, GoldenRun>> = {};

	const operations = Object.keys(goldenCases(new Simulator({ clock: 'manual' }).seed)[resource]);
	it.each(operations)('%s gives what the programmatic node gave', async (operation) => {
		const now = await recordOperation(resource, operation);
		recorded[operation] = now;
		if (RECORD) return;
		expect(existsSync(file)).toBe(true);
		const golden = JSON.parse(readFileSync(file, 'utf8')) as typeof recorded;
		expect(Object.keys(now)).toEqual(Object.keys(golden[operation]));
		const routed = isRouted(findOperation(resource, operation)!);
		for (const name of Object.keys(now)) {
			if (routed && name === 'v1 bad input') {
				expectRoutedRefusal(
					now[name],
					golden[operation][name],
					causes.get(`${resource} ${operation} ${name}`),
				);
				continue;
			}
			expect({ case: name, ...now[name] }).toEqual({ case: name, ...golden[operation][name] });
		}
	});

	afterAll(() => {
		if (RECORD) writeFileSync(file, `${JSON.stringify(recorded, null, '\t')}\n`);
	});
});
