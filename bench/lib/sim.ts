// Simulator set-ups shared by the measurements.
import { RemoteSimulator } from '../sim/remote';
import type { Counters } from './probe';

/** A simulator whose main workspace holds exactly `assets` assets (the seeded ones included). */
export async function simWithAssets(assets: number, latencyMs: number): Promise<RemoteSimulator> {
	const sim = await RemoteSimulator.start();
	const { seed } = sim.endpoint;
	const extra = assets - seed.assetIds.length;
	if (extra < 0) throw new Error(`the seed already holds ${seed.assetIds.length} assets`);
	await sim.send({ op: 'addAssets', workspaceId: seed.workspaceId, count: extra });
	// Warm the simulator's list code (in its own process) before anything is measured.
	await sim.send({ op: 'warm', workspaceId: seed.workspaceId, rounds: 2 });
	await sim.send({ op: 'latency', ms: latencyMs });
	return sim;
}

/** The simulator's request counters, as the probe reads them around each run. */
export function counters(sim: RemoteSimulator): Counters {
	return {
		reset: async () => {
			await sim.send({ op: 'resetStats' });
		},
		read: async () => {
			const { requests, tokenRequests } = await sim.stats();
			return { requests, tokenRequests };
		},
	};
}

/** The resource locator value of a workspace, as the node's parameter holds it. */
export const workspaceParam = (workspaceId: string) => ({
	__rl: true,
	mode: 'id',
	value: workspaceId,
});
