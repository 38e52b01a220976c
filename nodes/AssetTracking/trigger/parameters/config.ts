// The trigger's settings as a poll uses them, read from the parameters by parameters.ts. Types
// only: every module of a poll can name them without importing parameters.ts.
import type { RetryPolicy } from '../../transport';
import type { TemperatureBounds } from '../core/settings';
import type { AnyFamily } from '../families/family';
import type { ReadingKind, Scope } from '../assets/types';
import type { AnyKind } from '../subjects/subject';

/** A family the chosen events need, with its settings. */
export interface ActiveFamily {
	family: AnyFamily;
	settings: unknown;
}

/** A kind of subject the chosen events watch, and what its parameters narrow it to. */
export interface WatchedKind {
	kind: AnyKind;
	scope: unknown;
}

export interface TriggerConfig {
	/** The node's typeVersion: the items' vocabulary, and `summary`, follow it (items.ts). */
	version: number;
	/** The workflow's time zone (IANA): version 5's sentences write their moments in it. */
	timeZone: string;
	/** The chosen event values (version 3 names: temperatureReading, location, excursionStarted…). */
	selected: ReadonlySet<string>;
	/** The families of the chosen events, in registry order. */
	families: ActiveFamily[];
	/** The kinds of subject those watch, each listed once per poll, in registry order. */
	watched: WatchedKind[];
	/** The reading lists of the assets those families read. */
	lists: ReadingKind[];
	/** The `event` value of an item: versions 1 and 2 call a temperature reading "temperature". */
	eventName: (event: string) => string;
	/** The assets the asset families watch (no asset family chosen: no assets). */
	scope: Scope;
	/** Alert Above and Below as set, for the temperature readings (sample.ts). */
	bounds: TemperatureBounds;
	summaryLocations: boolean;
	lookBackMs: number;
	/** The late-readings window, in seconds (seen.ts). */
	windowS: number;
	concurrency: number;
	retryPolicy: RetryPolicy;
}
