// Scenario 1, paging: Return All through the engine against a bare undici loop (the physical
// limit) and against n8n's HTTP Request node with pagination + Split Out.
import type { BenchSettings } from '../lib/args';
import { runChild } from '../lib/child';
import type { RunFigures } from '../lib/probe';
import { ratio, type ScenarioResult } from '../lib/results';

const PAGE = 10_000;

type HttpFigures = RunFigures & {
	httpRequestMs: number;
	splitOutMs: number;
	httpRequestVersion: number;
	n8nNodesBaseVersion: string;
};

export async function paging(
	settings: BenchSettings,
	log: (line: string) => void,
): Promise<ScenarioResult[]> {
	const results: ScenarioResult[] = [];
	const cases = settings.pagingAssets.map((assets) => ({
		assets,
		latencyMs: settings.latencyMs,
		suffix: '',
	}));
	// The same at a network's latency: fixed costs per item stay, per page they fade.
	const extra = settings.pagingExtraLatencyMs;
	if (extra > 0 && extra !== settings.latencyMs)
		cases.push({ assets: 100_000, latencyMs: extra, suffix: `-${extra}ms` });
	for (const { assets, latencyMs, suffix } of cases) {
		// One Return All of 1,000,000 takes seconds: fewer runs, but enough for a median past the first (which grows the heap).
		const args = {
			assets,
			latencyMs,
			reps: assets >= 1_000_000 ? Math.min(settings.reps, 4) : settings.reps,
		};
		const undici = await runChild<RunFigures>('paging-undici', args);
		const label = `${assets}${suffix}`.padEnd(14);
		log(`  undici loop      ${label} ${undici.wallMs} ms`);
		const node = await runChild<RunFigures>('paging-node', args);
		log(`  Asset Tracking   ${label} ${node.wallMs} ms`);
		let http: HttpFigures | { notMeasured: string };
		try {
			http = await runChild<HttpFigures>('paging-httpRequest', args);
			log(`  HTTP Request     ${label} ${http.wallMs} ms`);
		} catch (error) {
			http = { notMeasured: (error as Error).message.split('\n')[0] };
			log(`  HTTP Request     ${label} not measured (${http.notMeasured})`);
		}
		results.push({
			id: `paging-${assets}${suffix}`,
			scenario: 'paging',
			title: `Return All of ${assets.toLocaleString('en-US')} assets, ${latencyMs} ms latency`,
			assets,
			latencyMs,
			requests: node.requests,
			expectedRequests: Math.ceil(assets / PAGE),
			wallMs: node.wallMs,
			baselineWallMs: undici.wallMs,
			baseline: 'raw undici loop over the same pages with the same kind of token',
			ratio: ratio(node.wallMs, undici.wallMs),
			bestRatio: ratio(node.bestWallMs, undici.bestWallMs),
			cpuRatio: ratio(node.cpuMs, undici.cpuMs),
			httpRequestWallMs: 'wallMs' in http ? http.wallMs : null,
			ratioToHttpRequest: 'wallMs' in http ? ratio(node.wallMs, http.wallMs) : null,
			bestRatioToHttpRequest: 'wallMs' in http ? ratio(node.bestWallMs, http.bestWallMs) : null,
			itemsJsonBytes: node.itemsJsonBytes,
			peakMemoryToItems: ratio(node.peakRssDeltaBytes, node.itemsJsonBytes),
			peakHeapToItems: ratio(node.peakHeapDeltaBytes, node.itemsJsonBytes),
			node,
			undici,
			httpRequest: http,
		});
	}
	return results;
}
