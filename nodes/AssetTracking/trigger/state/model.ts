import type { KindMemory } from '../seen';
import type { ReadingKind } from '../types';

/** What earlier polls learnt about one kind's lists. */
export interface PageHint {
	/** 'n' newest first, 'o' oldest first, 'u' unordered; undefined when not known. */
	order?: string;
	/** Most new readings one asset had in the last poll. */
	newest?: number;
	/** How far the asset list's embedded readings are trusted (see hint.ts). */
	trust?: number;
}

/** Where the trigger stands; saved in the workflow's static data after every poll (format.ts). */
export interface TriggerState {
	/** Newest second any watched asset has reached (service clock): assets that join start here. */
	watermark: number | null;
	/** The late-readings window the memories were built with, in seconds. */
	windowS: number;
	/** Whether location memories hold summary locations (another kind of item than raw fixes). */
	summaryLocations: boolean;
	/** Epoch ms (this machine's clock) of the last poll; hint.ts spreads full reads by it. */
	lastPoll: number | null;
	/** The asset the next poll reads first: where a poll cut by the budget stopped. */
	resume: string | null;
	hints: Partial<Record<ReadingKind, PageHint>>;
	/** Per asset and kind, what was seen (seen.ts); a kind without memory starts from the watermark. */
	assets: Map<string, Partial<Record<ReadingKind, KindMemory>>>;
}

export function emptyState(windowS: number, summaryLocations: boolean): TriggerState {
	return {
		watermark: null,
		windowS,
		summaryLocations,
		lastPoll: null,
		resume: null,
		hints: {},
		assets: new Map(),
	};
}

/** The two kinds in the order the saved state lists them. */
export const KINDS: ReadingKind[] = ['temperature', 'location'];
