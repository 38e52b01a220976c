/* eslint-disable no-console -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// Every event family exactly once under deterministic budget cuts (../cuts.ts): polls that read
// one asset, polls stopped after the first page of a read, and polls that read nothing, on a
// machine of any speed; with failed polls and restarts, as in events.test.ts.
import { afterFirstPage, afterRequests, nothingRead, type Cut } from '../cuts';
import { expectExact, runEventScenario, SUBJECTS, summary } from './scenario';

// Cut polls alternate with uncut ones: the oracle judges silence at the uncut polls (a cut poll
// may or may not read an asset while it is silent, scenario.ts).
const pattern: Array<[string, (poll: number) => Cut | undefined, number, boolean]> = [
	// At concurrency 1: the asset list and one asset's reads (its lists and family reads).
	['one asset per cut poll', (i) => (i % 2 ? afterRequests(2) : undefined), 1, false],
	['a read stopped after its first page', (i) => (i % 2 ? afterFirstPage : undefined), 1, false],
	[
		'a few reads per cut poll at concurrency 10, or nothing; with profiles by space',
		(i) => (i % 3 === 1 ? afterRequests(6) : i % 3 === 2 ? nothingRead : undefined),
		10,
		true,
	],
];

describe('events: exactly once under deterministic budget cuts', () => {
	it.each(pattern)(
		'%s',
		async (name, cutAt, concurrency, profiles) => {
			const run = await runEventScenario({
				assets: 8,
				stepMinutes: 5,
				polls: 48,
				cutAt,
				concurrency,
				failEvery: 13,
				restartEvery: 11,
				moveEveryMinutes: 6,
				// Silences of 40 minutes span two uncut polls at least, one of which may fail.
				quietMinutes: 70,
				...(profiles ? { profiles: { movers: 2, moveMinutes: 40 } } : {}),
				subjects: SUBJECTS,
			});
			console.log(
				`events under cuts, ${name} (${run.polls.cut} cut, ${run.polls.failed} failed):\n${summary(run)}`,
			);
			expectExact(run);
			expect(run.polls.cut).toBeGreaterThan(10);
		},
		180_000,
	);
});
