import { Rng } from '../../simulator/prng';
import { afterFirstPage, afterRequests, nothingRead, type Cut } from './cuts';
import { runCutScenario, type CutScenario } from './cutScenario';

// Issue 25's property test: readings exactly once over seeded combinations of deterministic budget
// cuts (a budget of k requests, from one to more than the whole scope; a read stopped after its
// first page; nothing read), labels uploading every 1 to 60 minutes, pages of the service down to
// one reading, polls every 1 to 20 minutes, asset lists that embed the newest readings, empty
// lists or nothing, stragglers 2 to 175 minutes late with the window at 180, and concurrency 1
// and 10; and (issue 34) whole batches relayed so late that they land in the window's last hour.
// Each combination prints `readings lost 0, duplicated 0`.
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
	const stepMinutes = pick([1, 5, 20]);
	const embeds = pick(['newest', 'empty', 'none'] as const);
	const order = pick(['newestFirst', 'newestFirst', 'oldestFirst'] as const);
	const concurrency = pick([1, 10]);
	// Issue 34: whole batches relayed late (the oldest third of every upload of one asset in
	// two), their age at arrival drawn from the window's last hour: a relay of `delay` minutes
	// after the upload lands the third `delay + 2/3 × gap` to `delay + gap` after its readings.
	const ageAtArrival = rng.int(
		Math.min(windowMinutes - 1, Math.max(lastUpload, windowMinutes - 60)),
		windowMinutes - 1,
	);
	const delay = Math.max(0, ageAtArrival - lastUpload);
	return {
		name: `seed ${seed}: ${assets} assets, ${kind} (k ${k}), uploads every ${upload}-${lastUpload} min, pages of ${readingsPerPage}, stragglers ${stragglers} min late, relays ${delay} min late (ages up to ${ageAtArrival}), window ${windowMinutes}`,
		assets,
		polls,
		stepMinutes,
		cutAt: (i) => cuts[i],
		uploadEveryMinutes: [upload, lastUpload],
		stragglers: { share: 0.2, delaysMinutes: [stragglers] },
		relay: { everyNth: 2, fraction: 1 / 3, delaysMinutes: [delay] },
		windowMinutes,
		readingsPerPage,
		embeds,
		order,
		concurrency,
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
