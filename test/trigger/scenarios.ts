import type { IDataObject } from 'n8n-workflow';

import { EngineHarness } from '../harness/engine';
import type { Simulator } from '../simulator';
import {
	bytesOf,
	cloneJson,
	groundTruth,
	nodeState,
	SECOND,
	startSimulator,
	stopSimulator,
	Tally,
	tryPoll,
	workspaceTrigger,
} from './helpers';

export type Order = 'newestFirst' | 'oldestFirst';

export interface ScenarioOptions {
	order: Order;
	polls: number;
	assets: number;
	/** Simulated time between polls. */
	stepMs: number;
	/** Fault rate of API requests (0 = none). */
	faultRate: number;
	/** Restart (JSON clone of static data, new engine and credential store) before these polls. */
	restartAt: number[];
}

export interface ScenarioResult {
	lost: number;
	duplicated: number;
	unexpected: number;
	expected: number;
	emitted: number;
	failedPolls: number;
	requests: number;
	tokens: number;
	stateBytes: number;
	byOperation: Record<string, number>;
	ms: number;
}

/**
 * Activates the trigger over the seeded workspace, then polls while the simulated clock moves on
 * and readings keep arriving, and compares what was emitted across successful polls with the
 * simulator's ground truth: every reading newer than the activation, up to the last successful
 * poll, exactly once.
 */
export async function runScenario(o: ScenarioOptions): Promise<ScenarioResult> {
	const started = Date.now();
	const { sim, n8n: first } = await startSimulator({
		readingsOrder: o.order,
		labelledAssets: o.assets,
	});
	try {
		return await drive(sim, first, o, started);
	} finally {
		await stopSimulator(sim);
	}
}

async function drive(
	sim: Simulator,
	first: EngineHarness,
	o: ScenarioOptions,
	started: number,
): Promise<ScenarioResult> {
	const assetIds = sim.seed.labelledAssetIds;
	expect(assetIds).toHaveLength(o.assets);
	sim.tokens.maxRequestsPerToken = 50;
	const parameters = workspaceTrigger(sim, { options: { concurrency: 10, maxRetries: 2 } });

	let n8n = first;
	let staticData: IDataObject = {};
	// Activation: the first poll notes where every asset stands and emits nothing.
	expect(await n8n.poll(parameters, staticData)).toBeNull();
	const activatedAt = sim.clock.now();

	if (o.faultRate > 0) {
		sim.faults.random({
			rate: o.faultRate,
			kinds: ['429', '429-retry-after', '500', '503', 'drop'],
			retryAfterSeconds: 1,
		});
	}
	const tally = new Tally();
	let lastSuccess = activatedAt;
	let failedPolls = 0;
	for (let i = 1; i <= o.polls; i++) {
		sim.clock.advance(o.stepMs);
		if (o.restartAt.includes(i)) {
			staticData = cloneJson(staticData);
			n8n = new EngineHarness(sim);
		}
		const before = cloneJson(staticData);
		const outcome = await tryPoll(n8n, parameters, staticData);
		if (outcome.error) {
			failedPolls++;
			// A failed poll moves no cursor.
			expect(cloneJson(staticData)).toEqual(before);
			continue;
		}
		tally.add(outcome.items);
		lastSuccess = sim.clock.now();
	}
	sim.faults.random(null);

	const truth = groundTruth(sim, ['temperature', 'location'], assetIds, activatedAt, lastSuccess);
	const comparison = tally.compare(truth);
	return {
		...comparison,
		failedPolls,
		requests: sim.stats.requests,
		tokens: sim.stats.tokenRequests,
		stateBytes: bytesOf(nodeState(staticData)),
		byOperation: sim.stats.byOperation,
		ms: Date.now() - started,
	};
}

export function report(name: string, r: ScenarioResult): void {
	console.log(
		`${name}\n` +
			`readings lost: ${r.lost}, duplicated: ${r.duplicated}\n` +
			`expected ${r.expected}, emitted ${r.emitted}, unexpected ${r.unexpected}; ` +
			`failed polls ${r.failedPolls}; API requests ${r.requests}, token requests ${r.tokens}; ` +
			`static data ${r.stateBytes} bytes; ${(r.ms / 1000).toFixed(1)} s`,
	);
}

export const SIXTY_FOUR_KIB = 64 * 1024;

export { SECOND };

/**
 * The acceptance scenario for one list order: 500 polls over 200 assets while readings keep
 * arriving (the simulated clock moves 2 s between polls: 16 rounds of temperatures, about 8 of
 * locations), 10% of requests failing (429 with and without Retry-After, 500, 503, dropped
 * connections), the token expiring every 50 requests, and three restarts from a JSON copy of the
 * static data. One order per test file: jest runs files in parallel processes, and two engines
 * in one process would share n8n's token refreshes.
 */
export function describeExactlyOnceUnderFaults(order: Order) {
	describe('exactly once under faults', () => {
		it(`service lists readings ${order}: every reading after activation emitted once, none lost, none doubled`, async () => {
			const result = await runScenario({
				order,
				polls: 500,
				assets: 200,
				stepMs: 2 * SECOND,
				faultRate: 0.1,
				restartAt: [125, 250, 375],
			});
			report(
				`${order}, 500 polls x 200 assets, 10% faults, token expiring every 50 requests`,
				result,
			);
			expect(result.expected).toBeGreaterThan(4000);
			expect(result.lost).toBe(0);
			expect(result.duplicated).toBe(0);
			expect(result.unexpected).toBe(0);
			expect(result.stateBytes).toBeLessThan(SIXTY_FOUR_KIB);
		}, 600_000);
	});
}
