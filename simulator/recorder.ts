// The exchange log and request counters that tests and benchmarks read.
import type { Exchange, SimulatorStats } from './types';

export class Recorder {
	readonly log: Exchange[] = [];
	readonly stats: SimulatorStats = { requests: 0, tokenRequests: 0, byOperation: {} };

	constructor(public enabled: boolean) {}

	count(operation: string | null, token: boolean): void {
		if (token) {
			this.stats.tokenRequests++;
			return;
		}
		this.stats.requests++;
		const key = operation ?? 'unrouted';
		this.stats.byOperation[key] = (this.stats.byOperation[key] ?? 0) + 1;
	}

	record(ex: Exchange): void {
		if (this.enabled) this.log.push(ex);
	}

	/** Clears in place so references held by tests stay valid. */
	reset(): void {
		this.log.length = 0;
		this.stats.requests = 0;
		this.stats.tokenRequests = 0;
		for (const k of Object.keys(this.stats.byOperation)) delete this.stats.byOperation[k];
	}
}
