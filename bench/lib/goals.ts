// The goals of the issue, checked against one run's figures.
import type { GoalResult, ScenarioResult } from './results';

const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

export function evaluateGoals(results: ScenarioResult[]): GoalResult[] {
	const goals: GoalResult[] = [];
	const byId = new Map(results.map((r) => [r.id, r]));

	const paging = byId.get('paging-100000');
	if (paging) {
		const r = paging.ratio as number;
		goals.push({ goal: 'Paging wall time, 100,000 assets', target: '≤ 1.5× the raw undici loop', measured: `${fmt(r)}×`, met: r <= 1.5 });
		goals.push({
			goal: 'Paging requests, 100,000 assets',
			target: `ceil(N / 10000) = ${paging.expectedRequests}`,
			measured: String(paging.requests),
			met: paging.requests === paging.expectedRequests,
		});
		const vsHttp = paging.ratioToHttpRequest as number | null;
		goals.push({
			goal: 'Paging faster than the HTTP Request node, 100,000 assets',
			target: '< 1× the HTTP Request node (+ Split Out)',
			measured: vsHttp === null ? 'not measured' : `${fmt(vsHttp)}×`,
			met: vsHttp !== null && vsHttp < 1,
		});
		const memory = paging.peakMemoryToItems as number;
		goals.push({ goal: 'Peak memory, Return All of 100,000 assets', target: '< 3× the size of the items (JSON)', measured: `${fmt(memory)}×`, met: memory < 3 });
	}

	const token = byId.get('token');
	if (token) {
		goals.push({ goal: 'Token requests for 1,000 executions', target: '1', measured: String(token.requests), met: token.requests === 1 });
	}

	// The trigger goal is about the best concurrency, without injected 429s (handling stays on).
	const sweeps = results.filter((r) => r.scenario === 'trigger' && r.rate429 === 0);
	for (const assets of [...new Set(sweeps.map((r) => r.assets as number))]) {
		const best = sweeps.filter((r) => r.assets === assets).reduce((a, b) => ((b.ratio as number) < (a.ratio as number) ? b : a));
		goals.push({
			goal: `Trigger poll of ${fmt(assets)} assets at the best concurrency (${best.concurrency})`,
			target: '≤ 1.5× ceil(requests / concurrency) × latency',
			measured: `${fmt(best.ratio as number)}× (${fmt(best.wallMs as number)} ms vs ${fmt(best.baselineWallMs as number)} ms)`,
			met: (best.ratio as number) <= 1.5,
		});
	}

	const bulk = byId.get('bulk');
	if (bulk) {
		goals.push({
			goal: 'Bulk create requests, 10,000 items',
			target: `ceil(N / 1000) = ${bulk.expectedRequests}`,
			measured: String(bulk.requests),
			met: bulk.requests === bulk.expectedRequests,
		});
	}
	return goals;
}
