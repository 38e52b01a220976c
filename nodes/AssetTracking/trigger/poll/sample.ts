import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import type { AssetTrackingClient } from '../../transport';
import { readNewReadings } from '../assets/readings';
import { baseline } from '../assets/seen';
import type { Reading, ReadingKind, ScopedAsset } from '../assets/types';
import { asNodeError, isNotFound } from '../core/errors';
import { mapAll } from '../core/pool';
import { legacyReadings } from '../families/registry';
import type { TriggerConfig } from '../parameters/config';
import { PollBudget } from './budget';
import { foldPoll, type SubjectEvent } from './fold';
import { itemsOf } from './items';
import { listSample, SAMPLE_READ } from './list';
import { planPoll, type Task, type Unit } from './plan';
import { readPlan } from './read';

/**
 * Fetch Test Event from version 3: one item per chosen event, in the order of the Events list.
 * The first subjects of each watched kind are read as a poll would (the first few labelled assets,
 * the first few subjects of each other kind that have something to read), with everything within
 * the late-readings window as news (and every printer's or group's state as a first value), and
 * the newest event of each chosen kind is shown. An event they did not have is stood in for by
 * its family's sample, built from one of those subjects (the one whose sample fills the most
 * fields; those its reads came back for, when any did) and marked `sample: true`; a kind with no
 * subject has nothing to build it from. It never touches the trigger's state.
 */
export async function sampleEvents(
	ctx: IPollFunctions,
	client: AssetTrackingClient,
	config: TriggerConfig,
): Promise<INodeExecutionData[]> {
	const now = Date.now();
	const units = await listSample(client, config);
	// Each list is read down to the window behind its newest reading (a baseline), and the fold
	// takes all of it as news.
	const looking = { ...config, lookBackMs: 0 };
	const plan = planPoll(units, null, looking, now, null, true);
	plan.tasks = plan.tasks.filter(firstOfEachKind());
	const results = await readPlan(ctx, client, looking, plan.tasks, null, new PollBudget(ctx, now));
	const serviceNow = client.serviceTime ?? now;
	const { events, reads } = foldPoll({
		config: looking,
		plan,
		results,
		previous: null,
		now,
		serviceNow,
		sample: true,
	});
	// Oldest first: the last of each kind is its newest.
	const newest = new Map<string, SubjectEvent>();
	for (const event of events) newest.set(event.event, event);

	const shown: SubjectEvent[] = [];
	const standIns = new Set<SubjectEvent>();
	for (const { family, settings } of config.families) {
		const ofKind = units.filter((unit) => unit.kind === family.kind);
		const names = (family.reads ?? []).map((read) => read.of.name);
		const readOf = (unit: Unit) =>
			Object.fromEntries(
				names.flatMap((name) =>
					reads.get(unit.key)?.has(name) ? [[name, reads.get(unit.key)!.get(name)]] : [],
				),
			);
		const withRead = ofKind.filter((unit) => Object.keys(readOf(unit)).length > 0);
		const candidates = withRead.length > 0 ? withRead : ofKind;
		for (const { value } of family.events) {
			if (!config.selected.has(value)) continue;
			// An event two families emit (dwellExceeded): once, real if either has one.
			const before = shown.findIndex((e) => e.event === value);
			const real = newest.get(value);
			if (before !== -1) {
				if (real && standIns.has(shown[before])) shown[before] = real;
				continue;
			}
			if (real) {
				shown.push(real);
				continue;
			}
			if (candidates.length === 0) continue;
			const standIn = fewestNulls(
				candidates.map((unit) => ({
					...unit,
					event: value,
					id: SAMPLE_ID,
					at: serviceNow,
					fields: family.sample(value, {
						subject: unit.subject,
						settings,
						now: serviceNow,
						read: readOf(unit),
					}),
				})),
			);
			standIns.add(standIn);
			shown.push(standIn);
		}
	}
	const items = await itemsOf(client, config, shown);
	shown.forEach((event, i) => {
		if (standIns.has(event)) items[i].json.sample = true;
	});
	return items;
}

/** A stand-in's own key: marked `sample: true`, it is no event of the service's. */
const SAMPLE_ID = 'sample';

/** The tasks of the first few subjects of each kind that have something to read. */
function firstOfEachKind(): (task: Task) => boolean {
	const read = new Map<string, Set<string>>();
	return ({ unit }) => {
		const ofKind = read.get(unit.kind.name) ?? new Set<string>();
		read.set(unit.kind.name, ofKind);
		if (ofKind.size >= SAMPLE_READ && !ofKind.has(unit.key)) return false;
		ofKind.add(unit.key);
		return true;
	};
}

/** The stand-in with the fewest null fields (the first of those): the subject with most to show. */
function fewestNulls(candidates: SubjectEvent[]): SubjectEvent {
	const nulls = (event: SubjectEvent) =>
		Object.values(event.fields).filter((value) => value === null).length;
	return candidates.reduce((best, candidate) =>
		nulls(candidate) < nulls(best) ? candidate : best,
	);
}

/** A reading of the sample, waiting to be shown. */
interface NewReading {
	unit: Unit;
	kind: ReadingKind;
	reading: Reading;
}

/**
 * Fetch Test Event in versions 1 and 2: the newest reading of each watched kind among the first
 * few assets of the scope, preferring readings that pass the filters. It neither reads nor
 * writes the trigger's state.
 */
export async function sampleReadings(
	ctx: IPollFunctions,
	client: AssetTrackingClient,
	config: TriggerConfig,
): Promise<INodeExecutionData[]> {
	const units = await listSample(client, config);
	const tasks = units.flatMap((unit) => config.lists.map((kind) => ({ unit, kind })));
	const results = await mapAll(tasks, config.concurrency, async ({ unit, kind }) => {
		const { id } = unit.subject as ScopedAsset;
		try {
			const { readings } = await readNewReadings(client, {
				assetId: id,
				kind,
				memory: baseline(),
				full: true,
				// Only the newest readings are wanted: no window to read down to.
				windowS: 0,
				summaryLocations: config.summaryLocations,
				hint: {},
				warn: (message) => ctx.logger.warn(message),
			});
			return readings.map((reading): NewReading => ({ unit, kind, reading }));
		} catch (error) {
			// An asset the service does not know has no sample; the others still do.
			if (!isNotFound(error)) throw asNodeError(ctx.getNode(), error);
			ctx.logger.warn(`Asset Tracking Trigger: the service does not know asset ${id} (404)`);
			return [];
		}
	});
	const all = results.flat().sort(byTime);
	const picked: NewReading[] = [];
	for (const kind of config.lists) {
		const ofKind = all.filter((r) => r.kind === kind);
		const passing = ofKind.filter((r) => legacyReadings.passes(kind, r.reading, config.bounds));
		const newest = (passing.length > 0 ? passing : ofKind).at(-1);
		if (newest) picked.push(newest);
	}
	const events = picked.sort(byTime).map(
		({ unit, kind, reading }): SubjectEvent => ({
			...unit,
			...legacyReadings.event(kind, reading, config.bounds, config.version),
		}),
	);
	return await itemsOf(client, config, events);
}

/** Oldest first, so a workflow sees readings in the order they happened. */
function byTime(a: NewReading, b: NewReading): number {
	return (
		a.reading.ts - b.reading.ts ||
		(a.unit.key < b.unit.key ? -1 : a.unit.key > b.unit.key ? 1 : 0) ||
		(a.kind < b.kind ? 1 : a.kind > b.kind ? -1 : 0)
	);
}
