import type { IDataObject, INode, INodeProperties } from 'n8n-workflow';

import type { Picker } from '../../pickers/picker';
import type { AssetTrackingClient } from '../../transport';
import type { Rule } from '../../helpers/validation';
import type { ReadingKind, Scope } from '../assets/types';

/**
 * What the trigger watches: kinds of subject (assets, consignments, facilities with their asset
 * groups, printers). Every kind is read the same way: it lists its subjects once per poll,
 * whichever families watch it; each family asks for named reads per subject (families asking for
 * the same read share it), run within the poll budget in one rotation over every kind's subjects;
 * and each family folds, per subject, what was read into its memory (families/family.ts).
 */

/** What every subject has: the id its kind's list gives it. */
export interface Identified {
	id: string;
}

/** A subject of a kind whose list gives plain records (consignments, facilities, printers). */
export interface Subject extends Identified {
	/** Its kind's name (SubjectKind.name). */
	kind: string;
	/** The record as the list gave it, fields unchecked. */
	item: IDataObject;
}

/** What a kind's parameters are read with. */
export interface SubjectScopeInput {
	node: INode;
	/** The trigger's Workspace (read when a kind asks for it): every listed kind lists within it. */
	workspaceId: string;
	/** The IDs picked in one of the trigger's picker collections, checked by `rule` (none: []). */
	picked(name: string, entry: string, label: string, rule: Rule): string[];
	/** The Watch parameter (the assets' kind): the workspace, some of its spaces, or picked assets. */
	watch(): Scope;
}

/**
 * A kind of subject: how its subjects are listed and the parameters that narrow them; the
 * optional parts say how its subjects differ from plain records (the assets: see assets.ts).
 */
export interface SubjectKind<Scope = unknown, Of extends Identified = Subject> {
	/** Its key: in the saved state (`subjects`), and in the poll's rotation. Never rename it. */
	name: string;
	/** Parameters of the trigger only this kind uses, shown when one of its families' events is chosen. */
	parameters?: INodeProperties[];
	/** The pickers those parameters use: the trigger serves their search methods. */
	pickers?: Picker[];
	/** Reads and checks the parameters; errors name the field as the user sees it. */
	scope(input: SubjectScopeInput): Scope;
	/** Every subject in scope, in the service's order; at most `limit` when given (Fetch Test Event). */
	list(client: AssetTrackingClient, scope: Scope, limit?: number): Promise<Of[]>;
	/** A subject's key in the poll's rotation and the saved resume point; `<kind>:<id>` when absent. */
	key?(id: string): string;
	/** Fields that name the subject on each of its items, around the event's own; none when absent. */
	about?(subject: Of): IDataObject;
	/**
	 * The names of the places (spaces, facilities) the subject's record gives, by id: from version
	 * 5 an item's `spaceId` and `facilityId` are named beside them (poll/items.ts).
	 */
	places?(subject: Of): Record<string, string>;
	/** Looks up what `about` needs for the subjects of some events, when the list did not give it. */
	describe?(
		client: AssetTrackingClient,
		scope: Scope,
		concurrency: number,
		found: Array<{ subject: Of }>,
	): Promise<void>;
	/** How a poll treats one of its subjects, as its list gave it (absent: as any listed record). */
	standing?(subject: Of): Standing;
	/**
	 * Its families start from a time alone (what happened before it is not news), never from a
	 * subject's first values: a subject not read yet is never marked as first seen (the assets).
	 */
	startsFromTime?: boolean;
}

/** How a poll treats one subject; each part left out is as for any listed record. */
export interface Standing {
	/** Whether the families' memories of it are kept after this poll (default: yes). */
	kept?: boolean;
	/** Whether its reading lists are read (default: yes). */
	lists?: boolean;
	/** Whether its other reads are read (default: yes). */
	reads?: boolean;
	/** It left what is watched: only families that follow departures fold it (default: no). */
	departed?: boolean;
}

/** The result of a per-subject read: `complete` false when the poll budget stopped it between pages. */
export interface ReadResult<Result> {
	result: Result;
	complete: boolean;
}

/** A request per subject, shared by name: families asking for the same read share one per poll. */
export interface SubjectRead<Result = unknown, Of extends Identified = Subject> {
	name: string;
	/** Reads one subject, every page, or stops before a page when `mayContinue` says no. */
	run(
		client: AssetTrackingClient,
		subject: Of,
		mayContinue: () => boolean,
	): Promise<ReadResult<Result>>;
}

/**
 * A reading list of an asset, read by name like any read, with a memory of its own (what was seen
 * of it: assets/seen.ts) that the poll plans, reads and folds (poll/lists.ts).
 */
export interface ReadingList {
	name: ReadingKind;
	list: ReadingKind;
}

export type AnyRead<Of extends Identified = Subject> = SubjectRead<unknown, Of> | ReadingList;

export const isReadingList = (read: { name: string }): read is ReadingList => 'list' in read;

/** Where a family stands with one subject at this poll. */
export interface SubjectContext<Memory, Of extends Identified = Subject> {
	subject: Of;
	/** The memory from the last poll; undefined for a subject (or family) seen for the first time. */
	memory: Memory | undefined;
	/**
	 * Events at or before this time (epoch ms) are folded without being emitted: +Infinity when the
	 * family starts (what exists then seeds it), the activation for a subject whose first read was
	 * cut by the budget, the late-readings window before its first listing (by the service's clock)
	 * for a subject listed since the family started (an asset: the previous poll), -Infinity
	 * otherwise.
	 */
	quietUntil: number;
	/**
	 * The first value the family observes of the subject (a printer's isOnline, a group's
	 * availability) is where it starts, not a change (poll/plan.ts). True when the family starts
	 * (at the activation, or newly chosen: every subject there then), for a subject whose first
	 * read was cut while the family started, and, for a kind that starts from a time (the assets),
	 * for every subject it has no memory of yet, one listed since the start included. False for a
	 * subject of another kind first listed after the start (its first value is news), for one the
	 * family has a memory of, and for Fetch Test Event.
	 */
	seeding: boolean;
	/**
	 * The subject was first listed after the family started, and of a kind whose first values are
	 * news (not the assets: their kind starts from a time): at this poll, or at an earlier one whose
	 * reads of it were cut. What its record tells of before that listing is old (a consignment
	 * moved into the workspace mid-route: what came before its activation). False otherwise.
	 */
	firstListed: boolean;
	/**
	 * Fetch Test Event: no memory, everything read is news (`quietUntil` is -Infinity, `seeding`
	 * false), the family has no start (`started` undefined) and nothing it returns is kept.
	 */
	sample: boolean;
	/**
	 * The service's clock as the poll knows it when it plans (epoch ms; the fold's `now` may be a
	 * little later): for a read wanted only once a moment has passed. Absent: not known.
	 */
	now?: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a poll holds kinds of any scope and subject
export type AnyKind = SubjectKind<any, any>;
