import { expectExactlyOnce, report, runScenario, SECOND } from './scenarios';

// A restart: the static data saved as JSON (what n8n's database holds), a new engine and a new
// credential store built from it, polling resumed. Every 8 polls, with 10% of requests failing,
// so some restarts come right after a failed poll.
describe.each(['newestFirst', 'oldestFirst'] as const)(
	'restart, service lists readings %s',
	(order) => {
		it('resumes from the saved state: none lost, none doubled', async () => {
			const result = await runScenario({
				order,
				polls: 40,
				assets: 200,
				stepMs: 5 * SECOND,
				faultRate: 0.1,
				restartAt: [8, 16, 24, 32],
				windowMinutes: 10,
			});
			report(`restart (${order}), 40 polls x 200 assets, restart every 8 polls`, result);
			expect(result.expected).toBeGreaterThan(0);
			expectExactlyOnce(result);
		}, 300_000);
	},
);
