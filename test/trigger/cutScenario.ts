/* eslint-disable no-console -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
import type { IDataObject } from 'n8n-workflow';

import { sweepPeriodMs } from '../../nodes/AssetTracking/trigger/assets/sweep';
import type { GeneratedReading, LateUploads, Simulator } from '../../simulator';
import { CUT_POLL, withCut, type Cut } from './cuts';
import {
	cloneJson,
	MINUTE,
	nodeState,
	startSimulator,
	stopSimulator,
	workspaceTrigger,
} from './helpers';
import { emittedKey, KeyCount, truthKey } from './truth';

// Readings exactly once under deterministic budget cuts (cuts.ts), with labels that upload in
// batches and stragglers that come late. Every reading that reached the lists after the
// activation, less than the Late Readings Window after its timestamp, and before the cut polls
// ended, must be emitted exactly once by the end: the cut polls, then uncut polls for a sweep
// period and two steps more (a late reading is read at its asset's next sweep).

export interface CutScenario {
	name: string;
	assets: number;
	polls: number;
	stepMinutes: number;
	/** The cut of poll `i` (0 is the activation); undefined: n8n's default budget, never reached. */
	cutAt: (poll: number) => Cut | undefined;
	/** Each label uploads what it buffered every so many minutes (from, to). */
	uploadEveryMinutes?: [number, number];
	/** A share of 5-minute batches that reach the service only this many minutes after they end. */
	stragglers?: { share: number; delaysMinutes: number[]; batchMinutes?: number };
	/**
	 * Relayed uploads (with uploadEveryMinutes): every `everyNth` asset's uploads hold back their
	 * oldest `fraction`, which appears one of `delaysMinutes` after the upload (readings/late.ts).
	 */
	relay?: { everyNth: number; fraction: number; delaysMinutes: number[] };
	windowMinutes?: number;
	/** The most readings a page of a reading list holds (the service's maximum page size). */
	readingsPerPage?: number;
	/** What the asset list embeds: each asset's newest readings, also `{ items: [] }` for none, or nothing at all. */
	embeds: 'newest' | 'empty' | 'none';
	/**
	 * The service's Date clock this many minutes ahead of the labels' (negative: behind). A
	 * reading's age at arrival is measured on the service's clock.
	 */
	dateOffsetMinutes?: number;
	order?: 'newestFirst' | 'oldestFirst';
	concurrency?: number;
}

export interface CutResult {
	expected: number;
	emitted: number;
	lost: number;
	duplicated: number;
	/** Emitted readings that never were in the lists (or were in them before the activation). */
	unexpected: number;
	/** Polls that left reads for the next one. */
	cutPolls: number;
	/** Expected readings that arrived in the window's last minute (its border). */
	border: number;
	requests: number;
}

export async function runCutScenario(o: CutScenario): Promise<CutResult> {
	const windowMinutes = o.windowMinutes ?? 180;
	const longest =
		Math.max(0, ...(o.stragglers?.delaysMinutes ?? []), ...(o.relay?.delaysMinutes ?? [])) + 5;
	const late: LateUploads = {
		share: o.stragglers?.share ?? 0,
		delaysMinutes: o.stragglers?.delaysMinutes ?? [],
		batchMinutes: o.stragglers?.batchMinutes,
		uploadEveryMinutes: o.uploadEveryMinutes,
	};
	const { sim, n8n } = await startSimulator({
		readingsOrder: o.order ?? 'newestFirst',
		labelledAssets: o.assets,
		historyMinutes: windowMinutes + longest + (o.uploadEveryMinutes?.[1] ?? 0) + 60,
		lateUploads: late,
		emptyEmbeds: o.embeds === 'empty' ? 'empty' : 'omit',
		embedReadings: o.embeds !== 'none',
		maxReadingsPerPage: o.readingsPerPage,
		dateOffsetMinutes: o.dateOffsetMinutes,
	});
	if (o.relay) {
		const { everyNth, ...relay } = o.relay;
		const assetIds = sim.seed.labelledAssetIds.filter((_, i) => i % everyNth === 0);
		sim.setLateUploads({ ...late, relay: { ...relay, assetIds } });
	}
	try {
		return await drive(sim, n8n, o, windowMinutes);
	} finally {
		await stopSimulator(sim);
	}
}

