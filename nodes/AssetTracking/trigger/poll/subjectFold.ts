import type { TriggerConfig } from '../parameters/config';
import type { TriggerEvent } from '../families/family';
import { settledResults } from './fold';
import { isSubjectTask, type Task } from './plan';
import type { TaskResult } from './read';
import type { TriggerState } from '../state/model';
import type { SubjectContexts } from './subjectPlan';
import { subjectKey, type Subject } from '../subjects/subject';

/** An event of one subject, ready to become an item. */
export interface SubjectEvent extends TriggerEvent {
	subject: Subject;
}

export interface SubjectFoldInput {
	config: TriggerConfig;
	/** The subjects listed this poll (subjects/list.ts). */
	subjects: Subject[];
	/** Every task of the poll and its result (the assets' too: only the subjects' are used here). */
	tasks: Task[];
	results: Array<TaskResult | undefined>;
	contexts: SubjectContexts;
	/** The service's clock at this poll (epoch ms). */
	serviceNow: number;
}

/**
 * The subject families' part of a poll's fold, into `next` (the state foldPoll built): per family
 * and listed subject, what its read brought is folded into its memory, or, when a read it wanted
 * did not complete (the budget, a 404), the memory stays as it was (a subject not read yet while
 * its family starts waits as pending). Subjects no longer listed are let go with their memories.
 */
export function foldSubjects(
	input: SubjectFoldInput,
	next: TriggerState,
): { events: SubjectEvent[]; gone: Set<string> } {
	const { config } = input;
	const settled = settledResults(input.tasks, input.results);
	// What each subject's completed reads brought; a subject with a read that did not complete has none.
	const reads = new Map<string, Map<string, unknown>>();
	const gone = new Set<string>();
	input.tasks.forEach((task, i) => {
		if (!isSubjectTask(task)) return;
		const key = subjectKey(task.subject);
		const result = settled[i];
		if (result?.gone) gone.add(key);
		if (result === undefined || result.gone) return;
		const byRead = reads.get(key) ?? new Map<string, unknown>();
		reads.set(key, byRead.set(task.read.name, result.own));
	});

	const events: SubjectEvent[] = [];
	for (const { family, settings } of config.subjectFamilies) {
		const kept = new Map<string, unknown>();
		for (const subject of input.subjects) {
			if (subject.kind !== family.subject.name) continue;
			const context = input.contexts.of(family, subject);
			const key = subjectKey(subject);
			const read = family.read?.wanted(context) ? family.read.of.name : undefined;
			let after: unknown;
			if (read !== undefined && !reads.get(key)?.has(read)) {
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
					own: read === undefined ? undefined : reads.get(key)!.get(read),
				});
				after = folded.memory;
				for (const event of folded.events)
					if (config.selected.has(event.event)) events.push({ ...event, subject });
			}
			if (after !== undefined) kept.set(subject.id, after);
		}
		next.families.set(family.name, kept);
	}
	for (const { kind } of config.subjects)
		next.subjects.set(
			kind.name,
			input.subjects.filter((s) => s.kind === kind.name).map((s) => s.id),
		);
	return { events: events.sort(byEventTime(config)), gone };
}

/** Oldest first; at the same time by subject, then in the order the families list their events. */
function byEventTime(config: TriggerConfig) {
	const rank = new Map<string, number>();
	for (const { family } of config.subjectFamilies)
		for (const choice of family.events) rank.set(choice.value, rank.size);
	return (a: SubjectEvent, b: SubjectEvent) => {
		const ka = subjectKey(a.subject);
		const kb = subjectKey(b.subject);
		return (
			a.at - b.at ||
			(ka < kb ? -1 : ka > kb ? 1 : 0) ||
			(rank.get(a.event) ?? 0) - (rank.get(b.event) ?? 0)
		);
	};
}
