import type { IPollFunctions } from 'n8n-workflow';

import type { AssetTrackingClient } from '../../transport';
import type { PollBudget } from './budget';
import { asNodeError, isNotFound } from '../core/errors';
import { newestSecond } from '../assets/hint';
import type { TriggerConfig } from '../parameters/config';
import { secondOf } from '../core/identity';
import { isListTask, isSubjectTask, unitOf, type ListTask, type Task } from './plan';
import { mapWithLimit } from '../core/pool';
import { readNewReadings, type ReadingsResult } from '../assets/readings';
import type { TriggerState } from '../state/model';

export type TaskResult =
	/** The service does not know the asset (404): skipped this poll, kept for when it reappears. */
	| { gone: true }
	| {
			gone?: false;
			listed?: ReadingsResult;
			own?: unknown;
			/** A subject's read stopped between pages by the budget. */
			complete?: boolean;
	  };

/**
 * Runs the plan's reads, `concurrency` at a time, in plan order. Once most of n8n's poll budget
 * is spent no further asset's reads start (an asset's reads all start, or none): those tasks stay
 * undefined and the next poll starts there. A read that fails (other than a 404) fails the poll.
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
		const unit = unitOf(task);
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
				if (isSubjectTask(task)) {
					const read = await task.read.run(client, task.subject, () => budget.mayContinue());
					return { own: read.result, complete: read.complete };
				}
				if (!isListTask(task)) return { own: await task.family.read!.run(client, task.asset) };
				const listed = await readNewReadings(client, {
					assetId: task.asset.id,
					kind: task.kind,
					memory: task.memory,
					full: task.full,
					wholePages: task.wholePages,
					horizon: horizonOf(task, client.serviceTime),
					windowS: config.windowS,
					summaryLocations: config.summaryLocations,
					hint: previous?.hints[task.kind] ?? {},
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
	const embedded = newestSecond(task.asset.embedded?.[task.kind] ?? []);
	if (embedded >= (task.memory.newest ?? Number.POSITIVE_INFINITY)) return embedded;
	return serviceTime === null ? undefined : secondOf(serviceTime);
}
