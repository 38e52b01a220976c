import type { IDataObject, INode, INodeProperties } from 'n8n-workflow';

import type { AssetTrackingClient } from '../../transport';
import type { KindMemory } from '../assets/seen';
import type { Reading, ReadingKind, ScopedAsset } from '../assets/types';

/**
 * An event family: one kind of thing the trigger reports (readings, excursions, space changes,
 * facility changes, silence). A family declares what it reads, how it folds what a poll read of
 * one asset into its memory of that asset, what it emits, and how its events read to a person: a
 * stand-in for Fetch Test Event (`sample`) and one sentence per item (`summary`). Its events are
 * listed in the order they happen (Started before Ended). The poll (plan → read → fold) knows
 * families only through this interface, and the saved state keeps each family's memories under
 * its name, so a new family is one file and one line in registry.ts.
 */
export interface EventFamily<Memory = unknown, Settings = unknown, Own = unknown> {
	/** Its key in the saved state. Never rename it: saved workflows hold memories under it. */
	name: string;
	/** The values of the Events parameter it emits (the items' `event` field). */
	events: EventChoice[];
	/** Trigger options only this family uses (shown for its events). */
	options?: INodeProperties[];
	/** Reads and checks its options; errors name the option as the user sees it. */
	settings(input: SettingsInput): Settings;
	/** Reading lists whose new readings it folds (read once per poll, whichever families ask). */
	readings?: (settings: Settings) => ReadingKind[];
	/** A request of its own per asset (read within the poll budget, rotating like the readings). */
	read?: {
		/** Whether this asset needs it this poll (e.g. the asset list already said enough). */
		wanted(asset: ScopedAsset, settings: Settings): boolean;
		run(client: AssetTrackingClient, asset: ScopedAsset): Promise<Own>;
	};
	/**
	 * Whether it reads an asset once more after the asset left a space scope (the service's
	 * inSpaceIds filter stops listing an asset when it leaves the space, and that exit is news).
	 */
	followsDeparted?: boolean;
	/** What one poll read of one asset does to the family's memory of it, and what it emits. */
	fold(input: FoldInput<Memory, Settings, Own>): FoldResult<Memory>;
	/** Its memory as a short string for the saved state: no `|` (state/format.ts). */
	encode(memory: Memory, base: number): string;
	decode(text: string, base: number): Memory | undefined;
	/**
	 * Fetch Test Event's stand-in for one of its events (`event`) when the sample's reads found no
	 * real one: the fields a real item of that event carries besides the asset's, every one of
	 * them (null only where the asset has nothing to fill it), built from one real asset of the
	 * scope and what was read of it. Fetch Test Event asks it for each asset it read, shows the
	 * stand-in with the fewest nulls, and marks it `sample: true`.
	 */
	sample(event: string, input: SampleInput<Settings, Own>): IDataObject;
	/**
	 * One sentence for a person about an item of its events, from the item's own fields (asset
	 * name, what happened, when, the key figure), ready to post as it is. Items carry it as
	 * `summary` from version 4 (emit.ts).
	 */
	summary(item: IDataObject): string;
}

export interface SampleInput<Settings, Own> {
	/** A real asset of the scope (labelled, named as the asset list names it). */
	asset: ScopedAsset;
	settings: Settings;
	/** The service's clock (epoch ms). */
	now: number;
	/** What the sample read of each list the family asked for, oldest first (empty: not read). */
	readings: Partial<Record<ReadingKind, Reading[]>>;
	/** The family's own read of this asset, when it has one and it was read. */
	own?: Own;
}

export interface EventChoice {
	value: string;
	name: string;
	description: string;
}

export interface SettingsInput {
	node: INode;
	/** The Options collection as saved. */
	options: IDataObject;
	/** The node's typeVersion: readings keep their version 1 and 2 event names. */
	version: number;
	/** The event values chosen (of every family). */
	selected: ReadonlySet<string>;
}

export interface FoldInput<Memory, Settings, Own> {
	asset: ScopedAsset;
	settings: Settings;
	/** The memory from the last poll; undefined for an asset (or family) seen for the first time. */
	memory: Memory | undefined;
	/**
	 * Events that happened at or before this time (epoch ms) are folded without being emitted:
	 * +Infinity at activation (what exists then is where the trigger starts), the previous poll
	 * for an asset that joined since, -Infinity otherwise.
	 */
	quietUntil: number;
	/** The service's clock at this poll (epoch ms; the Date header, else this machine's). */
	now: number;
	/** The late-readings window, in seconds: how far back late news is still news. */
	windowS: number;
	/** Per reading list the family asked for: what this poll read of it. */
	readings: Partial<Record<ReadingKind, ListRead>>;
	/** The result of the family's own read, when it has one and wanted it. */
	own?: Own;
}

export interface ListRead {
	/** Readings no earlier poll had seen, oldest first. */
	fresh: Reading[];
	/** The list's memory before and after this poll (seen.ts). */
	before: KindMemory | undefined;
	after: KindMemory;
	/** The read only noted where the list stands (activation): its readings are not news. */
	baseline: boolean;
}

export interface FoldResult<Memory> {
	/** undefined: nothing worth keeping. */
	memory: Memory | undefined;
	events: TriggerEvent[];
}

/** One thing to emit, before it becomes an item. */
export interface TriggerEvent {
	event: string;
	/** When it happened (epoch ms): items come out oldest first. */
	at: number;
	/** The item's fields besides event and the asset's. */
	fields: IDataObject;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry holds families of any memory type
export type AnyFamily = EventFamily<any, any, any>;
