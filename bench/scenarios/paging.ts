// Scenario 1, paging: Return All through the engine against a bare undici loop (the physical
// limit) and against n8n's HTTP Request node with pagination + Split Out.
import type { BenchSettings } from '../lib/args';
import { runChild } from '../lib/child';
import type { RunFigures } from '../lib/probe';
import { ratio, type ScenarioResult } from '../lib/results';

const PAGE = 10_000;

type HttpFigures = RunFigures & { httpRequestMs: number; splitOutMs: number; httpRequestVersion: number; n8nNodesBaseVersion: string };

export async function paging(settings: BenchSettings, log: (line: string) => void): Promise<ScenarioResult[]> {
	const results: ScenarioResult[] = [];
	for (const assets of settings.pagingAssets) {
		// One Return All of 1,000,000 takes seconds; three runs give a median without the wait.
		const args = { assets, latencyMs: settings.latencyMs, reps: assets >= 1_000_000 ? 3 : settings.reps };
		const undici = await runChild<RunFigures>('paging-undici', args);
		log(`  undici loop      ${assets}: ${undici.wallMs} ms`);
		const node = await runChild<RunFigures>('paging-node', args);
		log(`  Asset Tracking   ${assets}: ${node.wallMs} ms`);
		let http: HttpFigures | { notMeasured: string };
		try {
			http = await runChild<HttpFigures>('paging-httpRequest', args);
			log(`  HTTP Request     ${assets}: ${http.wallMs} ms`);
		} catch (error) {
			http = { notMeasured: (error as Error).message.split('\n')[0] };
			log(`  HTTP Request     ${assets}: not measured (${http.notMeasured})`);
		}
		results.push({
			id: `paging-${assets}`,
			scenario: 'paging',
			title: `Return All of ${assets.toLocaleString('en-US')} assets`,
			assets,
			latencyMs: settings.latencyMs,
			requests: node.requests,
			expectedRequests: Math.ceil(assets / PAGE),
			wallMs: node.wallMs,
			baselineWallMs: undici.wallMs,
			baseline: 'raw undici loop over the same pages with the same kind of token',
			ratio: ratio(node.wallMs, undici.wallMs),
			cpuRatio: ratio(node.cpuMs, undici.cpuMs),
			httpRequestWallMs: 'wallMs' in http ? http.wallMs : null,
			ratioToHttpRequest: 'wallMs' in http ? ratio(node.wallMs, http.wallMs) : null,
			itemsJsonBytes: node.itemsJsonBytes,
			peakMemoryToItems: ratio(node.peakRssDeltaBytes, node.itemsJsonBytes),
			node,
			undici,
			httpRequest: http,
		});
	}
	return results;
}
