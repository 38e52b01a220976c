// Token reuse: 1,000 executions of a workflow with one credential, against the same 1,000
// executions where each uses a credential record of its own, so n8n has no stored token and
// fetches one per execution (what a node that keeps no token between executions costs).
import '../../engine/env';
import { EngineHarness } from '../../engine/engine';
import { measurement } from '../lib/child';
import { measureRuns } from '../lib/probe';
import { counters, simWithAssets, workspaceParam } from '../lib/sim';

export interface TokenArgs {
	executions: number;
	latencyMs: number;
	/** 'shared': one credential for all; 'fresh': a new credential record per execution. */
	credential: 'shared' | 'fresh';
}

measurement(async ({ executions, latencyMs, credential }: TokenArgs) => {
	const sim = await simWithAssets(30, latencyMs);
	try {
		const n8n = new EngineHarness(sim.endpoint, 'warm-up');
		const workspaceId = workspaceParam(sim.endpoint.seed.workspaceId);
		const parameters = { resource: 'workspace', operation: 'get', workspaceId };
		await n8n.runNode(parameters, { credentialId: 'warm-up' });
		// The shared credential starts without a token, as a newly created credential does.
		n8n.addCredential('shared', sim.endpoint);
		return await measureRuns(1, counters(sim), async () => {
			const items: unknown[] = [];
			for (let i = 0; i < executions; i++) {
				const credentialId = credential === 'shared' ? 'shared' : `fresh-${i}`;
				if (credential === 'fresh') n8n.addCredential(credentialId, sim.endpoint);
				const run = await n8n.runNode(parameters, { credentialId });
				if (run.error) throw new Error(run.error.message);
				items.push(run.items[0].json);
			}
			return { items };
		});
	} finally {
		await sim.stop();
	}
});
