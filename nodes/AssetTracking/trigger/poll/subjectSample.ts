import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import type { AssetTrackingClient } from '../../transport';
import { PollBudget } from './budget';
import type { TriggerConfig } from '../parameters/config';
import { settledResults } from './fold';
import { readPlan } from './read';
import { emptyState } from '../state/model';
import { foldSubjects, type SubjectEvent } from './subjectFold';
import { subjectItems } from './subjectItems';
import { planSubjects, SubjectContexts } from './subjectPlan';
import { listWatched } from '../subjects/list';
import { subjectKey, type Subject } from '../subjects/subject';

/** Subjects of each kind listed for the sample, and of those, how many are read. */
const SAMPLE_LISTED = 100;
const SAMPLE_READ = 5;

/**
 * Fetch Test Event for the families watching consignments, facilities and printers, one item per
 * chosen event as for the asset events (sample.ts): the first subjects of each kind, read as a
 * poll would with everything within the late-readings window as news (and every printer's or
 * group's state as a first value), and the newest event of each chosen kind. An event they did
 * not have is stood in for by its family's sample, built from one of those subjects (the one
 * whose sample fills the most fields) and marked `sample: true`; a kind with no subject has
 * nothing to build it from. Items come in the order of the Events list. It never touches the
 * trigger's state.
 */
export async function sampleSubjects(
	ctx: IPollFunctions,
	client: AssetTrackingClient,
	config: TriggerConfig,
): Promise<INodeExecutionData[]> {
	if (config.subjectFamilies.length === 0) return [];
	const now = Date.now();
	const subjects = await listWatched(client, config, SAMPLE_LISTED);
	const contexts = new SubjectContexts(null, null, true);
	const readPerKind = new Map<string, Set<string>>();
	const sampled = (subject: Subject) => {
		const read = readPerKind.get(subject.kind) ?? new Set<string>();
		readPerKind.set(subject.kind, read);
		if (read.size >= SAMPLE_READ && !read.has(subject.id)) return false;
		read.add(subject.id);
		return true;
	};
	const tasks = planSubjects(subjects, config, contexts).filter(({ subject }) => sampled(subject));
	const results = await readPlan(ctx, client, config, tasks, null, new PollBudget(ctx, now));
	const serviceNow = client.serviceTime ?? now;
	const { events } = foldSubjects(
		{ config, subjects, tasks, results, contexts, serviceNow },
		emptyState(config.windowS, false),
	);
	// Oldest first: the last of each kind is its newest.
	const newest = new Map<string, SubjectEvent>();
	for (const event of events) newest.set(event.event, event);

	// What was read of each subject, by read.
	const reads = new Map<string, Map<string, unknown>>();
	settledResults(tasks, results).forEach((result, i) => {
		if (result === undefined || result.gone) return;
		const key = subjectKey(tasks[i].subject);
		reads.set(key, (reads.get(key) ?? new Map()).set(tasks[i].read.name, result.own));
	});

	const itemOf = subjectItems(config);
	const items: INodeExecutionData[] = [];
	for (const { family, settings } of config.subjectFamilies) {
		const ofKind = subjects.filter((subject) => subject.kind === family.subject.name);
		// Those whose read came back, when the family reads; else the first few of its kind.
		const readName = family.read?.of.name;
		const withRead = ofKind.filter((subject) => reads.get(subjectKey(subject))?.has(readName!));
		const candidates = (readName !== undefined && withRead.length > 0 ? withRead : ofKind).slice(
			0,
			SAMPLE_LISTED,
		);
		for (const { value } of family.events) {
			if (!config.selected.has(value)) continue;
			const real = newest.get(value);
			if (real) {
				items.push(itemOf(real));
				continue;
			}
			if (candidates.length === 0) continue;
			const standIn = fewestNulls(
				candidates.map((subject) =>
					family.sample(value, {
						subject,
						settings,
						now: serviceNow,
						own: readName === undefined ? undefined : reads.get(subjectKey(subject))?.get(readName),
					}),
				),
			);
			const item = itemOf({ event: value, fields: standIn });
			item.json.sample = true;
			items.push(item);
		}
	}
	return items;
}

/** The stand-in with the fewest null fields (the first of those): the subject with most to show. */
function fewestNulls(candidates: IDataObject[]): IDataObject {
	const nulls = (fields: IDataObject) => Object.values(fields).filter((v) => v === null).length;
	return candidates.reduce((best, candidate) =>
		nulls(candidate) < nulls(best) ? candidate : best,
	);
}
