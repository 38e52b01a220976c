import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { AssetTrackingClient } from '../../transport';
import { asNodeError } from '../core/errors';
import type { AnyFamily } from '../families/family';
import { FAMILIES } from '../families/registry';
import type { TriggerConfig } from '../parameters/config';
import { readConfig } from '../parameters/parameters';
import { serialiseState } from '../state/format';
import { loadState, saveState } from '../state/store';
import { assets } from '../subjects/assets';
import { PollBudget } from './budget';
import { foldPoll } from './fold';
import { itemsOf } from './items';
import { listPoll } from './list';
import { planPoll } from './plan';
import { readPlan } from './read';
import { sampleEvents, sampleReadings } from './sample';
import { readActivation } from './seed';

/** The trigger's poll with a given set of event families (the node uses the registry's). */
export function pollWith(families: readonly AnyFamily[] = FAMILIES) {
	return async function poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const config = readConfig(this, families);
		const client = new AssetTrackingClient(this, config.retryPolicy);
		if (this.getMode() === 'manual') {
			// "Fetch Test Event": a sample, without reading or writing the trigger's state.
			const sample =
				this.getNode().typeVersion < 3
					? await sampleReadings(this, client, config)
					: await sampleEvents(this, client, config);
			return sample.length > 0 ? [sample] : null;
		}
		try {
			const items = await activePoll(this, client, config, families);
			return items.length > 0 ? [items] : null;
		} catch (error) {
			const failure = asNodeError(this.getNode(), error);
			const note = 'Nothing was emitted and nothing moved: the next poll reads these events again.';
			failure.description = failure.description ? `${failure.description}. ${note}` : note;
			throw client.redact(failure);
		}
	};
}

export const poll = pollWith();

/**
 * One poll of an active workflow:
 * 1. list (list.ts): each watched kind's subjects once, in one rotation from where the last poll
 *    stopped;
 * 2. plan (plan.ts): the reads the families want of each subject in that order, once per name; a reading list
 *    only as far as its memory asks, or not at all when the asset list shows it quiet (lists.ts);
 * 3. read (read.ts): within n8n's poll budget, a subject's reads all or none; an activation reads
 *    only what the asset list cannot seed (seed.ts);
 * 4. fold (fold.ts): each family turns what was read of each subject into its memory and events;
 * 5. items (items.ts), then save exactly what was folded (state/).
 * A poll cut short by the budget keeps the memories of what it did not read and starts there next
 * time; a poll that fails saves nothing.
 */
async function activePoll(
	ctx: IPollFunctions,
	client: AssetTrackingClient,
	config: TriggerConfig,
	families: readonly AnyFamily[],
): Promise<INodeExecutionData[]> {
	const staticData = ctx.getWorkflowStaticData('node');
	const previous = loadState(staticData, config, families);
	const now = Date.now();
	const units = await listPoll(client, config, previous);
	const plan = planPoll(units, previous, config, now, client.serviceTime);
	const budget = new PollBudget(ctx, now);
	const results =
		previous === null && config.lookBackMs === 0
			? await readActivation(ctx, client, config, plan, budget, now)
			: await readPlan(ctx, client, config, plan.tasks, previous, budget);
	const serviceNow = client.serviceTime ?? now;
	const { next, events, gone } = foldPoll({
		config,
		plan,
		results,
		previous,
		now,
		serviceNow,
	});
	for (const { kind, subject, key } of gone) {
		ctx.logger.warn(
			kind === assets
				? `Asset Tracking Trigger: the service does not know asset ${subject.id} (404); skipped in this poll, the other assets are read. Its readings are picked up if it appears again.`
				: `Asset Tracking Trigger: the service does not know ${key} (404) although its list held it; skipped in this poll.`,
		);
	}
	const items = await itemsOf(client, config, events);
	saveState(staticData, serialiseState(next, families));
	return items;
}
