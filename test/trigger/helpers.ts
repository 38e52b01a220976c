import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';

import { validateExchanges } from '../harness/contract';
import { EngineHarness } from '../../engine/engine';
import { Simulator, type SimulatorOptions } from '../../simulator';

export const NODE_KEY = 'node:Asset Tracking Trigger';
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;

export const byId = (value: string) => ({ mode: 'id', value });

/** The trigger node as a family's settings see it (its name and version; no parameters). */
export const triggerNode = (typeVersion: number): INode => ({
	id: 'n',
	name: 'Asset Tracking Trigger',
	type: 'n8n-nodes-asset-tracking.assetTrackingTrigger',
	typeVersion,
	position: [0, 0],
	parameters: {},
});

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

export const nodeState = (staticData: IDataObject) =>
	staticData[NODE_KEY] as IDataObject | undefined;

export const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

/** A JSON round trip: what n8n's database gives back after a restart. */
export const cloneJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Polls every `stepMinutes` of the simulator's clock until `minutes` have passed; every poll's items. */
export async function pollFor(
	sim: Simulator,
	poll: () => Promise<Array<{ json: IDataObject }> | null>,
	minutes: number,
	stepMinutes: number,
): Promise<IDataObject[]> {
	const items: IDataObject[] = [];
	for (let m = 0; m < minutes; m += stepMinutes) {
		sim.clock.advance(stepMinutes * MINUTE);
		for (const item of (await poll()) ?? []) items.push(item.json);
	}
	return items;
}

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
