/* eslint-disable no-console -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { EngineHarness } from '../../engine/engine';
import type { GeneratedReading, LateUploads, Simulator } from '../../simulator';
import {
	bytesOf,
	cloneJson,
	nodeState,
	MINUTE,
	SECOND,
	startSimulator,
	stopSimulator,
	workspaceTrigger,
} from './helpers';
import { CUT_POLL, type Cut, withCut } from './cuts';
import { groundTruth, Tally } from './truth';

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
	/** Late uploads in the simulator; the ground truth is then what appeared in the lists. */
	late?: LateUploads;
	/** The trigger's Late Readings Window (minutes); default: the node's default, 180. */
	windowMinutes?: number;
	/**
	 * Every poll cut by n8n's poll budget, deterministically (cuts.ts: the poll's clock moves with
	 * the requests the simulator received), the activation included.
	 */
	cut?: Cut;
	/** Deletes this many watched assets right after this poll (0: the activation). */
	deleteAfter?: { poll: number; count: number };
	event?: 'temperature' | 'location' | 'both';
	concurrency?: number;
}

export interface ScenarioResult {
	lost: number;
	duplicated: number;
	unexpected: number;
	expected: number;
	emitted: number;
	failedPolls: number;
	/** Readings that appeared further behind their asset's newest reading than the window. */
	olderThanWindow: number;
	/** Readings emitted only by the closing full read (left by a cut poll or the quiet shortcut). */
	delayed: number;
	/** Polls the budget cut short (the state says where the next one resumes). */
	cutPolls: number;
	/** Pairs of consecutive polls that each read at least half the assets but not all together. */
	unfairPairs: number;
	/** Pairs of consecutive cut polls that each read at least half the assets. */
	fairnessChecked: number;
	/** Assets read per poll, median. */
	medianReads: number;
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
		lateUploads: o.late ?? null,
		// Late batches from before the activation appear after it too.
		...(o.late ? { historyMinutes: 360 } : {}),
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
	const kinds: Array<'temperature' | 'location'> =
		o.event === undefined || o.event === 'both' ? ['temperature', 'location'] : [o.event];
	const parameters = workspaceTrigger(sim, {
		event: o.event ?? 'both',
		options: {
			concurrency: o.concurrency ?? 10,
			maxRetries: 2,
			...(o.windowMinutes ? { lateWindowMinutes: o.windowMinutes } : {}),
		},
	});
	let n8n = first;
	let staticData: IDataObject = {};
	const poll = (harness: EngineHarness) =>
		o.cut
			? withCut(sim, o.cut, () =>
					harness.poll(parameters, staticData, 'trigger', 'activate', CUT_POLL),
				)
			: harness.poll(parameters, staticData, 'trigger', 'activate');
	const readsOf = trackReads(sim);
	let cutPolls = 0;
	const readPerPoll: Array<Set<string>> = [];
	const afterPoll = () => {
		readPerPoll.push(readsOf());
		if (nodeState(staticData)?.resume) cutPolls++;
	};
	// Activation: the first poll notes where every asset stands and emits nothing.
	expect(await poll(n8n)).toBeNull();
	afterPoll();
	const activatedAt = sim.clock.now();

