import { Rng } from '../../simulator/prng';
import { afterFirstPage, afterRequests, nothingRead, type Cut } from './cuts';
import { runCutScenario, type CutScenario } from './cutScenario';

// Issue 25's property test: readings exactly once over seeded combinations of deterministic budget
// cuts (a budget of k requests, from one to more than the whole scope; a read stopped after its
// first page; nothing read), labels uploading every 1 to 60 minutes, pages of the service down to
// one reading, polls every 1 to 20 minutes, asset lists that embed the newest readings, empty
// lists or nothing, stragglers 2 to 175 minutes late with the window at 180, and concurrency 1
// and 10. Each combination prints `readings lost 0, duplicated 0`.
const COMBINATIONS = 24;

function combination(seed: number): CutScenario {
	const rng = new Rng(seed);
	const pick = <T>(values: T[]) => values[rng.int(0, values.length - 1)];
	const assets = rng.int(3, 10);
	const k = rng.int(1, 2 * assets + 2);
	const kind = pick(['requests', 'firstPage', 'mixed'] as const);
	const polls = rng.int(6, 14);
	// Drawn once, so the scenario asks about a poll as often as it likes.
	const cuts = Array.from({ length: polls + 1 }, (_, i): Cut | undefined => {
		if (i % 4 === 3 || (i === 0 && rng.int(0, 2) > 0)) return undefined;
		if (kind === 'requests') return afterRequests(k);
		if (kind === 'firstPage') return afterFirstPage;
		return pick([afterRequests(k), afterFirstPage, nothingRead, undefined]);
	});
	const readingsPerPage = pick([1, 2, 5, 10_000]);
	// Pages of a reading or two: a short window keeps each sweep to tens of pages.
	const windowMinutes = readingsPerPage <= 2 ? 30 : 180;
	const stragglers = windowMinutes === 180 ? pick([2, 30, 120, 150, 175]) : pick([2, 10, 24]);
	const upload = pick([1, 5, 20]);
	const lastUpload = Math.max(upload, 60 >> rng.int(0, 2));
	return {
		name: `seed ${seed}: ${assets} assets, ${kind} (k ${k}), uploads every ${upload}-${lastUpload} min, pages of ${readingsPerPage}, stragglers ${stragglers} min late, window ${windowMinutes}`,
		assets,
		polls,
		stepMinutes: pick([1, 5, 20]),
		cutAt: (i) => cuts[i],
		uploadEveryMinutes: [upload, lastUpload],
		stragglers: { share: 0.2, delaysMinutes: [stragglers] },
		windowMinutes,
		readingsPerPage,
		embeds: pick(['newest', 'empty', 'none'] as const),
		order: pick(['newestFirst', 'newestFirst', 'oldestFirst'] as const),
		concurrency: pick([1, 10]),
	};
}

describe('readings exactly once: seeded combinations of cuts, uploads, pages, intervals and embeds', () => {
	it.each(Array.from({ length: COMBINATIONS }, (_, i) => 101 + i))(
		'seed %i',
		async (seed) => {
			const r = await runCutScenario(combination(seed));
			expect(r.expected).toBeGreaterThan(0);
			expect(r).toMatchObject({ lost: 0, duplicated: 0, unexpected: 0 });
		},
		300_000,
	);
});
