/* eslint-disable no-console -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// Issues 17 and 27's acceptance: every event family, exactly once, against the oracles (assets:
// oracle.ts; consignments, pieces, asset groups, printers: subjectOracle.ts), all in one trigger
// sharing one poll budget and one rotation; issue 28's: the stability budget among them, and
// (one-minute polls) assets judged by the profile of the space they were in, moving between a
// freezer (−25/−15 °C) and a chilled room (2/8 °C).
import { nothingRead } from '../cuts';
import { expectExact, runEventScenario, SUBJECTS, summary } from './scenario';

describe('events: exactly once against the oracle (noisy temperatures, moving assets, quiet labels, shipments, printers, asset groups)', () => {
	it.each([
		{ stepMinutes: 1, polls: 240, profiles: { movers: 3, moveMinutes: 40 } },
		{ stepMinutes: 5, polls: 72, profiles: undefined },
	])(
		'polls every $stepMinutes minute(s), with failed polls, budget cuts and restarts (profiles: $profiles)',
		async ({ stepMinutes, polls, profiles }) => {
			const run = await runEventScenario({
				assets: 12,
				stepMinutes,
				polls,
				faultRate: 0.01,
				failEvery: 9,
				// Every 7th poll reads nothing but the asset list.
				cutAt: (i) => (i % 7 === 0 ? nothingRead : undefined),
				restartEvery: 11,
				moveEveryMinutes: 6,
				quietMinutes: 50,
				profiles,
				subjects: SUBJECTS,
			});
			console.log(
				`events, polls every ${stepMinutes} min${profiles ? ', profiles by space' : ''} (${run.polls.failed} failed, ${run.polls.cut} cut, ${run.polls.restarts} restarts, ${run.tokens} tokens):\n${summary(run)}`,
			);
			expectExact(run);
			// With profiles, the freezer's and the chilled room's excursions and budgets are there
			// (their items name the space); without, no item of these events does.
			const decided = run.items.filter(
				(j) =>
					j.spaceId !== undefined &&
					['excursionStarted', 'excursionEnded', 'budgetConsumed'].includes(j.event as string),
			);
			if (profiles) {
				expect(decided.map((j) => j.threshold)).toEqual(expect.arrayContaining([-15, 2]));
				expect(decided.map((j) => j.event)).toContain('budgetConsumed');
			} else expect(decided).toEqual([]);
			expect(run.polls.failed).toBeGreaterThan(0);
			expect(run.tokens).toBeGreaterThan(run.polls.restarts + 1);
		},
		// A timeout only: on a loaded 2-core machine the one-minute run took over 300 s; what it proves
		// does not depend on how long it takes.
		900_000,
	);
});
