// Scenario 3, trigger: a steady-state poll over many assets with simulated latency, for several
// concurrency settings, against the bound ceil(requests / concurrency) x latency.
import type { BenchSettings } from '../lib/args';
import { runChild } from '../lib/child';
import { ratio, type ScenarioResult } from '../lib/results';

interface TriggerFigures {
	wallMs: number;
	wallsMs: number[];
	requests: number;
	tokenRequests: number;
	emitted: number[];
	requestsPerPoll: number[];
	cpuMs: number;
	simCpuMs: number;
	listRequests: number;
	reads: number;
	firstPoll: { wallMs: number; requests: number; emitted: number };
	secondPoll: { wallMs: number; requests: number; emitted: number };
	staticDataBytes: number;
}

/** Share of requests answered 429 in the extra run at the best concurrency. */
const RATE_429 = 0.01;

export async function trigger(
	settings: BenchSettings,
	log: (line: string) => void,
): Promise<ScenarioResult[]> {
	const results: ScenarioResult[] = [];
	const latencyMs = settings.triggerLatencyMs;
	const run = async (
		assets: number,
		concurrency: number,
		rate429: number,
		activeShare = 1,
	): Promise<ScenarioResult> => {
		// A poll of 10,000 assets takes seconds to tens of seconds: one measured poll there.
		const polls = assets >= 10_000 ? (activeShare < 1 ? 3 : 1) : 3;
		const figures = await runChild<TriggerFigures>(
			'trigger',
			{ assets, latencyMs, concurrency, polls, rate429, activeShare },
			900_000,
		);
		const boundMs = Math.ceil(figures.requests / concurrency) * latencyMs;
		const quiet = activeShare < 1 ? `, ${activeShare * 100}% with new readings` : '';
		const result: ScenarioResult = {
			...figures,
			id: `trigger-${assets}-c${concurrency}${rate429 > 0 ? '-429' : ''}${activeShare < 1 ? `-active${activeShare * 100}` : ''}`,
			scenario: 'trigger',
			title: `Poll of ${assets.toLocaleString('en-US')} assets${quiet}, concurrency ${concurrency}${rate429 > 0 ? `, ${rate429 * 100}% answered 429` : ''}`,
			assets,
			activeShare,
			concurrency,
			latencyMs,
			rate429,
			requests: figures.requests,
			wallMs: figures.wallMs,
			baselineWallMs: boundMs,
			baseline: 'ceil(requests / concurrency) x latency',
			ratio: ratio(figures.wallMs, boundMs),
			clientCpuPerRequestMs: Math.round((figures.cpuMs / figures.requests) * 1000) / 1000,
		};
		log(
			`  ${result.title}: ${figures.wallMs} ms (bound ${boundMs} ms, ${result.ratio}x), ${figures.requests} requests: ` +
				`${figures.listRequests} list request(s), ${figures.reads} reads`,
		);
		return result;
	};
	for (const assets of settings.triggerAssets) {
		// Most assets quiet, a tenth with new readings: the list shows which to read.
		if (settings.triggerActive.some((share) => share < 1)) {
			for (const share of settings.triggerActive.filter((s) => s < 1)) {
				results.push(await run(assets, settings.concurrency[0], 0, share));
			}
		}
		if (!settings.triggerActive.includes(1)) continue;
		const sweep: ScenarioResult[] = [];
		for (const concurrency of settings.concurrency) sweep.push(await run(assets, concurrency, 0));
		results.push(...sweep);
		// 429 handling under load: the fastest setting again, with 1% of requests rate limited.
		const best = sweep.reduce((a, b) => ((b.wallMs as number) < (a.wallMs as number) ? b : a));
		results.push(await run(assets, best.concurrency as number, RATE_429));
	}
	return results;
}
