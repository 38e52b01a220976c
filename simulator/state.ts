// Everything a request handler may read or change, in one place.
import type { Clock } from './clock';
import type { Paging } from './paging';
import type { LateUploads } from './readings/late';
import type { Rng } from './prng';
import type { Timeline } from './schedule/timeline';
import type { Store } from './store/store';
import type { ResolvedOptions } from './types';

export interface SimState {
	readonly opts: ResolvedOptions;
	readonly clock: Clock;
	readonly store: Store;
	readonly paging: Paging;
	/** Seeded source for ids of records created through the API (same requests = same ids). */
	readonly ids: Rng;
	/** Earliest time at which readings exist: startTime - historyMinutes. */
	readonly historyStart: number;
	/** Late uploads (readings/late.ts); null: every reading appears at its timestamp. */
	late: LateUploads | null;
	/** Changes scheduled on the clock (schedule/): applied before every request is answered. */
	readonly timeline: Timeline;
}

export interface HandlerContext {
	state: SimState;
	operation: string;
	params: Record<string, string>;
	query: Record<string, string>;
	/** Parsed JSON body, or undefined when the request had none. */
	body: unknown;
}

export interface HandlerResult {
	status: number;
	body?: unknown;
}

export type Handler = (ctx: HandlerContext) => HandlerResult;
