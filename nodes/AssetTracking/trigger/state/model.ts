import type { KindMemory } from '../assets/seen';
import type { PageHint, ReadingKind } from '../assets/types';
import { assets } from '../subjects/assets';

/**
 * A family's memory of an asset it could not read yet while it was starting (the poll that
 * activated it ran out of budget): what happened up to `quietUntil` is not news.
 */
export interface Pending {
	pending: true;
	quietUntil: number;
	/**
	 * A subject first seen after the family started, not read yet: its first values are news when
	 * read (poll/fold.ts). Absent: it was there at the start, and its first values seed.
	 */
	news?: true;
}

export const isPending = (memory: unknown): memory is Pending =>
	typeof memory === 'object' && memory !== null && (memory as Pending).pending === true;

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
	/** Epoch ms of the last poll by the service's clock (its Date header), when known. */
	serviceTime: number | null;
	/** The asset the next poll reads first: where a poll cut by the budget stopped. */
	resume: string | null;
	/**
	 * An asset whose read the last poll cut between pages: this poll reads it first, each list
	 * from a first page of the service's maximum size, so one page reaches what it must. Cut again,
	 * it waits for its turn in the rotation (a list longer than a poll allows starves nothing).
	 */
	retry: string | null;
	hints: Partial<Record<ReadingKind, PageHint>>;
	/** Per asset and kind, what was seen (seen.ts); a kind without memory starts from the watermark. */
	assets: Map<string, Partial<Record<ReadingKind, KindMemory>>>;
	/** Every asset the trigger follows, whatever its memories hold. */
	known: Set<string>;
	/**
	 * The event families that were active, each with its memories per asset, or per subject of the
	 * kind it watches (absent: nothing kept).
	 */
	families: Map<string, Map<string, unknown>>;
	/**
	 * When each active family started (the service's clock at that poll, in seconds): what a
	 * family counts from its start (a cumulative alarm, the stability budget) is kept once here
	 * rather than per subject. Absent for families of states saved before version 6.
	 */
	started: Map<string, number>;
	/** Per kind of subject other than assets, the subjects its list held at the poll, in list order. */
	subjects: Map<string, string[]>;
}

/**
 * The subjects of a kind the trigger followed at the last poll, in order: the assets in `known`
 * (the state's first kind), every other kind in `subjects`.
 */
export const followedOf = (state: TriggerState, kind: string): readonly string[] =>
	kind === assets.name ? [...state.known] : (state.subjects.get(kind) ?? []);

export function emptyState(windowS: number, summaryLocations: boolean): TriggerState {
	return {
		watermark: null,
		windowS,
		summaryLocations,
		lastPoll: null,
		serviceTime: null,
		resume: null,
		retry: null,
		hints: {},
		assets: new Map(),
		known: new Set(),
		families: new Map(),
		started: new Map(),
		subjects: new Map(),
	};
}
