import type { IDataObject, INode, INodeProperties } from 'n8n-workflow';

import type { Rulebook } from '../assets/rulebook';
import type { Lanes } from '../core/lanes';
import type { Words } from './words';

/** The Words a family's `summary` is given: poll/items.ts builds them, by the node's version. */
export { localWords, serviceWords } from './words';
import type {
	AnyRead,
	Identified,
	Subject,
	SubjectContext,
	SubjectKind,
} from '../subjects/subject';

/**
 * An event family: one kind of thing the trigger reports (readings, excursions, space changes,
 * a consignment's arrival, a printer going offline...). A family watches one kind of subject and
 * declares the reads of that kind it folds (named: families asking for the same read share it),
 * how it folds what a poll read of one subject into its memory of it, what it emits, and how its
 * events read to a person: a stand-in for Fetch Test Event (`sample`) and one sentence per item
 * (`summary`). Its events are listed in the order they happen (Started before Ended). The poll
 * (list → plan → read → fold → items) knows families only through this interface, and the saved
 * state keeps each family's memories under its name, so a new family is one file and one line in
 * registry.ts.
 *
 * `Reads` names what its reads bring (`{ temperature: ListRead; memberships: IDataObject[] }`),
 * `Of` the subjects of its kind (ScopedAsset for the assets, Subject for the listed records).
 */
export interface EventFamily<
	Memory = unknown,
	Settings = unknown,
	Reads extends object = Record<string, unknown>,
	Of extends Identified = Subject,
> {
	/** Its key in the saved state. Never rename it: saved workflows hold memories under it. */
	name: string;
	/** The values of the Events parameter it emits (the items' `event` field). */
	events: EventChoice[];
	/** Trigger options only this family uses (shown for its events). */
	options?: INodeProperties[];
	/** Reads and checks its options; errors name the option as the user sees it. */
	settings(input: SettingsInput): Settings;
	/**
	 * For an event of its own whose rule these settings leave off (a limit at 0, no alarm): what it
	 * needs, naming the option as the user sees it ('"Deliver Within (Hours)" (Options) above 0').
	 * An event chosen whose rule is off would never be emitted: the trigger refuses it before any
	 * request (parameters.ts), the same way for every family. Absent, or undefined: it needs none.
	 */
	needs?(event: string, settings: Settings): string | undefined;
	/** The kind of subject it watches (subjects/): listed once per poll, whichever families watch it. */
	// eslint-disable-next-line @typescript-eslint/no-explicit-any -- whatever its scope: the poll reads it
	kind: SubjectKind<any, Of>;
	/**
	 * The reads of its kind it folds. A subject whose wanted reads did not all complete (the
	 * budget, a 404) keeps the family's memory as it was.
	 */
	reads?: Array<FamilyRead<Memory, Settings, Of>>;
	/**
	 * Whether it reads an asset once more after the asset left a space scope (the service's
	 * inSpaceIds filter stops listing an asset when it leaves the space, and that exit is news).
	 */
	followsDeparted?: boolean;
	/** What one poll does to the family's memory of one subject, and what it emits. */
	fold(input: FoldInput<Memory, Settings, Reads, Of>): FoldResult<Memory>;
	/**
	 * Its memory as a short string for the saved state: no `|` (state/format.ts). `lanes`: the
	 * state's table of keys, given when usesLanes says a memory of the family writes them by letter.
	 */
	encode(memory: Memory, base: number, lanes?: Lanes): string;
	decode(text: string, base: number, lanes?: Lanes): Memory | undefined;
	/** Whether a memory's saved form writes its keys by their letter in the state's table (lanes.ts). */
	usesLanes?(memory: Memory): boolean;
	/**
	 * Fetch Test Event's stand-in for one of its events (`event`) when the sample's reads found no
	 * real one: every field a real item of that event carries besides the subject's (null only
	 * where the subject has nothing to fill it), built from one real subject of its kind and what
	 * was read of it. Fetch Test Event asks it for each subject it read, shows the stand-in with
	 * the fewest nulls, and marks it `sample: true` (poll/sample.ts).
	 */
	sample(event: string, input: SampleInput<Settings, Reads, Of>): IDataObject;
	/**
	 * One sentence for a person about an item of its events, from the item's own fields (what
	 * happened to whom, when, the key figure), ready to post as it is. Items carry it as `summary`
	 * from version 4 (poll/items.ts); `words` writes its moments as the node's version reads them.
	 */
	summary(item: IDataObject, words: Words): string;
}

