import type { IPollFunctions } from 'n8n-workflow';

import type { AssetTrackingClient } from '../../transport';
import type { PollBudget } from './budget';
import { embedObservable, newestSecond } from '../assets/hint';
import { secondOf } from '../core/identity';
import type { TriggerConfig } from '../parameters/config';
import type { ListTask, Plan, Task } from './plan';
import { readPlan, type TaskResult } from './read';
import { advance, baseline, type KindMemory } from '../assets/seen';
import type { Reading, ReadingKind, ScopedAsset } from '../assets/types';

/**
 * A cheap activation: the asset list (one request per 10,000 assets) embeds each asset's newest
 * readings, and for many assets that is all an activation needs to know of a list:
 * - an empty embed: the asset has no reading of that kind (its memory: everything is new);
 * - an embed whose newest reading is a whole window old: nothing is in the window, and a reading
 *   that appears at or below that newest one is more than a window late (its memory: new is what
 *   is newer than that reading; there is no late window to sweep).
 * Any other list is read: an embed does not say whether it holds every reading of the window.
 * Such lists are not read at activation, once the embed has proved to be each asset's newest
 * readings: the lists the activation reads anyway (assets whose window the embed does not hold)
 * and a few of the seedable ones per kind must all show the embedded newest reading as their
 * newest, or show nothing when the embed is empty. If they do not, or nothing was read to check,
 * the seedable lists are read as well, in the same poll.
 */

const isList = (task: Task): task is ListTask => task.list !== undefined;

/** Seedable lists of each kind read anyway, to check the embed against the lists. */
const CHECKED_PER_KIND = 2;

/** The memory an activation's read of the list would have noted, when the embed says it all. */
function seedFromEmbed(
	kind: ReadingKind,
	embed: Reading[] | undefined,
	windowS: number,
	serviceNowS: number,
): KindMemory | undefined {
	if (!embed) return undefined;
	if (embed.length === 0) return advance(baseline(), kind, [], windowS);
	const newest = newestSecond(embed);
	return newest <= serviceNowS - windowS ? { floor: newest, newest, seen: new Set() } : undefined;
}

/** A list the activation need not read, and the memory its read would have noted. */
interface Seed {
	task: ListTask;
	memory: KindMemory;
}

/**
 * An activation's reads (read.ts), seeding what the embed says: the plan's tasks keep the lists
 * read, `plan.seeded` gets the seeded memories of the kinds whose embed proved right.
 */
export async function readActivation(
	ctx: IPollFunctions,
	client: AssetTrackingClient,
	config: TriggerConfig,
	plan: Plan,
	budget: PollBudget,
	startedAt: number,
): Promise<Array<TaskResult | undefined>> {
	const seeds = takeSeeds(plan, config, client.serviceTime ?? startedAt);
	const results = await readPlan(ctx, client, config, plan.tasks, null, budget);
	const proved = provedKinds(plan.tasks, results);
	const toRead = seeds.filter(({ task }) => !proved.has(task.read.list)).map(({ task }) => task);
	if (toRead.length > 0) {
		results.push(...(await readPlan(ctx, client, config, toRead, null, budget)));
		plan.tasks.push(...toRead);
	}
	for (const { task, memory } of seeds) {
		if (!proved.has(task.read.list)) continue;
		plan.seeded.set(task.unit, { ...plan.seeded.get(task.unit), [task.read.list]: memory });
	}
	return results;
}

/** Takes the seedable lists out of an activation's plan, all but a few per kind (the check). */
function takeSeeds(plan: Plan, config: TriggerConfig, serviceNow: number): Seed[] {
	const seeds: Seed[] = [];
	const checked = new Map<ReadingKind, number>();
	plan.tasks = plan.tasks.filter((task) => {
		if (!isList(task) || task.list.memory.floor !== Number.POSITIVE_INFINITY) return true;
		const kind = task.read.list;
		if (!embedObservable(kind, config.summaryLocations)) return true;
		const memory = seedFromEmbed(
			kind,
			(task.unit.subject as ScopedAsset).embedded?.[kind],
			config.windowS,
			secondOf(serviceNow),
		);
		if (memory === undefined) return true;
		const count = checked.get(kind) ?? 0;
		if (count < CHECKED_PER_KIND) {
			checked.set(kind, count + 1);
			return true;
		}
		seeds.push({ task, memory });
		return false;
	});
	return seeds;
}

/**
 * The kinds whose embed proved right in what the activation read: every list read with an embed
 * shows the embedded newest reading as its newest (both empty counts), and at least one was read.
 */
function provedKinds(
	tasks: Plan['tasks'],
	results: Array<TaskResult | undefined>,
): Set<ReadingKind> {
	const verdict = new Map<ReadingKind, boolean>();
	tasks.forEach((task, i) => {
		const result = results[i];
		const listed = result && !result.gone ? result.listed : undefined;
		if (!isList(task) || !listed?.complete || task.list.memory.floor !== Number.POSITIVE_INFINITY)
			return;
		const kind = task.read.list;
		const embed = (task.unit.subject as ScopedAsset).embedded?.[kind];
		if (!embed) return;
		const matches = newestSecond(embed) === newestSecond(listed.readings);
		verdict.set(kind, (verdict.get(kind) ?? true) && matches);
	});
	return new Set([...verdict].filter(([, matches]) => matches).map(([kind]) => kind));
}
