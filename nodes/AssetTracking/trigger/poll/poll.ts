import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { AssetTrackingClient } from '../../transport';
import { eventItems } from './emit';
import { PollBudget } from './budget';
import { asNodeError } from '../core/errors';
import { FAMILIES } from '../families/registry';
import { foldPoll } from './fold';
import type { TriggerConfig } from '../parameters/config';
import { readConfig } from '../parameters/parameters';
import { planPoll } from './plan';
import { readPlan } from './read';
import { inRotation, rotation } from './rotation';
import { sampleEvents, sampleReadings } from './sample';
import { readActivation } from './seed';
import { resolveScope } from '../assets/scope';
import { serialiseState } from '../state/format';
import type { TriggerState } from '../state/model';
import { loadState, saveState } from '../state/store';
import { foldSubjects } from './subjectFold';
import { mergeByTime, subjectItems } from './subjectItems';
import { planSubjects, SubjectContexts } from './subjectPlan';
import { sampleSubjects } from './subjectSample';
import { listWatched } from '../subjects/list';
import { subjectKey, type Family } from '../subjects/subject';
import type { ScopedAsset } from '../assets/types';

/** The trigger's poll with a given set of event families (the node uses the registry's). */
export function pollWith(families: readonly Family[] = FAMILIES) {
	return async function poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const config = readConfig(this, families);
		const client = new AssetTrackingClient(this, config.retryPolicy);
		if (this.getMode() === 'manual') {
			// "Fetch Test Event": a sample, without reading or writing the trigger's state.
			const sample =
				this.getNode().typeVersion < 3
					? await sampleReadings(this, client, config)
					: [
							...(config.families.length > 0 ? await sampleEvents(this, client, config) : []),
							...(await sampleSubjects(this, client, config)),
						];
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
 * One poll of an active workflow: list (the assets, and each other kind of subject watched), plan
 * (what to read, skipping what the asset list shows cannot have changed; the subjects' reads their
 * families want), read (within n8n's poll budget, assets and subjects in one rotation), fold (each
 * family turns what was read into its memory and its events), then emit and save exactly what was
 * folded. A poll cut short by the budget keeps the memories of what it did not read and starts
 * there next time; a poll that fails saves nothing.
 */
async function activePoll(
	ctx: IPollFunctions,
	client: AssetTrackingClient,
	config: TriggerConfig,
	families: readonly Family[],
): Promise<INodeExecutionData[]> {
	const staticData = ctx.getWorkflowStaticData('node');
	const previous = loadState(staticData, config, families);
	const now = Date.now();
	const listed =
		config.families.length === 0
			? []
			: (await resolveScope(client, config.scope)).filter(
					// Unlabelled assets produce no readings; one the trigger was following is read once
					// more, for readings from before its label was removed, and then let go.
					(asset) => asset.labelled !== false || previous?.assets.has(asset.id),
				);
	// Consignments, facilities, printers: each kind's list once, whichever families watch it.
	const subjects = await listWatched(client, config);
	const position = rotation(
		[...listed.map((asset) => asset.id), ...subjects.map(subjectKey)],
		previous?.retry ?? previous?.resume,
	);
	const at = (asset: ScopedAsset) => position.get(asset.id) ?? 0;
	const assets = [
		...[...listed].sort((a, b) => at(a) - at(b)),
		...departed(listed, previous, config),
	];
	const plan = planPoll(assets, previous, config, now, client.serviceTime);
	const contexts = new SubjectContexts(previous);
	plan.tasks = inRotation([...plan.tasks, ...planSubjects(subjects, config, contexts)], position);
	const budget = new PollBudget(ctx, now);
	// An activation that emits nothing (no Look Back) reads only what the asset list cannot seed.
	const results =
		previous === null && config.lookBackMs === 0
			? await readActivation(ctx, client, config, plan, budget, now)
			: await readPlan(ctx, client, config, plan.tasks, previous, budget);
	const serviceNow = client.serviceTime ?? now;
	const { next, events, gone } = foldPoll({
		config,
		assets,
		plan,
		results,
		previous,
		now,
		serviceNow,
	});
	const folded = foldSubjects(
		{ config, subjects, tasks: plan.tasks, results, contexts, serviceNow },
		next,
	);
	for (const id of gone) {
		ctx.logger.warn(
			`Asset Tracking Trigger: the service does not know asset ${id} (404); skipped in this poll, the other assets are read. Its readings are picked up if it appears again.`,
		);
	}
	for (const key of folded.gone) {
		ctx.logger.warn(
			`Asset Tracking Trigger: the service does not know ${key} (404) although its list held it; skipped in this poll.`,
		);
	}
	const items = mergeByTime(
		await eventItems(client, config, events),
		events.map((event) => event.at),
		folded.events,
		subjectItems(config),
	);
	saveState(staticData, serialiseState(next, families));
	return items;
}

/**
 * Assets a space scope followed that its list no longer holds: they left the watched spaces, and
 * families that follow departures (space exits) read them once more. Only assets the state knew
 * to be inside a space: one that was never in any is not worth a request.
 */
function departed(
	listed: ScopedAsset[],
	previous: TriggerState | null,
	config: TriggerConfig,
): ScopedAsset[] {
	if (config.scope.kind !== 'spaces' || previous === null) return [];
	const following = config.families
		.map(({ family }) => family)
		.filter((family) => family.followsDeparted);
	if (following.length === 0) return [];
	const stillListed = new Set(listed.map((asset) => asset.id));
	return [...previous.known]
		.filter((id) => !stillListed.has(id))
		.filter((id) => following.some((family) => previous.families.get(family.name)?.has(id)))
		.map((id) => ({ id, departed: true }));
}