/** A read a family folds, and when it wants it (absent: always). */
export interface FamilyRead<Memory, Settings, Of extends Identified> {
	of: AnyRead<Of>;
	/** From the subject and where the family stands with it (the plan and the fold both ask). */
	wanted?(context: SubjectContext<Memory, Of>, settings: Settings): boolean;
}

export interface SampleInput<Settings, Reads, Of> {
	/** A real subject of its kind (an asset: labelled, named as the asset list names it). */
	subject: Of;
	settings: Settings;
	/** The service's clock (epoch ms). */
	now: number;
	/** What the sample read of it, for each read the family declares (a list: all of it, news). */
	read: Partial<Reads>;
}

export interface EventChoice {
	value: string;
	name: string;
	description: string;
	/**
	 * The trigger version that brought it (absent: version 3's Events): older versions do not list
	 * it, and a saved node of an older version that chose it is refused (parameters.ts).
	 */
	since?: number;
	/**
	 * Whether it is judged by the temperature range, so choosing it shows the node's Alert Above
	 * and Below (from version 6 the default rule's): New Temperature Reading, the excursions' Started
	 * and Ended, Stability Budget Consumed. parameters/description.ts builds the editor's list of
	 * temperature events from this flag, and saved versions' display conditions hold that list: set
	 * it only on a new event, never change it on one that shipped (Excursion Ongoing, version 5's,
	 * shows with its Started and has none). Absent: false.
	 */
	judgesRange?: boolean;
	/**
	 * Whether it is judged by the room a reading was taken in (version 5's Profiles by Space and the
	 * watched spaces' ranges show with it): the excursions' Started and Ended, Stability Budget
	 * Consumed. Implies `judgesRange`. Like it, saved display conditions hold the list built from it.
	 * Absent: false.
	 */
	judgesRooms?: boolean;
}

export interface SettingsInput {
	node: INode;
	/** The Options collection as saved. */
	options: IDataObject;
	/** The node's typeVersion: readings keep their version 1 and 2 event names. */
	version: number;
	/** The event values chosen (of every family). */
	selected: ReadonlySet<string>;
	/**
	 * Every rule, read once (parameters/rulebook.ts): each room's, the default for the rest, the
	 * dwell limits, the alarms. A family consults it; it parses no rule of its own.
	 */
	rules: Rulebook;
}

export interface FoldInput<Memory, Settings, Reads, Of extends Identified = Subject>
	extends SubjectContext<Memory, Of> {
	settings: Settings;
	/** The service's clock at this poll (epoch ms; the Date header, else this machine's). */
	now: number;
	/** The late-readings window, in seconds: how far back late news is still news. */
	windowS: number;
	/**
	 * The second (service clock) this family started at: the poll that activated it, or that it
	 * was newly chosen at. Undefined for Fetch Test Event (`sample`, from the subject's context)
	 * and for states saved before version 6. Whether the subject was first listed after it:
	 * `firstListed`, from the context too (subjects/subject.ts).
	 */
	started?: number;
	/** What this poll read of the subject, for each read the family wanted (and only those). */
	read: Partial<Reads>;
}

export interface FoldResult<Memory> {
	/** undefined: nothing worth keeping. */
	memory: Memory | undefined;
	events: TriggerEvent[];
}

/** One thing to emit, before it becomes an item. */
export interface TriggerEvent {
	event: string;
	/**
	 * The event's own key, unique within its family and subject, derived only from what identifies
	 * it in the service's data (an excursion: its direction and start; a stay: its place and entry; a
	 * reading: its timestamp), so every poll, restart or trigger instance that emits it gives the
	 * same one. Version 5 items carry `eventId`, a hash of it with the event and the subject
	 * (poll/items.ts).
	 */
	id: string;
	/** When it happened (epoch ms): items come out oldest first. */
	at: number;
	/** The item's fields besides event and the subject's. */
	fields: IDataObject;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry holds families of any memory type
export type AnyFamily = EventFamily<any, any, any, any>;
