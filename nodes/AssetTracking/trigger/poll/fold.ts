import type { AnyFamily, TriggerEvent } from '../families/family';
import type { TriggerConfig } from '../parameters/config';
import { secondOf } from '../core/identity';
import { emptyState, type TriggerState } from '../state/model';
import { assets } from '../subjects/assets';
import type { AnyKind } from '../subjects/subject';
import { foldLists } from './lists';
import type { Plan, Unit } from './plan';
import type { TaskResult } from './read';

export interface FoldInput {
	config: TriggerConfig;
	plan: Plan;
	results: Array<TaskResult | undefined>;
	previous: TriggerState | null;
	/** This machine's clock at the start of the poll, and the service's (epoch ms). */
	now: number;
	serviceNow: number;
	/** A manual run (Fetch Test Event): everything read is news, and no memory is kept. */
	sample?: boolean;
}

/** An event of one subject, ready to become an item. */
export interface SubjectEvent extends TriggerEvent, Unit {}

/** What the completed reads of each subject brought, by subject key and read name. */
export type Reads = Map<string, Map<string, unknown>>;

/**
 * Folds what a poll read into the next state and the events it emits. First the reads: a
 * subject's count only when all of them completed (settledResults), and the reading lists move
 * their memories (lists.ts). Then every active family folds, per subject of its kind, what its
 * wanted reads brought into its memory; a subject whose wanted reads did not all complete (the
 * budget ran out, or the service answered 404) keeps the family's memory, so the next poll picks
 * it up: nothing is emitted twice and nothing is lost. A subject its kind does not keep
 * (an unlabelled or departed asset) leaves no memory.
 */
export function foldPoll(input: FoldInput): {
	next: TriggerState;
	events: SubjectEvent[];
	/** Subjects the service answered 404 for, kind by kind. */
	gone: Unit[];
	reads: Reads;
} {
	const { config, previous, plan, results } = input;
	const next = emptyState(config.windowS, config.summaryLocations);
	next.watermark = previous?.watermark ?? null;
	next.lastPoll = input.now;
	next.serviceTime = input.serviceNow;
	next.hints = { ...previous?.hints };

	const settled = settledResults(plan.tasks, results);
	const reads: Reads = new Map();
	const readsOf = (key: string) => {
		let byName = reads.get(key);
		if (!byName) reads.set(key, (byName = new Map()));
		return byName;
	};
	const gone = new Map<string, Unit>();
	plan.tasks.forEach((task, i) => {
		const result = settled[i];
		const { key } = task.unit;
		if (result === undefined || result.gone) {
			// The next poll starts at the first subject whose reads did not start, after the first
			// one whose reads started but did not settle (a read cut between pages), which it
			// retries in whole pages. One that was already the retry waits for its turn: a list
			// longer than a cut poll allows must not starve the subjects after it.
			if (results[i] === undefined) next.resume ??= key;
			else if (result === undefined && key !== previous?.retry) next.retry ??= key;
			if (result?.gone) gone.set(key, task.unit);
			return;
		}
		if (task.list === undefined) readsOf(key).set(task.read.name, result.own);
	});
	for (const [key, lists] of foldLists({ ...input, settled }, next))
		for (const [name, read] of lists) readsOf(key).set(name, read);

	const events: SubjectEvent[] = [];
	for (const { family, settings } of config.families) {
		const kept = new Map<string, unknown>();
		const started = input.sample ? undefined : familyStart(family.name, previous, input.serviceNow);
		if (started !== undefined) next.started.set(family.name, started);
		for (const { unit, context, wanted } of plan.folding.get(family) ?? []) {
			const read = reads.get(unit.key);
			let after: unknown;
			if (gone.has(unit.key) || wanted.some(({ name }) => !read?.has(name))) {
				// Not read yet while the family starts: it waits, quiet up to where it started.
				after =
					context.memory ??
					(context.quietUntil === Number.NEGATIVE_INFINITY
						? undefined
						: {
								pending: true,
								quietUntil: Number.isFinite(context.quietUntil)
									? context.quietUntil
									: input.serviceNow,
								...(context.seeding ? {} : { news: true }),
							});
			} else {
				const folded = family.fold({
					...context,
					settings,
					now: input.serviceNow,
					windowS: config.windowS,
					started,
					read: Object.fromEntries(wanted.map(({ name }) => [name, read!.get(name)])),
				});
				after = folded.memory;
				for (const event of folded.events)
					if (config.selected.has(event.event)) events.push({ ...unit, ...event });
			}
			if (after !== undefined && unit.standing.kept) kept.set(unit.subject.id, after);
		}
		next.families.set(family.name, kept);
	}

	for (const { kind } of config.watched) {
		const followed = plan.units
			.filter((unit) => unit.kind === kind && unit.standing.kept)
			.map((unit) => unit.subject.id as string);
		if (kind === assets) for (const id of followed) next.known.add(id);
		else next.subjects.set(kind.name, followed);
	}
	// The assets whose lists have a memory stay followed, whatever the families keep.
	for (const id of next.assets.keys()) next.known.add(id);
	const kinds = config.watched.map((watched) => watched.kind);
	return {
		next,
		gone: [...gone.values()].sort((a, b) => kinds.indexOf(a.kind) - kinds.indexOf(b.kind)),
		events: events.sort(
			byEventTime(
				config.families.map((f) => f.family),
				kinds,
			),
		),
		reads,
	};
}

/** A family already active keeps its start; one that starts now starts at this poll's second. */
const familyStart = (name: string, previous: TriggerState | null, serviceNow: number) =>
	previous?.families.has(name) ? previous.started.get(name) : secondOf(serviceNow);

/**
 * The results that count: a subject's reads move its memories only when every one of them ran to
 * the end (every list down to its depth, every other read to its last page). One read of a subject
 * cut by the budget, or stopped between pages, leaves all of that subject's results out: its reads
 * and families are shared (a family folds several reads, a read feeds several families), so moving
 * some of them would let a family miss what its read has already passed. A subject the service
 * answered 404 for, for any of its reads, is gone for this poll.
 */
export function settledResults(
	tasks: Plan['tasks'],
	results: Array<TaskResult | undefined>,
): Array<TaskResult | undefined> {
	const unsettled = new Set<string>();
	const gone = new Set<string>();
	tasks.forEach((task, i) => {
		const result = results[i];
		if (result?.gone) gone.add(task.unit.key);
		else if (result === undefined || result.listed?.complete === false || result.complete === false)
			unsettled.add(task.unit.key);
	});
	return tasks.map((task, i) => {
		if (gone.has(task.unit.key)) return { gone: true };
		return unsettled.has(task.unit.key) ? undefined : results[i];
	});
}

/**
 * Oldest first; at the same time by kind (in the order the families watch them: the assets
 * first), then by subject, then in the order the families list their events.
 */
function byEventTime(families: AnyFamily[], kinds: AnyKind[]) {
	const rank = new Map<string, number>();
	for (const family of families)
		for (const choice of family.events) rank.set(choice.value, rank.size);
	return (a: SubjectEvent, b: SubjectEvent) =>
		a.at - b.at ||
		kinds.indexOf(a.kind) - kinds.indexOf(b.kind) ||
		(a.key < b.key ? -1 : a.key > b.key ? 1 : 0) ||
		(rank.get(a.event) ?? 0) - (rank.get(b.event) ?? 0);
}
