// Timing and memory of repeated runs of one operation, inside a measurement process.
export interface RunFigures {
	/** Median wall time of the repetitions. */
	wallMs: number;
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
}

export interface RunOutcome {
	/** The output items' json objects (held until measured). */
	items: unknown[];
}

export interface Counters {
	reset(): Promise<void>;
	read(): Promise<{ requests: number; tokenRequests: number }>;
}

const gc = () => (global as { gc?: () => void }).gc?.();

/** JSON.stringify(items).length without building the whole string (1,000,000 items). */
export function jsonSize(items: unknown[]): number {
	let size = 2 + Math.max(0, items.length - 1);
	for (const item of items) size += JSON.stringify(item).length;
	return size;
}

/**
 * Runs `run` `reps` times. Memory is taken from the first run only: RSS is sampled every few
 * ms and the kernel's high-water mark (maxRSS) is read, since a short peak can fall between
 * samples; later runs only add wall times.
 */
export async function measureRuns(reps: number, counters: Counters, run: () => Promise<RunOutcome>): Promise<RunFigures> {
	const walls: number[] = [];
	const cpus: number[] = [];
	let first: Omit<RunFigures, 'wallMs' | 'wallsMs' | 'cpuMs'> | undefined;
	for (let rep = 0; rep < reps; rep++) {
		gc();
		await counters.reset();
		const heapBefore = process.memoryUsage().heapUsed;
		const rssBefore = process.memoryUsage.rss();
		const maxRssBefore = process.resourceUsage().maxRSS * 1024;
		let sampled = rssBefore;
		const sampler = setInterval(() => (sampled = Math.max(sampled, process.memoryUsage.rss())), 5);
		const cpuStarted = process.cpuUsage();
		const started = performance.now();
		let outcome: RunOutcome | undefined = await run();
		walls.push(performance.now() - started);
		const cpu = process.cpuUsage(cpuStarted);
		cpus.push((cpu.user + cpu.system) / 1000);
		clearInterval(sampler);
		const counted = await counters.read();
		if (!first) {
			const maxRss = process.resourceUsage().maxRSS * 1024;
			const peak = maxRss > maxRssBefore ? Math.max(maxRss, sampled) : sampled;
			gc();
			const retained = process.memoryUsage().heapUsed - heapBefore;
			first = {
				...counted,
				items: outcome.items.length,
				itemsJsonBytes: jsonSize(outcome.items),
				rssBeforeBytes: rssBefore,
				peakRssBytes: peak,
				peakRssDeltaBytes: peak - rssBefore,
				retainedHeapBytes: retained,
			};
		}
		outcome = undefined;
	}
	const round = (ms: number) => Math.round(ms * 10) / 10;
	return { wallMs: round(median(walls)), wallsMs: walls.map(round), cpuMs: round(median(cpus)), ...first! };
}

export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = sorted.length >> 1;
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
