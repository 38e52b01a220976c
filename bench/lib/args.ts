// Command-line settings of `npm run bench`. Defaults finish in a few minutes on 2 cores.
export interface BenchSettings {
	/** Asset counts of the paging scenario; --full adds 1,000,000 (the spec's maximum total). */
	pagingAssets: number[];
	/** Simulated service latency per API request for paging, token and bulk create (ms). */
	latencyMs: number;
	/** Paging of 100,000 assets is run once more at this latency (a network's), 0 for not. */
	pagingExtraLatencyMs: number;
	/** The trigger's latency (ms); the brief's 20 ms. */
	triggerLatencyMs: number;
	triggerAssets: number[];
	/** Shares of the trigger's assets with new readings each minute (1: all; 0.1: a tenth, the rest quiet). */
	triggerActive: number[];
	concurrency: number[];
	/** Timed repetitions per measurement where a run is short (the median is reported). */
	reps: number;
	/** Scenarios to run (paging, token, trigger, triggerRaw, bulk, report); all by default. */
	only: string[];
	/** Only rewrite docs/benchmarks.md from bench/results/latest.json (after editing the report code). */
	reportOnly: boolean;
}

export const SCENARIOS = ['paging', 'token', 'trigger', 'triggerRaw', 'bulk', 'report', 'gets'];

const USAGE = `npm run bench -- [--full] [--latency=MS] [--paging-extra-latency=MS] [--trigger-latency=MS] [--concurrency=10,50,100]
                        [--trigger-assets=1000,10000] [--trigger-active=1,0.1] [--reps=N] [--only=paging,token,trigger,triggerRaw,bulk,report,gets] [--report-only]`;

export function parseArgs(argv: string[]): BenchSettings {
	const flags = new Map<string, string>();
	for (const arg of argv) {
		const m = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
		if (!m) throw new Error(`unknown argument ${arg}\n${USAGE}`);
		flags.set(m[1], m[2] ?? 'true');
	}
	const numbers = (name: string, fallback: number[]) =>
		flags.has(name) ? flags.get(name)!.split(',').map(Number) : fallback;
	const number = (name: string, fallback: number) => numbers(name, [fallback])[0];
	const settings: BenchSettings = {
		pagingAssets: flags.has('full') ? [10_000, 100_000, 1_000_000] : [10_000, 100_000],
		latencyMs: number('latency', 0),
		pagingExtraLatencyMs: number('paging-extra-latency', 20),
		triggerLatencyMs: number('trigger-latency', 20),
		triggerAssets: numbers('trigger-assets', [1_000, 10_000]),
		triggerActive: numbers('trigger-active', [1, 0.1]),
		concurrency: numbers('concurrency', [10, 50, 100]),
		reps: number('reps', 5),
		only: flags.has('only') ? flags.get('only')!.split(',') : SCENARIOS,
		reportOnly: flags.has('report-only'),
	};
	for (const name of flags.keys()) {
		if (
			![
				'full',
				'latency',
				'paging-extra-latency',
				'trigger-latency',
				'trigger-assets',
				'trigger-active',
				'concurrency',
				'reps',
				'only',
				'report-only',
			].includes(name)
		) {
			throw new Error(`unknown flag --${name}\n${USAGE}`);
		}
	}
	const all = [
		settings.latencyMs,
		settings.pagingExtraLatencyMs,
		settings.triggerLatencyMs,
		settings.reps,
		...settings.triggerAssets,
		...settings.concurrency,
	];
	if (all.some((v) => !Number.isFinite(v) || v < 0))
		throw new Error(`flags need non-negative numbers\n${USAGE}`);
	const unknown = settings.only.filter((s) => !SCENARIOS.includes(s));
	if (unknown.length > 0) throw new Error(`unknown scenario ${unknown.join(', ')}\n${USAGE}`);
	return settings;
}
