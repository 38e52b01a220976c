// Scenario 4, bulk create: 10,000 input items in batches of 1,000 against one request per item.
import type { BenchSettings } from '../lib/args';
import { runChild } from '../lib/child';
import type { RunFigures } from '../lib/probe';
import { ratio, type ScenarioResult } from '../lib/results';

const ITEMS = 10_000;
const BATCH = 1_000;

export async function bulk(
	settings: BenchSettings,
	log: (line: string) => void,
): Promise<ScenarioResult[]> {
	const args = { items: ITEMS, latencyMs: settings.latencyMs };
	const batched = await runChild<RunFigures>('bulkCreate', {
		...args,
		batching: true,
		reps: Math.min(settings.reps, 3),
	});
	log(`  batched:        ${batched.requests} requests, ${batched.wallMs} ms`);
	// 10,000 sequential requests: one run is enough to see the difference.
	const single = await runChild<RunFigures>('bulkCreate', { ...args, batching: false, reps: 1 });
	log(`  one per item:   ${single.requests} requests, ${single.wallMs} ms`);
	return [
		{
			id: 'bulk',
			scenario: 'bulk',
			title: `Create ${ITEMS.toLocaleString('en-US')} assets from ${ITEMS.toLocaleString('en-US')} items`,
			items: ITEMS,
			latencyMs: settings.latencyMs,
			requests: batched.requests,
			expectedRequests: Math.ceil(ITEMS / BATCH),
			baselineRequests: single.requests,
			wallMs: batched.wallMs,
			baselineWallMs: single.wallMs,
			baseline: 'Batch Requests off: one request per item',
			ratio: ratio(batched.wallMs, single.wallMs),
			batched,
			single,
		},
	];
}
