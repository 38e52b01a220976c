import type { AnyFamily } from '../families/family';
import type { KindMemory } from '../assets/seen';
import { KINDS, type ReadingKind } from '../assets/types';
import type { TriggerConfig } from '../parameters/config';
import { followedOf, isPending, type TriggerState } from '../state/model';
import {
	isReadingList,
	type AnyKind,
	type AnyRead,
	type ReadingList,
	type Standing,
	type SubjectContext,
} from '../subjects/subject';
import { listPlanner, type ListPlan } from './listPlan';

/** One subject of the poll (list.ts). */
export interface Unit {
	kind: AnyKind;
	// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a subject of its kind's type
	subject: any;
	/** Its key in the rotation and the saved resume point: `<kind>:<id>`, or its kind's own. */
	key: string;
	/** Its place in this poll's rotation. */
	turn: number;
	/** How the poll treats it (its kind's say, subjects/subject.ts). */
	standing: Required<Standing>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a subject of any kind
type AnyContext = SubjectContext<unknown, any>;

/** One read of one subject; a reading list's carries how far to read it (lists.ts). */
export interface Task {
	unit: Unit;
	read: AnyRead;
	list?: ListPlan;
}

/** A read of a reading list, with its plan. */
export type ListTask = Task & { read: ReadingList; list: ListPlan };

/** A subject a family folds this poll: where the family stands with it, and the reads it wants. */
export interface Folding {
	unit: Unit;
	context: AnyContext;
	wanted: AnyRead[];
}

export interface Plan {
	/** Every subject listed, kind by kind (the assets in the order this poll reads them). */
	units: Unit[];
	/**
	 * Per active family, the subjects it folds: the plan and the fold agree on which reads a family
	 * wants, since the fold takes them from here.
	 */
	folding: Map<AnyFamily, Folding[]>;
	/** In reading order: subject by subject, from where the last poll stopped (list.ts). */
	tasks: Task[];
	/** Lists not read because the asset list showed nothing new in them (hint.ts), by asset. */
	quiet: Map<Unit, ReadingKind[]>;
	/** Lists an activation did not read: their memories as the asset list showed them (seed.ts). */
	seeded: Map<Unit, Partial<Record<ReadingKind, KindMemory>>>;
}

/**
 * Where a subject that joined since the last poll starts: what happened before that poll is old.
 * The poll's clock is the Date header, whole seconds: what happened within its second is news
 * (the subject was not listed then, so nothing of it was emitted).
 */
export function joinedAfter(previous: TriggerState): number {
	if (previous.serviceTime !== null) return previous.serviceTime - 1000;
	return previous.watermark === null ? Number.NEGATIVE_INFINITY : previous.watermark * 1000;
}

/**
 * Where each family stands with each subject at this poll, as the plan and the fold both need it
 * (they must agree on which reads a family wants). A family that starts (at the activation, or
 * newly chosen) starts from what exists; a subject it could not read yet while starting is quiet
 * up to that start; a subject listed since the last poll is news back to the late-readings window
 * before this poll (the service's clock at its first listing), whenever its reads complete, and
 * its first values are news (an asset, whose kind starts from a time, starts from the last poll). Fetch Test Event
 * (`sample`): no memory, everything is news.
 */
class SubjectContexts {
	private readonly followed = new Map<string, Set<string>>();

	constructor(
		private readonly previous: TriggerState | null,
		/** The service's clock at this poll and the late-readings window (ms): where a newly listed subject's news starts. */
		private readonly listedSince: { serviceNow: number; windowMs: number },
		private readonly sample = false,
	) {}

	of(family: AnyFamily, unit: Unit): AnyContext {
		return { ...this.standing(family, unit), now: this.listedSince.serviceNow };
	}

