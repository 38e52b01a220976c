// Where a family stands with each subject, as the poll tells it (poll/plan.ts): the explicit
// flags a family reads (firstListed, sample, seeding) for every case a subject can be in.
import { arrivals } from '../../nodes/AssetTracking/trigger/families/arrivals';
import type { TriggerConfig } from '../../nodes/AssetTracking/trigger/parameters/config';
import { planPoll, type Unit } from '../../nodes/AssetTracking/trigger/poll/plan';
import { emptyState, type TriggerState } from '../../nodes/AssetTracking/trigger/state/model';
import { consignments } from '../../nodes/AssetTracking/trigger/subjects/consignments';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const WINDOW_S = 180 * 60;
const config = {
	families: [{ family: arrivals, settings: undefined }],
	windowS: WINDOW_S,
	lookBackMs: 0,
} as unknown as TriggerConfig;

const unit = (id: string, turn: number): Unit => ({
	kind: consignments,
	subject: { kind: consignments.name, id, item: {} },
	key: `consignments:${id}`,
	turn,
	standing: { kept: true, lists: true, reads: true, departed: false },
});

/** The context the plan gives arrivals for each subject, by id. */
function contexts(previous: TriggerState | null, sample = false) {
	const units = ['C1', 'C2', 'C3', 'C4'].map(unit);
	const plan = planPoll(units, previous, config, NOW, NOW, sample);
	return Object.fromEntries(
		plan.folding.get(arrivals)!.map(({ unit: { subject }, context }) => [
			subject.id as string,
			{
				firstListed: context.firstListed,
				sample: context.sample,
				seeding: context.seeding,
				quietUntil: context.quietUntil,
			},
		]),
	);
}

describe("the plan: where a family stands with a subject, in the fold input's own flags", () => {
	it('a family that starts seeds from every subject there: none is first listed', () => {
		for (const context of Object.values(contexts(null)))
			expect(context).toEqual({
				firstListed: false,
				sample: false,
				seeding: true,
				quietUntil: Number.POSITIVE_INFINITY,
			});
	});

	it('a subject listed since the family started is first listed, with or without a cut first read; a followed one is not', () => {
		const previous = emptyState(WINDOW_S, false);
		previous.serviceTime = NOW - 60_000;
		previous.families.set(
			arrivals.name,
			new Map<string, unknown>([
				['C1', { watch: {} }],
				// First read cut at the activation (seeds), and at a later listing (news).
				['C3', { pending: true, quietUntil: NOW - 120_000 }],
				['C4', { pending: true, quietUntil: NOW - 60_000, news: true }],
			]),
		);
		previous.subjects.set(consignments.name, ['C1']);
		expect(contexts(previous)).toEqual({
			C1: { firstListed: false, sample: false, seeding: false, quietUntil: -Infinity },
			C2: {
				firstListed: true,
				sample: false,
				seeding: false,
				quietUntil: NOW - WINDOW_S * 1000,
			},
			C3: { firstListed: false, sample: false, seeding: true, quietUntil: NOW - 120_000 },
			C4: { firstListed: true, sample: false, seeding: false, quietUntil: NOW - 60_000 },
		});
	});

	it('Fetch Test Event says so: no memory, everything is news', () => {
		for (const context of Object.values(contexts(null, true)))
			expect(context).toEqual({
				firstListed: false,
				sample: true,
				seeding: false,
				quietUntil: Number.NEGATIVE_INFINITY,
			});
	});
});
