// The trigger's settings as a poll uses them, read from the parameters by parameters.ts. Types
// only, importing only types: every module of a poll can name them without importing
// parameters.ts, which imports the families' registry (the families import emit.ts and
// scope.ts, which need these types; a type here keeps that a line, not a cycle).
import type { RetryPolicy } from '../../transport';
import type { AnyFamily } from '../families/family';
import type { TemperatureBounds } from '../core/settings';
import type { AnySubjectFamily, SubjectKind } from '../subjects/subject';
import type { ReadingKind, Scope } from '../assets/types';

/** A family the chosen events need, with its settings. */
export interface ActiveFamily {
	family: AnyFamily;
	settings: unknown;
}

/** A family of the chosen events that watches another kind of subject than assets. */
export interface ActiveSubjectFamily {
	family: AnySubjectFamily;
	settings: unknown;
}

/** A kind of subject the chosen events watch, and what its parameters narrow it to. */
export interface WatchedKind {
	kind: SubjectKind;
	scope: unknown;
}

export interface TriggerConfig {
	/** The node's typeVersion: the items' vocabulary, and `summary`, follow it (emit.ts). */
	version: number;
	/** The chosen event values (version 3 names: temperatureReading, location, excursionStarted…). */
	selected: ReadonlySet<string>;
	/** The families of the chosen events that watch assets, in registry order. */
	families: ActiveFamily[];
	/** The families of the chosen events that watch other subjects, in registry order. */
	subjectFamilies: ActiveSubjectFamily[];
	/** The kinds of subject those watch, each listed once per poll. */
	subjects: WatchedKind[];
	/** The reading lists those families read. */
	kinds: ReadingKind[];
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