	private standing(family: AnyFamily, { kind, subject }: Unit): AnyContext {
		if (this.sample)
			return {
				subject,
				memory: undefined,
				quietUntil: Number.NEGATIVE_INFINITY,
				seeding: false,
				firstListed: false,
				sample: true,
			};
		const before = this.previous?.families.get(family.name);
		if (!before || !this.previous)
			return {
				subject,
				memory: undefined,
				quietUntil: Number.POSITIVE_INFINITY,
				seeding: true,
				firstListed: false,
				sample: false,
			};
		const memory = before.get(subject.id);
		const fromTime = kind.startsFromTime === true;
		if (isPending(memory))
			return {
				subject,
				memory: undefined,
				quietUntil: memory.quietUntil,
				seeding: fromTime || !memory.news,
				// Its first read was cut: first listed after the start when its first values are news.
				firstListed: !fromTime && memory.news === true,
				sample: false,
			};
		if (!this.followedOf(kind.name).has(subject.id)) {
			// A kind that starts from a time (the assets) starts a subject listed since from the last
			// poll; for the others, what happened before it was listed is news as far back as the
			// window reaches now: a consignment moved into the workspace mid-route brings its recent
			// piece movements.
			const { serviceNow, windowMs } = this.listedSince;
			return {
				subject,
				memory: undefined,
				quietUntil: fromTime ? joinedAfter(this.previous) : serviceNow - windowMs,
				seeding: fromTime,
				firstListed: !fromTime,
				sample: false,
			};
		}
		return {
			subject,
			memory,
			quietUntil: Number.NEGATIVE_INFINITY,
			seeding: false,
			firstListed: false,
			sample: false,
		};
	}

	private followedOf(kind: string): Set<string> {
		let followed = this.followed.get(kind);
		if (!followed) {
			followed = new Set(this.previous ? followedOf(this.previous, kind) : []);
			this.followed.set(kind, followed);
		}
		return followed;
	}
}

/** The reads a family wants of a subject this poll. */
const wantedReads = (family: AnyFamily, settings: unknown, context: AnyContext): AnyRead[] =>
	(family.reads ?? [])
		.filter((read) => read.wanted?.(context, settings) ?? true)
		.map((read) => read.of);

/** Whether a family folds this subject this poll: one of its kind (one that left: if it follows it). */
const folds = (family: AnyFamily, { kind, standing }: Unit) =>
	family.kind === kind && (!standing.departed || family.followsDeparted === true);

/** A subject's reading lists first, in the saved state's order of kinds; then the others. */
const readOrder = (read: AnyRead) =>
	isReadingList(read) ? KINDS.indexOf(read.list) : KINDS.length;

/**
 * What a poll reads: for each subject, every read the families folding it want, once per name
 * (families asking for the same read share it), subject by subject in rotation order. A reading list is read only as far as its memory asks (lists.ts), or not at all
 * when the asset list shows it has nothing new.
 */
export function planPoll(
	units: Unit[],
	previous: TriggerState | null,
	config: TriggerConfig,
	now: number,
	serviceNow: number | null = null,
	sample = false,
): Plan {
	const contexts = new SubjectContexts(
		previous,
		{ serviceNow: serviceNow ?? now, windowMs: config.windowS * 1000 },
		sample,
	);
	const planList = listPlanner(previous, config, now, serviceNow);
	const folding = new Map(config.families.map(({ family }) => [family, [] as Folding[]]));
	const tasks: Task[] = [];
	const quiet = new Map<Unit, ReadingKind[]>();
	// In rotation order (stable: departed assets, after every other, keep theirs).
	for (const unit of [...units].sort((a, b) => a.turn - b.turn)) {
		const reads = new Map<string, AnyRead>();
		for (const { family, settings } of config.families) {
			if (!folds(family, unit)) continue;
			const context = contexts.of(family, unit);
			const wanted = wantedReads(family, settings, context);
			folding.get(family)!.push({ unit, context, wanted });
			for (const read of wanted)
				if (isReadingList(read) ? unit.standing.lists : unit.standing.reads)
					reads.set(read.name, read);
		}
		for (const read of [...reads.values()].sort((a, b) => readOrder(a) - readOrder(b))) {
			if (!isReadingList(read)) {
				tasks.push({ unit, read });
				continue;
			}
			const list = planList(unit.subject, read.list);
			if (list) tasks.push({ unit, read, list });
			else quiet.set(unit, [...(quiet.get(unit) ?? []), read.list]);
		}
	}
	return { units, folding, tasks, quiet, seeded: new Map() };
}
