import type { TriggerConfig } from '../parameters/config';
import type { SubjectTask } from './plan';
import { isPending, type TriggerState } from '../state/model';
import type { AnySubjectFamily, Subject, SubjectContext, SubjectRead } from '../subjects/subject';

/**
 * Where each family stands with each subject at this poll, as the plan and the fold both need it
 * (they must agree on which reads a family wants). A family that starts (at the activation, or
 * newly chosen) seeds from what exists; a subject it could not read yet while starting is quiet
 * up to that start; a subject listed since the last poll is news back to the late-readings window
 * before this poll (the service's clock at its first listing), whenever its reads complete, and
 * its first values are news.
 */
export class SubjectContexts {
	private readonly known = new Map<string, Set<string>>();

	constructor(
		private readonly previous: TriggerState | null,
		/** The service's clock at this poll and the late-readings window (ms): where a newly listed subject's news starts. */
		private readonly listedSince: { serviceNow: number; windowMs: number } | null,
		private readonly sample = false,
	) {}

	of(family: AnySubjectFamily, subject: Subject): SubjectContext<unknown> {
		if (this.sample)
			return { subject, memory: undefined, quietUntil: Number.NEGATIVE_INFINITY, seeding: false };
		const before = this.previous?.families.get(family.name);
		if (!before || !this.previous)
			return { subject, memory: undefined, quietUntil: Number.POSITIVE_INFINITY, seeding: true };
		const memory = before.get(subject.id);
		if (isPending(memory))
			return { subject, memory: undefined, quietUntil: memory.quietUntil, seeding: !memory.news };
		if (!this.knownOf(subject.kind).has(subject.id)) {
			// What happened before it was listed is news as far back as the window reaches now: a
			// consignment moved into the workspace mid-route brings its recent piece movements.
			const { serviceNow, windowMs } = this.listedSince!;
			return { subject, memory: undefined, quietUntil: serviceNow - windowMs, seeding: false };
		}
		return { subject, memory, quietUntil: Number.NEGATIVE_INFINITY, seeding: false };
	}

	private knownOf(kind: string): Set<string> {
		let known = this.known.get(kind);
		if (!known) {
			known = new Set(this.previous?.subjects.get(kind) ?? []);
			this.known.set(kind, known);
		}
		return known;
	}
}

/** The reads the subject families want this poll: one task per subject and read, whichever families share it. */
export function planSubjects(
	subjects: Subject[],
	config: TriggerConfig,
	contexts: SubjectContexts,
): SubjectTask[] {
	const tasks: SubjectTask[] = [];
	for (const subject of subjects) {
		const reads = new Map<string, SubjectRead>();
		for (const { family } of config.subjectFamilies) {
			if (family.subject.name !== subject.kind || !family.read) continue;
			if (family.read.wanted(contexts.of(family, subject)))
				reads.set(family.read.of.name, family.read.of);
		}
		for (const read of reads.values()) tasks.push({ subject, read });
	}
	return tasks;
}
