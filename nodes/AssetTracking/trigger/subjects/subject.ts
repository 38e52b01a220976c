import type { IDataObject, INode, INodeProperties } from 'n8n-workflow';

import type { Picker } from '../../pickers/picker';
import type { AssetTrackingClient } from '../../transport';
import type { Rule } from '../../helpers/validation';
import type { AnyFamily, EventFamily, FoldResult } from '../families/family';

/**
 * What an event family watches besides assets: consignments, facilities (their asset groups),
 * printers. Assets keep their own pipeline (the Watch parameter, the reading lists, seen.ts); every
 * other kind of subject is declared here and read the same way: the kind lists its subjects once
 * per poll, whichever families watch it; each family may ask for one read per subject (several
 * families asking for the same read share it), run within the poll budget in the same rotation
 * as the assets' reads; and each family folds, per subject, what was read into its memory.
 */

/** One watched thing of a kind other than assets, as its list gave it. */
export interface Subject {
	/** Its kind's name (SubjectKind.name). */
	kind: string;
	id: string;
	/** The record as the list gave it, fields unchecked. */
	item: IDataObject;
}

/** What a kind's parameters are read with. */
export interface SubjectScopeInput {
	node: INode;
	/** The trigger's Workspace: every kind lists within it. */
	workspaceId: string;
	/** The IDs picked in one of the trigger's picker collections, checked by `rule` (none: []). */
	picked(name: string, entry: string, label: string, rule: Rule): string[];
}

/** A kind of subject: how its subjects are listed, and the parameters that narrow them. */
export interface SubjectKind<Scope = unknown> {
	/** Its key: in the saved state (`subjects`), and in the poll's rotation. Never rename it. */
	name: string;
	/** Parameters of the trigger only this kind uses, shown when one of its families' events is chosen. */
	parameters?: INodeProperties[];
	/** The pickers those parameters use: the trigger serves their search methods. */
	pickers?: Picker[];
	/** Reads and checks the parameters; errors name the field as the user sees it. */
	scope(input: SubjectScopeInput): Scope;
	/** Every subject in scope, in the service's order; at most `limit` when given (Fetch Test Event). */
	list(client: AssetTrackingClient, scope: Scope, limit?: number): Promise<Subject[]>;
}

/** The result of a per-subject read: `complete` false when the poll budget stopped it between pages. */
export interface ReadResult<Result> {
	result: Result;
	complete: boolean;
}

/** A request per subject, shared by name: families asking for the same read share one per poll. */
export interface SubjectRead<Result = unknown> {
	name: string;
	/** Reads one subject, every page, or stops before a page when `mayContinue` says no. */
	run(
		client: AssetTrackingClient,
		subject: Subject,
		mayContinue: () => boolean,
	): Promise<ReadResult<Result>>;
}

/**
 * An event family that watches a kind of subject other than assets. It declares what an asset
 * family does (its name, events, options, settings, how its memory is saved, its Fetch Test Event
 * stand-in and its `summary` sentence) and, instead of
 * reading lists and an own read per asset: the kind it watches, the per-subject read it folds
 * (and when it wants it), and the fold of one subject.
 */
export interface SubjectFamily<Memory = unknown, Settings = unknown, Own = unknown>
	extends Pick<
		EventFamily<Memory, Settings, Own>,
		'name' | 'events' | 'options' | 'settings' | 'encode' | 'decode' | 'summary'
	> {
	subject: SubjectKind;
	read?: {
		of: SubjectRead<Own>;
		/**
		 * Whether this subject needs the read this poll, from its record and the family's memory.
		 * A subject whose read is wanted and did not complete keeps every memory of the families
		 * that wanted it.
		 */
		wanted(context: SubjectContext<Memory>): boolean;
	};
	/** What one poll does to the family's memory of one subject, and what it emits. */
	fold(input: SubjectFoldInput<Memory, Settings, Own>): FoldResult<Memory>;
	/**
	 * Fetch Test Event's stand-in for one of its events when the sample's reads found no real one:
	 * every field a real item of that event carries (null only where the subject has nothing to
	 * fill it), built from one real subject of its kind and what was read of it. Fetch Test Event
	 * asks it for each subject it read, shows the stand-in with the fewest nulls, and marks it
	 * `sample: true` (subjectSample.ts).
	 */
	sample(event: string, input: SubjectSampleInput<Settings, Own>): IDataObject;
}

export interface SubjectSampleInput<Settings, Own> {
	/** A real subject of the family's kind, as its list gave it. */
	subject: Subject;
	settings: Settings;
	/** The service's clock (epoch ms). */
	now: number;
	/** The family's read of this subject, when it has one and it was read. */
	own?: Own;
}

/** Where a family stands with one subject at this poll. */
export interface SubjectContext<Memory> {
	subject: Subject;
	/** The memory from the last poll; undefined for a subject (or family) seen for the first time. */
	memory: Memory | undefined;
	/**
	 * Events at or before this time (epoch ms) are folded without being emitted: +Infinity when the
	 * family starts (what exists then seeds it), the activation for a subject whose first read was
	 * cut by the budget, the late-readings window before its first listing (by the service's clock)
	 * for a subject listed since the family started, -Infinity otherwise.
	 */
	quietUntil: number;
	/**
	 * The subject was there when the family started: the first value it observes of it (a
	 * printer's isOnline, a group's availability) is where it starts, not a change. False for a
	 * subject first seen after the start, whose first value is news.
	 */
	seeding: boolean;
}

export interface SubjectFoldInput<Memory, Settings, Own> extends SubjectContext<Memory> {
	settings: Settings;
	/** The service's clock at this poll (epoch ms). */
	now: number;
	/** The late-readings window, in seconds: news first seen older than this is not news. */
	windowS: number;
	/** The read's result, when the family wanted it this poll (complete). */
	own?: Own;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry holds families of any memory type
export type AnySubjectFamily = SubjectFamily<any, any, any>;

/** Any family of the registry: one watching assets, or one watching another kind of subject. */
export type Family = AnyFamily | AnySubjectFamily;

export const isSubjectFamily = (family: Family): family is AnySubjectFamily => 'subject' in family;

/** A subject's key in the poll's rotation and the saved state's resume point: `<kind>:<id>`. */
export const subjectKey = (subject: Pick<Subject, 'kind' | 'id'>) =>
	`${subject.kind}:${subject.id}`;
