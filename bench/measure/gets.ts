// 300 Gets of an asset in one execution (300 input items, the seeded assets in turn): the CPU one item
// costs. `node: 'routed'` is the pack's node (Get routed: n8n's RoutingNode builds each item's
// request and calls the pack's transport from its pagination hook); `node: 'programmatic'` is the
// same operations run by the router from execute(), as the node was before issue 39.
import '../../engine/env';
import type { INodeType } from 'n8n-workflow';

import { EngineHarness } from '../../engine/engine';
import { registerNodeType } from '../../engine/nodeTypes';
import { AssetTracking } from '../../nodes/AssetTracking/AssetTracking.node';
import { router } from '../../nodes/AssetTracking/actions/router';
import { measurement } from '../lib/child';
import { measureRuns } from '../lib/probe';
import { counters, simWithAssets } from '../lib/sim';

export interface GetsArgs {
	items: number;
	latencyMs: number;
	node: 'routed' | 'programmatic';
	reps: number;
}

/** The node as it was: version 4's description, every operation through execute(). */
const version4 = new AssetTracking().getNodeType(4) as INodeType;
registerNodeType('bench.assetTrackingProgrammatic', {
	description: version4.description,
	methods: version4.methods,
	execute: router,
});

measurement(async ({ items, latencyMs, node, reps }: GetsArgs) => {
	const sim = await simWithAssets(30, latencyMs);
	try {
		const n8n = new EngineHarness(sim.endpoint, 'gets');
		const { assetIds } = sim.endpoint.seed;
		const parameters = {
			resource: 'asset',
			operation: 'get',
			assetId: { __rl: true, mode: 'id', value: '={{ $json.assetId }}' },
		};
		const options = {
			credentialId: 'gets',
			typeVersion: 4,
			input: Array.from({ length: items }, (_, i) => ({ assetId: assetIds[i % assetIds.length] })),
			...(node === 'programmatic' ? { nodeType: 'bench.assetTrackingProgrammatic' } : {}),
		};
		await n8n.runNode(parameters, options);
		return await measureRuns(reps, counters(sim), async () => {
			const run = await n8n.runNode(parameters, options);
			if (run.error) throw new Error(run.error.message);
			return { items: run.items.map((item) => item.json) };
		});
	} finally {
		await sim.stop();
	}
});
