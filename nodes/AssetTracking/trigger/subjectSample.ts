import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import type { AssetTrackingClient } from '../transport';
import { PollBudget } from './budget';
import type { TriggerConfig } from './config';
import { readPlan } from './read';
import { emptyState } from './state/model';
import { foldSubjects, type SubjectEvent } from './subjectFold';
import { subjectItem } from './subjectItems';
import { planSubjects, SubjectContexts } from './subjectPlan';
import { listWatched } from './subjects/list';

/** Subjects of each kind listed for the sample, and of those, how many are read. */
const SAMPLE_LISTED = 100;
const SAMPLE_READ = 5;

/**
 * Fetch Test Event for the families watching consignments, facilities and printers: the first
 * subjects of each kind, read as a poll would with everything within the late-readings window
 * as news (and every printer's or group's state as a first value), and the newest event of each
 * chosen kind. It never touches the trigger's state.
 */
export async function sampleSubjects(
	ctx: IPollFunctions,
	client: AssetTrackingClient,
	config: TriggerConfig,
): Promise<INodeExecutionData[]> {
	if (config.subjectFamilies.length === 0) return [];
	const now = Date.now();
	const subjects = await listWatched(client, config, SAMPLE_LISTED);
	const contexts = new SubjectContexts(null, true);
	const readPerKind = new Map<string, Set<string>>();
	const tasks = planSubjects(subjects, config, contexts).filter(({ subject }) => {
		const read = readPerKind.get(subject.kind) ?? new Set<string>();
		readPerKind.set(subject.kind, read);
		if (read.size >= SAMPLE_READ && !read.has(subject.id)) return false;
		read.add(subject.id);
		return true;
	});
	const results = await readPlan(ctx, client, config, tasks, null, new PollBudget(ctx, now));
	const { events } = foldSubjects(
		{ config, subjects, tasks, results, contexts, serviceNow: client.serviceTime ?? now },
		emptyState(config.windowS, false),
	);
	const newest = new Map<string, SubjectEvent>();
	for (const event of events) newest.set(event.event, event);
	return [...newest.values()].sort((a, b) => a.at - b.at).map(subjectItem);
}
