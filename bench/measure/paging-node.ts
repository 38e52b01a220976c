// Paging, this pack: Asset > Get Many with Return All, executed by n8n's WorkflowExecute.
import '../../engine/env';
import { EngineHarness } from '../../engine/engine';
import { measurement } from '../lib/child';
import { measureRuns } from '../lib/probe';
import { counters, simWithAssets, workspaceParam } from '../lib/sim';

export interface PagingArgs {
	assets: number;
	latencyMs: number;
	reps: number;
}

measurement(async ({ assets, latencyMs, reps }: PagingArgs) => {
	const sim = await simWithAssets(assets, latencyMs);
	try {
		const n8n = new EngineHarness(sim.endpoint);
		const workspaceId = workspaceParam(sim.endpoint.seed.workspaceId);
		// Warm-up: loads every lazy module, fetches the OAuth token into the credential record
		// (as an active n8n instance would already have it) and lets V8 compile the hot paths.
		await n8n.runNode({ resource: 'asset', operation: 'getMany', workspaceId, limit: 100 });
		return await measureRuns(reps, counters(sim), async () => {
			const run = await n8n.runNode({
				resource: 'asset',
				operation: 'getMany',
				workspaceId,
				returnAll: true,
			});
			if (run.error) throw new Error(run.error.message);
			return { items: run.items.map((item) => item.json) };
		});
	} finally {
		await sim.stop();
	}
});
