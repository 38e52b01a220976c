/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// Timing and memory of repeated runs of one operation, inside a measurement process.
export interface RunFigures {
	/** Median wall time of the repetitions. */
	wallMs: number;
	/** Fastest repetition: the least disturbed by other work on the machine. */
	bestWallMs: number;
	wallsMs: number[];
	/** Median CPU time (user + system) of this process per run: less disturbed by other load. */
	cpuMs: number;
	/** Service requests of one run (API requests; token requests counted apart). */
	requests: number;
	tokenRequests: number;
	items: number;
	/** Length of JSON.stringify of the output items' json: "the size of the items". */
	itemsJsonBytes: number;
	/** Process RSS just before the first measured run. */
	rssBeforeBytes: number;
	/** Highest RSS of the process during the first measured run. */
	peakRssBytes: number;
	/** peakRssBytes - rssBeforeBytes: the memory the run itself needed at its peak. */
	peakRssDeltaBytes: number;
	/** Heap still used while the output is held, after a full GC, minus the heap before. */
	retainedHeapBytes: number;
	/**
	 * Highest V8 heap use plus external memory (buffers) seen during a run, minus that use
	 * before it (after a full GC); the median over the runs. Unlike the RSS figures it does not
	 * depend on how much free heap V8 kept from earlier work.
	 */
	peakHeapDeltaBytes: number;
}

export interface RunOutcome {
	/** The output items' json objects (held until measured). */
	items: unknown[];
}

export interface Counters {
	reset(): Promise<void>;
	read(): Promise<{ requests: number; tokenRequests: number }>;
}

type OneRun = Omit<
	RunFigures,
	'wallMs' | 'bestWallMs' | 'wallsMs' | 'cpuMs' | 'peakHeapDeltaBytes'
> & { wallMs: number; cpuMs: number; peakHeapDeltaBytes: number };

const gc = () => (global as { gc?: () => void }).gc?.();

/** JSON.stringify(items).length without building the whole string (1,000,000 items). */
export function jsonSize(items: unknown[]): number {
	let size = 2 + Math.max(0, items.length - 1);
	for (const item of items) size += JSON.stringify(item).length;
	return size;
}

/**
 * One run with its figures. A function of its own on purpose: a suspended async frame can keep
 * stale references to values it awaited, so the output must not pass through the frame that
 * loops over the runs, or it would still be alive when the next run's "before" is measured.
 */
async function measureOnce(counters: Counters, run: () => Promise<RunOutcome>): Promise<OneRun> {
	gc();
	await counters.reset();
	const before = process.memoryUsage();
	const maxRssBefore = process.resourceUsage().maxRSS * 1024;
	let rssPeak = before.rss;
	let heapPeak = before.heapUsed + before.external;
	// Samples land between the run's asynchronous steps (each page is several), which is where
	// the heap is at its fullest: a parsed page has just been added to the output.
	const sampler = setInterval(() => {
		const now = process.memoryUsage();
		rssPeak = Math.max(rssPeak, now.rss);
		heapPeak = Math.max(heapPeak, now.heapUsed + now.external);
	}, 2);
	const cpuStarted = process.cpuUsage();
	const started = performance.now();
	const outcome = await run();
	const wallMs = performance.now() - started;
	const cpu = process.cpuUsage(cpuStarted);
	clearInterval(sampler);
	const after = process.memoryUsage();
	heapPeak = Math.max(heapPeak, after.heapUsed + after.external);
	// maxRSS is exact but only useful when this run raised the process's high-water mark.
	const maxRss = process.resourceUsage().maxRSS * 1024;
	const peak = maxRss > maxRssBefore ? Math.max(maxRss, rssPeak) : rssPeak;
	const counted = await counters.read();
	const itemsJsonBytes = jsonSize(outcome.items);
	gc();
	return {
		...counted,
		wallMs,
		cpuMs: (cpu.user + cpu.system) / 1000,
		items: outcome.items.length,
		itemsJsonBytes,
		rssBeforeBytes: before.rss,
		peakRssBytes: peak,
		peakRssDeltaBytes: peak - before.rss,
		retainedHeapBytes: process.memoryUsage().heapUsed - before.heapUsed,
		peakHeapDeltaBytes: heapPeak - (before.heapUsed + before.external),
	};
}

/**
 * Runs `run` `reps` times. Peak RSS comes from the first run (the process's high-water mark
 * cannot go down again); times and peak heap are medians over all runs.
 */
export async function measureRuns(
	reps: number,
	counters: Counters,
	run: () => Promise<RunOutcome>,
): Promise<RunFigures> {
	const runs: OneRun[] = [];
	for (let rep = 0; rep < reps; rep++) runs.push(await measureOnce(counters, run));
	const round = (ms: number) => Math.round(ms * 10) / 10;
	const [first] = runs;
	return {
		...first,
		wallMs: round(median(runs.map((r) => r.wallMs))),
		bestWallMs: round(Math.min(...runs.map((r) => r.wallMs))),
		wallsMs: runs.map((r) => round(r.wallMs)),
		cpuMs: round(median(runs.map((r) => r.cpuMs))),
		peakHeapDeltaBytes: median(runs.map((r) => r.peakHeapDeltaBytes)),
	};
}

export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = sorted.length >> 1;
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
