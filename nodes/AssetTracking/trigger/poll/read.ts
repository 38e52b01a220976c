import type { IPollFunctions } from 'n8n-workflow';

import type { AssetTrackingClient } from '../../transport';
import { newestSecond } from '../assets/hint';
import { readNewReadings, type ReadingsResult } from '../assets/readings';
import type { ScopedAsset } from '../assets/types';
import { asNodeError, isNotFound } from '../core/errors';
import { secondOf } from '../core/identity';
import { mapWithLimit } from '../core/pool';
import type { TriggerConfig } from '../parameters/config';
import type { TriggerState } from '../state/model';
import type { Identified, SubjectRead } from '../subjects/subject';
import type { PollBudget } from './budget';
import type { ListTask, Task } from './plan';

export type TaskResult =
	/** The service does not know the subject (404): skipped this poll, kept for when it reappears. */
	| { gone: true }
	| {
			gone?: false;
			/** A reading list's read. */
			listed?: ReadingsResult;
			/** Any other read's result. */
			own?: unknown;
			/** A read stopped between pages by the budget. */
			complete?: boolean;
	  };

/**
 * Runs the plan's reads, `concurrency` at a time, in plan order. Once most of n8n's poll budget
 * is spent no further subject's reads start (a subject's reads all start, or none): those tasks
 * stay undefined and the next poll starts there. A read that fails (other than a 404) fails the
 * poll.
 */
export async function readPlan(
	ctx: IPollFunctions,
	client: AssetTrackingClient,
	config: TriggerConfig,
	tasks: Task[],
	previous: TriggerState | null,
	budget: PollBudget,
): Promise<Array<TaskResult | undefined>> {
	const started = new Set<string>();
	const mayStart = (task: Task) => {
		const unit = task.unit.key;
		if (started.has(unit)) return true;
		if (!budget.mayStart()) return false;
		started.add(unit);
		return true;
	};
	return await mapWithLimit(
		tasks,
		config.concurrency,
		async (task): Promise<TaskResult> => {
			try {
				if (task.list === undefined) {
					const own = task.read as SubjectRead<unknown, Identified>;
					const read = await own.run(client, task.unit.subject, () => budget.mayContinue());
					return { own: read.result, complete: read.complete };
				}
				const list = task as ListTask;
				const asset = list.unit.subject as ScopedAsset;
				const listed = await readNewReadings(client, {
					assetId: asset.id,
					kind: list.read.list,
					memory: list.list.memory,
					full: list.list.full,
					wholePages: list.list.wholePages,
					horizon: horizonOf(list, client.serviceTime),
					windowS: config.windowS,
					serviceNow: client.serviceTime ?? undefined,
					summaryLocations: config.summaryLocations,
					hint: previous?.hints[list.read.list] ?? {},
					mayContinue: () => budget.mayContinue(),
					warn: (message) => ctx.logger.warn(message),
				});
				return { listed };
			} catch (error) {
				if (isNotFound(error)) return { gone: true };
				throw asNodeError(ctx.getNode(), error);
			}
		},
		{ mayStart },
	);
}

/**
 * The second no reading of the task's list can be newer than: the newest one the asset list
 * embedded (unless it is older than what was seen, so it is not the newest), else the service's
 * clock at the start of the poll.
 */
function horizonOf(task: ListTask, serviceTime: number | null): number | undefined {
	const asset = task.unit.subject as ScopedAsset;
	const embedded = newestSecond(asset.embedded?.[task.read.list] ?? []);
	if (embedded >= (task.list.memory.newest ?? Number.POSITIVE_INFINITY)) return embedded;
	return serviceTime === null ? undefined : secondOf(serviceTime);
}
