import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { validateExchanges } from '../harness/contract';
import { EngineHarness } from '../../engine/engine';
import { Simulator, type GeneratedReading, type SimulatorOptions } from '../../simulator';

export const NODE_KEY = 'node:Asset Tracking Trigger';
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;

/** Fields the trigger adds to each reading. */
const ADDED = [
	'event',
	'assetId',
	'assetName',
	'bleId',
	'nfcId',
	'crossed',
	'alertAbove',
	'alertBelow',
];

export const byId = (value: string) => ({ mode: 'id', value });

export async function startSimulator(
	options: SimulatorOptions = {},
): Promise<{ sim: Simulator; n8n: EngineHarness }> {
	const sim = new Simulator({
		clock: 'manual',
		historyMinutes: 10,
		...options,
	});
	await sim.start();
	return { sim, n8n: new EngineHarness(sim) };
}

/** Stops the simulator after checking every request the trigger sent, and every answer, against the OpenAPI. */
export async function stopSimulator(sim: Simulator): Promise<void> {
	const violations = validateExchanges(sim.log);
	await sim.stop();
	expect(violations).toEqual([]);
}

/** Parameters of a trigger watching the seeded workspace; options merge over fast-retry test defaults. */
export function workspaceTrigger(sim: Simulator, overrides: IDataObject = {}): INodeParameters {
	const { options, ...rest } = overrides;
	return {
		event: 'both',
		scope: 'workspace',
		workspaceId: byId(sim.seed.workspaceId),
		...rest,
		options: { retryBaseDelay: 5, maxRetryWait: 2, ...(options as IDataObject) },
	} as INodeParameters;
}

/** Object keys sorted at every level, so equal content compares equal. */
export function canonical(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
	if (value && typeof value === 'object') {
		return `{${Object.keys(value)
			.sort()
			.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
			.join(',')}}`;
	}
	return JSON.stringify(value);
}

/** The reading an output item carries, without what the trigger added. */
export function readingOf(json: IDataObject): IDataObject {
	const out: IDataObject = {};
	for (const [k, v] of Object.entries(json)) if (!ADDED.includes(k)) out[k] = v;
	return out;
}

export const emittedKey = (json: IDataObject) =>
	`${json.assetId}|${json.event}|${canonical(readingOf(json))}`;
export const truthKey = (g: GeneratedReading) => `${g.assetId}|${g.kind}|${canonical(g.reading)}`;

export interface Comparison {
	expected: number;
	emitted: number;
	lost: number;
	duplicated: number;
	/** Emitted but not in the ground truth (e.g. older than the activation). */
	unexpected: number;
}

/** Counts emitted readings across polls and compares them with the simulator's ground truth. */
export class Tally {
	readonly counts = new Map<string, number>();
	emitted = 0;

	add(items: INodeExecutionData[] | null): void {
		for (const item of items ?? []) {
			const key = emittedKey(item.json);
			this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
			this.emitted++;
		}
	}

	compare(truth: GeneratedReading[]): Comparison {
		const expected = new Set(truth.map(truthKey));
		let lost = 0;
		for (const key of expected) if (!this.counts.has(key)) lost++;
		let duplicated = 0;
		let unexpected = 0;
		for (const [key, n] of this.counts) {
			duplicated += n - 1;
			if (!expected.has(key)) unexpected++;
		}
		return { expected: expected.size, emitted: this.emitted, lost, duplicated, unexpected };
	}
}

export function groundTruth(
	sim: Simulator,
	kinds: Array<'temperature' | 'location'>,
	assetIds: string[],
	after: number,
	upTo: number,
) {
	return kinds.flatMap((kind) => sim.readingsGenerated({ kind, assetIds, after, upTo }));
}

export const nodeState = (staticData: IDataObject) =>
	staticData[NODE_KEY] as IDataObject | undefined;

export const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

/** A JSON round trip: what n8n's database gives back after a restart. */
export const cloneJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** One poll that may fail: its items, or the error it threw. */
export async function tryPoll(
	n8n: EngineHarness,
	parameters: INodeParameters,
	staticData: IDataObject,
) {
	try {
		return { items: await n8n.poll(parameters, staticData) };
	} catch (error) {
		return { error: error as Error };
	}
}

/**
 * The saved state's reading-list memories per asset, as `"<temperature>|<location>"` (version 3
 * keeps them per list, one part per asset of `assets`).
 */
export function listMemories(state: IDataObject): Record<string, string> {
	const memories = (state.memories ?? {}) as Record<string, string | undefined>;
	const temperature = memories.temperature?.split('|') ?? [];
	const location = memories.location?.split('|') ?? [];
	const out: Record<string, string> = {};
	(state.assets as string[]).forEach((id, i) => {
		const parts = `${temperature[i] ?? ''}|${location[i] ?? ''}`;
		if (parts !== '|') out[id] = parts;
	});
	return out;
}
