// The goals of the issue, checked against one run's figures.
import { MAX_PAGE_SIZE } from '../../nodes/AssetTracking/transport';
import type { GoalResult, ScenarioResult } from './results';

const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

const field = (o: unknown, key: string): number | undefined => {
	const value = o && typeof o === 'object' ? (o as Record<string, unknown>)[key] : undefined;
	return typeof value === 'number' ? value : undefined;
};

export function evaluateGoals(results: ScenarioResult[]): GoalResult[] {
	const goals: GoalResult[] = [];
	const byId = new Map(results.map((r) => [r.id, r]));

	const paging = byId.get('paging-100000');
	if (paging) {
		const wall = (p: ScenarioResult) => {
			const r = p.ratio as number;
			return {
				goal: `Paging wall time, 100,000 assets, ${p.latencyMs} ms latency`,
				target: '≤ 1.5× the raw undici loop (medians)',
				measured: `${fmt(r)}× (fastest runs: ${fmt(p.bestRatio as number)}×, CPU time: ${fmt(p.cpuRatio as number)}×)`,
				met: r <= 1.5,
			};
		};
		goals.push(wall(paging));
		const slow = results.find((r) => r.id.startsWith('paging-100000-'));
		if (slow) goals.push(wall(slow));
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
		goals.push({
			goal: 'Peak memory (peak RSS added), Return All of 100,000 assets',
			target: '< 3× the size of the items (JSON)',
			measured: `${fmt(memory)}×`,
			met: memory < 3,
		});
		const heap = paging.peakHeapToItems as number;
		goals.push({
			goal: 'Peak memory (heap + buffers in use, sampled), same run',
			target: '< 3× the size of the items (JSON)',
			measured: `${fmt(heap)}×`,
			met: heap < 3,
		});
		// Against the raw undici loop holding the same items (issue 18): the pack's own copies.
		const nodeHeap = field(paging.node, 'peakHeapDeltaBytes');
		const rawHeap = field(paging.undici, 'peakHeapDeltaBytes');
		if (nodeHeap !== undefined && rawHeap !== undefined) {
			const vsRaw = Math.round((nodeHeap / rawHeap) * 100) / 100;
			goals.push({
				goal: 'Peak memory vs the raw undici loop, Return All of 100,000 assets (heap + buffers, sampled)',
				target: '≤ 1.3× the raw loop',
				measured: `${fmt(vsRaw)}× (${fmt(nodeHeap / 1e6)} MB vs ${fmt(rawHeap / 1e6)} MB)`,
				met: vsRaw <= 1.3,
			});
		}
	}

	const token = byId.get('token');
	if (token) {
		goals.push({
			goal: 'Token requests for 1,000 executions',
			target: '1',
			measured: String(token.requests),
			met: token.requests === 1,
		});
	}

	// The trigger goal: the concurrency a user would pick (the fastest poll), without injected
	// 429s (the handling stays on). The setting closest to its own bound is named as well.
	const sweeps = results.filter((r) => r.scenario === 'trigger' && r.rate429 === 0);
	for (const assets of [...new Set(sweeps.map((r) => r.assets as number))]) {
		const runs = sweeps.filter((r) => r.assets === assets);
		const fastest = runs.reduce((a, b) => ((b.wallMs as number) < (a.wallMs as number) ? b : a));
		const closest = runs.reduce((a, b) => ((b.ratio as number) < (a.ratio as number) ? b : a));
		const describe = (r: ScenarioResult) =>
			`${fmt(r.ratio as number)}× at concurrency ${r.concurrency} (${fmt(r.wallMs as number)} ms vs ${fmt(r.baselineWallMs as number)} ms)`;
		goals.push({
			goal: `Trigger poll of ${fmt(assets)} assets at the fastest concurrency`,
			target: '≤ 1.5× ceil(requests / concurrency) × latency',
			measured:
				describe(fastest) +
				(closest !== fastest ? `; closest to its bound: ${describe(closest)}` : ''),
			met: (fastest.ratio as number) <= 1.5,
		});
	}

	// The trigger against a raw client making its requests (issue 18), steady polls over HTTP.
	const raw = results.filter((r) => r.scenario === 'triggerRaw' && r.tls === false);
	for (const assets of [...new Set(raw.map((r) => r.assets as number))]) {
		const steady = raw.filter(
			(r) => r.assets === assets && r.poll === 'steady' && r.activeAssets === assets,
		);
		if (steady.length === 0) continue;
		const ratios = steady.map((r) => r.ratio as number).sort((a, b) => a - b);
		const median = ratios[ratios.length >> 1];
		const reuse = steady.map((r) => fmt(r.ratioToReuse as number)).join(', ');
		goals.push({
			goal: `Trigger steady poll of ${fmt(assets)} assets vs raw undici making the same requests`,
			target: '≤ 1.2× with the same connection policy (a new connection per request)',
			measured: `${ratios.map(fmt).join(', ')}× (median ${fmt(median)}×); to one reusing connections: ${reuse}×`,
			met: median <= 1.2,
		});
	}
	// What a poll reads, on the independent server's shape (a tenth reporting, the rest never).
	const steadyCount = new Map<number, number>();
	for (const r of raw.filter((x) => (x.activeAssets as number) < (x.assets as number))) {
		const active = r.activeAssets as number;
		const lists = r.listRequests as number;
		const requests = r.requests as number;
		const at = `${fmt(r.assets as number)} assets, ${fmt(active)} reporting`;
		// The list's share: ceil(N / 10,000) requests at the service's largest page; then at most
		// `perAsset` requests per reporting asset.
		const listBound = Math.ceil((r.assets as number) / MAX_PAGE_SIZE);
		const readGoal = (goal: string, perAsset: number, which: string): GoalResult => ({
			goal,
			target: `≤ ${fmt(listBound)} list request(s) + ${perAsset} per asset ${which} = ${fmt(listBound + perAsset * active)}`,
			measured: `${fmt(requests)} (${fmt(lists)} list, ${fmt(r.reads as number)} reads)`,
			met: lists <= listBound && requests <= listBound + perAsset * active,
		});
		if (r.poll === 'activation') {
			goals.push(readGoal(`Trigger activation, ${at}`, 2, 'with readings the list does not carry'));
		} else if (r.poll === 'steady') {
			const nth = (steadyCount.get(r.assets as number) ?? 0) + 1;
			steadyCount.set(r.assets as number, nth);
			goals.push(
				readGoal(
					`Trigger poll with new readings (steady poll ${nth}), ${at}`,
					2.2,
					'with new readings',
				),
			);
		} else if (r.poll === 'nothing new') {
			goals.push({
				goal: `Trigger nothing-new poll, ${at}`,
				target: 'reads no asset without readings',
				measured: `${fmt(r.readsWithoutReadings as number)} reads of assets without readings (${fmt(r.reads as number)} reads in all)`,
				met: r.readsWithoutReadings === 0,
			});
		}
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
	const month = byId.get('report-1x744h');
	if (month) {
		goals.push({
			goal: 'Temperature report of 31 days of one asset (44,640 readings), CPU of the process running the node',
			target: '< 1 s (network excluded: the simulator runs in its own process)',
			measured: `${fmt(month.cpuMs as number)} ms (Get Temperature Summary alone: ${fmt(month.baselineCpuMs as number)} ms; the report's own: ${fmt(month.ownCpuMs as number)} ms)`,
			met: (month.cpuMs as number) < 1000,
		});
	}
	const fleet = byId.get('report-100x24h');
	if (fleet) {
		goals.push({
			goal: 'Temperature report of 100 assets × 24 h',
			target: '< 10 s',
			measured: `${fmt(fleet.cpuMs as number)} ms CPU, ${fmt(fleet.wallMs as number)} ms wall (summary alone: ${fmt(fleet.baselineCpuMs as number)} ms CPU)`,
			met: (fleet.cpuMs as number) < 10_000 && (fleet.wallMs as number) < 10_000,
		});
	}
	const reports = results.filter((r) => r.scenario === 'report');
	if (reports.length > 0) {
		const perPage = Math.max(...reports.map((r) => r.pdfBytesPerAssetPage as number));
		const png = Math.max(...reports.map((r) => r.pngBytes as number));
		goals.push({
			goal: 'Temperature report PDF per asset page',
			target: '≤ 150 KB',
			measured: `${fmt(perPage / 1024)} KB at most`,
			met: perPage <= 150 * 1024,
		});
		goals.push({
			goal: 'Temperature report chart PNG',
			target: '≤ 200 KB',
			measured: `${fmt(png / 1024)} KB at most`,
			met: png <= 200 * 1024,
		});
	}
	const gets = results.find((r) => r.scenario === 'gets');
	if (gets) {
		goals.push({
			goal: 'Routed Get vs the router, CPU per item (300 Gets of an asset)',
			target: '≤ 1.5×',
			measured: `${fmt(gets.cpuRatio as number)}× (${gets.cpuPerItemMs} ms vs ${gets.baselineCpuPerItemMs} ms)`,
			met: (gets.cpuRatio as number) <= 1.5,
		});
	}
	return goals;
}
