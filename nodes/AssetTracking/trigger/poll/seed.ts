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
 * must all show the embedded newest reading as their newest. A kind they say nothing of (no list
 * of it read: every asset seedable, as with a server whose embeds are all empty) is checked on a
 * few of its seedable lists first, which must show the embedded newest reading, or nothing when
 * the embed is empty. Where the lists disagree with the embed, the seedable lists are read as
 * well, in the same poll. An activation with reporting assets thus reads one list per reporting
 * asset and kind, and nothing else.
 */

const isList = (task: Task): task is ListTask => task.list !== undefined;

/** Seedable lists of a kind read to check its embed when no list read anyway says anything of it. */
const CHECKED_PER_KIND = 2;

/** The memory an activation's read of the list would have noted, when the embed says it all. */
function seedFromEmbed(
	kind: ReadingKind,
	embed: Reading[] | undefined,
	windowS: number,
	serviceNowS: number,
): KindMemory | undefined {
	if (!embed) return undefined;
	if (embed.length === 0) return advance(baseline(), kind, [], windowS, true, serviceNowS);
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
	let seeds = takeSeeds(plan, config, client.serviceTime ?? startedAt);
	const results = await readPlan(ctx, client, config, plan.tasks, null, budget);
	const read = async (tasks: ListTask[]) => {
		if (tasks.length === 0) return;
		results.push(...(await readPlan(ctx, client, config, tasks, null, budget)));
		plan.tasks.push(...tasks);
	};
	let verdicts = verdictsOf(plan.tasks, results);
	// A kind no list read says anything of: a few of its seedable lists are the check.
	const checks = new Map<ReadingKind, number>();
	const check = seeds.filter(({ task }) => {
		if (verdicts.has(task.read.list)) return false;
		const count = checks.get(task.read.list) ?? 0;
		checks.set(task.read.list, count + 1);
		return count < CHECKED_PER_KIND;
	});
	if (check.length > 0) {
		seeds = seeds.filter((seed) => !check.includes(seed));
		await read(check.map(({ task }) => task));
		verdicts = verdictsOf(plan.tasks, results);
	}
	const proved = (kind: ReadingKind) => verdicts.get(kind) === true;
	await read(seeds.filter(({ task }) => !proved(task.read.list)).map(({ task }) => task));
	for (const { task, memory } of seeds) {
		if (!proved(task.read.list)) continue;
		plan.seeded.set(task.unit, { ...plan.seeded.get(task.unit), [task.read.list]: memory });
	}
	return results;
}

/** Takes the seedable lists out of an activation's plan. */
function takeSeeds(plan: Plan, config: TriggerConfig, serviceNow: number): Seed[] {
	const seeds: Seed[] = [];
	plan.tasks = plan.tasks.filter((task) => {
		if (!isList(task) || task.list.memory.floor !== Number.POSITIVE_INFINITY) return true;
		if (!embedObservable(task.read.list, config.summaryLocations)) return true;
		const memory = seedFromEmbed(
			task.read.list,
			(task.unit.subject as ScopedAsset).embedded?.[task.read.list],
			config.windowS,
			secondOf(serviceNow),
		);
		if (memory === undefined) return true;
		seeds.push({ task, memory });
		return false;
	});
	return seeds;
}

/**
 * What the activation's reads say of each kind's embed: true when every list read with an embed
 * shows the embedded newest reading as its newest (both empty counts), false when one does not;
 * a kind of which no such list was read has no verdict.
 */
function verdictsOf(
	tasks: Plan['tasks'],
	results: Array<TaskResult | undefined>,
): Map<ReadingKind, boolean> {
	const verdict = new Map<ReadingKind, boolean>();
	tasks.forEach((task, i) => {
		const result = results[i];
		const listed = result && !result.gone ? result.listed : undefined;
		if (!isList(task) || !listed?.complete || task.list.memory.floor !== Number.POSITIVE_INFINITY)
			return;
		const embed = (task.unit.subject as ScopedAsset).embedded?.[task.read.list];
		if (!embed) return;
		const matches = newestSecond(embed) === newestSecond(listed.readings);
		verdict.set(task.read.list, (verdict.get(task.read.list) ?? true) && matches);
	});
	return verdict;
}
