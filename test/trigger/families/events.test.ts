/* eslint-disable no-console -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// Issues 17 and 27's acceptance: every event family, exactly once, against the oracles (assets:
// oracle.ts; consignments, pieces, asset groups, printers: subjectOracle.ts), all in one trigger
// sharing one poll budget and one rotation.
import { nothingRead } from '../cuts';
import { expectExact, runEventScenario, SUBJECTS, summary } from './scenario';

describe('events: exactly once against the oracle (noisy temperatures, moving assets, quiet labels, shipments, printers, asset groups)', () => {
	it.each([
		{ stepMinutes: 1, polls: 240 },
		{ stepMinutes: 5, polls: 72 },
	])(
		'polls every $stepMinutes minute(s), with failed polls, budget cuts and restarts',
		async ({ stepMinutes, polls }) => {
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
				subjects: SUBJECTS,
			});
			console.log(
				`events, polls every ${stepMinutes} min (${run.polls.failed} failed, ${run.polls.cut} cut, ${run.polls.restarts} restarts, ${run.tokens} tokens):\n${summary(run)}`,
			);
			expectExact(run);
			expect(run.polls.failed).toBeGreaterThan(0);
			expect(run.tokens).toBeGreaterThan(run.polls.restarts + 1);
		},
		300_000,
	);
});