	const deleted: Array<{ id: string; at: number }> = [];
	const deleteNow = (poll: number) => {
		if (o.deleteAfter?.poll !== poll) return;
		for (const id of assetIds.slice(-o.deleteAfter.count)) {
			sim.deleteAsset(id);
			deleted.push({ id, at: sim.clock.now() });
		}
	};
	deleteNow(0);

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
		const outcome = await tryPoll(() => poll(n8n));
		if (outcome.error) {
			failedPolls++;
			readsOf();
			// A failed poll moves nothing.
			expect(cloneJson(staticData)).toEqual(before);
			continue;
		}
		afterPoll();
		tally.add(outcome.items);
		lastSuccess = sim.clock.now();
		deleteNow(i);
	}
	sim.faults.random(null);
	let delayed = 0;
	if (o.cut || o.late) {
		// One poll with time to spare, at the same moment: what the cut polls left is read now.
		// With late uploads, as if a whole sweep period had passed since the last poll: every asset
		// is read in full (between sweeps a late reading waits below the newest one).
		const state = nodeState(staticData);
		if (o.late && state) {
			const back = (iso: unknown) =>
				new Date(Date.parse(iso as string) - 61 * MINUTE).toISOString();
			state.lastPoll = back(state.lastPoll);
			state.serviceTime = back(state.serviceTime);
		}
		const items = await n8n.poll(parameters, staticData);
		delayed = items?.length ?? 0;
		tally.add(items);
		lastSuccess = sim.clock.now();
	}

	const gone = new Map(deleted.map((d) => [d.id, d.at]));
	const windowMs = (o.windowMinutes ?? 180) * MINUTE;
	let truth: GeneratedReading[] = [];
	for (const assetId of assetIds) {
		const upTo = Math.min(lastSuccess, gone.get(assetId) ?? Infinity);
		truth.push(...groundTruth(sim, kinds, [assetId], activatedAt, upTo, o.late !== undefined));
	}
	// A reading that appears a window or more behind its asset's newest reading is never emitted.
	const older = truth.filter((r) => r.deliveredAt - Date.parse(r.timestamp) >= windowMs);
	truth = truth.filter((r) => r.deliveredAt - Date.parse(r.timestamp) < windowMs);
	const comparison = tally.compare(truth);
	return {
		...comparison,
		failedPolls,
		olderThanWindow: older.length,
		delayed,
		cutPolls,
		...fairness(readPerPoll, assetIds.length),
		medianReads: [...readPerPoll.map((r) => r.size)].sort((a, b) => a - b)[readPerPoll.length >> 1],
		requests: sim.stats.requests,
		tokens: sim.stats.tokenRequests,
		stateBytes: bytesOf(nodeState(staticData)),
		byOperation: sim.stats.byOperation,
		ms: Date.now() - started,
	};
}

const tryPoll = async (poll: () => Promise<INodeExecutionData[] | null>) => {
	try {
		return { items: await poll() };
	} catch (error) {
		return { error: error as Error };
	}
};

/** The assets whose readings lists were read (answered 200) since the last call. */
function trackReads(sim: Simulator): () => Set<string> {
	let seen = sim.log.length;
	return () => {
		const read = new Set<string>();
		for (const exchange of sim.log.slice(seen)) {
			if (exchange.status === 200 && /\/(temperatures|locations)$/.test(exchange.rawPath)) {
				read.add(exchange.pathParams.assetId);
			}
		}
		seen = sim.log.length;
		return read;
	};
}

/**
 * Rotation: when two consecutive polls each read at least half of the assets (and neither read
 * them all), together they must have read every asset. Counts the pairs checked, and those where
 * they did not.
 */
function fairness(reads: Array<Set<string>>, assets: number) {
	let unfairPairs = 0;
	let fairnessChecked = 0;
	for (let i = 1; i < reads.length; i++) {
		const [a, b] = [reads[i - 1], reads[i]];
		if (a.size < assets / 2 || b.size < assets / 2 || a.size === assets || b.size === assets)
			continue;
		fairnessChecked++;
		if (new Set([...a, ...b]).size < assets) unfairPairs++;
	}
	return { unfairPairs, fairnessChecked };
}

export function report(name: string, r: ScenarioResult): void {
	console.log(
		`${name}\n` +
			`readings lost: ${r.lost}, duplicated: ${r.duplicated}\n` +
			`expected ${r.expected}, emitted ${r.emitted}, unexpected ${r.unexpected}; ` +
			`older than the window (neither emitted nor lost): ${r.olderThanWindow}; ` +
			`emitted by the closing full read: ${r.delayed}; ` +
			`failed polls ${r.failedPolls}, polls cut by the budget ${r.cutPolls} ` +
			`(assets read per poll, median: ${r.medianReads}; consecutive pairs checked for rotation: ${r.fairnessChecked}, unfair: ${r.unfairPairs}); ` +
			`API requests ${r.requests}, token requests ${r.tokens}; ` +
			`static data ${r.stateBytes} bytes; ${(r.ms / 1000).toFixed(1)} s`,
	);
}

export const SIXTY_FOUR_KIB = 64 * 1024;

/** Every reading the ground truth holds emitted once, and nothing else. */
export function expectExactlyOnce(r: ScenarioResult): void {
	expect(r.lost).toBe(0);
	expect(r.duplicated).toBe(0);
	expect(r.unexpected).toBe(0);
}

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
				// 17 simulated minutes: a 10-minute window keeps the reads (down to the window's
				// floor) short; the default window is exercised by late.test.ts.
				windowMinutes: 10,
			});
			report(
				`${order}, 500 polls x 200 assets, 10% faults, token expiring every 50 requests`,
				result,
			);
			expect(result.expected).toBeGreaterThan(4000);
			expectExactlyOnce(result);
			expect(result.stateBytes).toBeLessThan(SIXTY_FOUR_KIB);
		}, 600_000);
	});
}