async function drive(
	sim: Simulator,
	n8n: Awaited<ReturnType<typeof startSimulator>>['n8n'],
	o: CutScenario,
	windowMinutes: number,
): Promise<CutResult> {
	const ids = sim.seed.labelledAssetIds;
	const parameters = workspaceTrigger(sim, {
		event: 'both',
		options: { concurrency: o.concurrency ?? 1, lateWindowMinutes: windowMinutes },
	});
	const staticData: IDataObject = {};
	const keys = new KeyCount();
	let cutPolls = 0;
	const poll = async (i: number) => {
		const cut = i >= 0 ? o.cutAt(i) : undefined;
		const run = () => n8n.poll(parameters, staticData, 'trigger', 'activate', CUT_POLL);
		const items = cut ? await withCut(sim, cut, run) : await run();
		for (const item of items ?? []) keys.add(emittedKey(item.json));
		if (nodeState(staticData)?.resume) cutPolls++;
		// What n8n's database gives back next time.
		Object.assign(staticData, cloneJson(staticData));
	};

	await poll(0);
	const activatedAt = sim.clock.now();
	const activationCut = o.cutAt(0) !== undefined;
	for (let i = 1; i <= o.polls; i++) {
		sim.clock.advance(o.stepMinutes * MINUTE);
		await poll(i);
	}
	const cutEnd = sim.clock.now();
	const sweepMinutes = sweepPeriodMs(windowMinutes * 60) / MINUTE;
	const tail = Math.ceil((sweepMinutes + 2 * o.stepMinutes) / o.stepMinutes);
	for (let i = 0; i < tail; i++) {
		sim.clock.advance(o.stepMinutes * MINUTE);
		await poll(-1);
	}
	const end = sim.clock.now();

	const kinds = ['temperature', 'location'] as const;
	/** How late a reading reached the lists, by the service's clock (its Date header). */
	const ageAtArrival = (r: GeneratedReading) =>
		r.deliveredAt + (o.dateOffsetMinutes ?? 0) * MINUTE - Date.parse(r.timestamp);
	const must = kinds
		.flatMap((kind) =>
			sim.readingsGenerated({
				kind,
				assetIds: ids,
				after: activatedAt,
				upTo: cutEnd,
				byDelivery: true,
			}),
		)
		.filter((r) => ageAtArrival(r) < windowMinutes * MINUTE)
		// A cut activation leaves some assets unread: their readings from before it are ambiguous.
		.filter((r) => !activationCut || Date.parse(r.timestamp) > activatedAt);
	// Whatever reached the lists after the activation and by the end may be emitted (beyond the
	// window, or late); after a cut activation, whatever was in them (the documented ambiguity).
	const may = new Set(
		kinds.flatMap((kind) =>
			sim
				.readingsGenerated({
					kind,
					assetIds: ids,
					after: activationCut ? 0 : activatedAt,
					upTo: end,
					byDelivery: true,
				})
				.map(truthKey),
		),
	);
	const { expected, emitted, lost, duplicated, unexpected } = keys.compare(must.map(truthKey));
	const result = {
		expected,
		emitted,
		lost,
		duplicated,
		unexpected: new Set(unexpected.filter((key) => !may.has(key))).size,
		cutPolls,
		border: must.filter((r) => ageAtArrival(r) >= (windowMinutes - 1) * MINUTE).length,
		requests: sim.stats.requests,
	};
	console.log(
		`${o.name}: readings lost ${lost}, duplicated ${duplicated} (expected ${expected}, emitted ${emitted}, unexpected ${result.unexpected}, in the window's last minute ${result.border}; cut polls ${cutPolls}, requests ${result.requests})`,
	);
	return result;
}
