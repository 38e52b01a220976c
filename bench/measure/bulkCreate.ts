// Bulk create: Asset > Create over 10,000 input items, batched (the default: up to 1,000
// assets per request) against one request per item (options.batching = false).
import '../../engine/env';
import { EngineHarness } from '../../engine/engine';
import { measurement } from '../lib/child';
import { measureRuns } from '../lib/probe';
import { counters, simWithAssets, workspaceParam } from '../lib/sim';

export interface BulkArgs {
	items: number;
	latencyMs: number;
	batching: boolean;
	reps: number;
}

measurement(async ({ items, latencyMs, batching, reps }: BulkArgs) => {
	const sim = await simWithAssets(30, latencyMs);
	try {
		const n8n = new EngineHarness(sim.endpoint);
		const parameters = {
			resource: 'asset',
			operation: 'create',
			workspaceId: workspaceParam(sim.endpoint.seed.workspaceId),
			name: '={{ $json.name }}',
			options: { batching },
		};
		const input = (count: number, prefix: string) =>
			Array.from({ length: count }, (_, i) => ({ name: `${prefix} ${i + 1}` }));
		const warm = await n8n.runNode(parameters, { input: input(20, 'Warm-up') });
		if (warm.error) throw new Error(warm.error.message);
		let rep = 0;
		return await measureRuns(reps, counters(sim), async () => {
			const run = await n8n.runNode(parameters, { input: input(items, `Bench ${rep++}`) });
			if (run.error) throw new Error(run.error.message);
			if (run.items.length !== items)
				throw new Error(`expected ${items} created assets, got ${run.items.length}`);
			return { items: run.items.map((item) => item.json) };
		});
	} finally {
		await sim.stop();
	}
});
