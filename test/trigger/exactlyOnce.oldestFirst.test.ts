import { report, runScenario, SECOND, SIXTY_FOUR_KIB } from './scenarios';

// 500 polls over 200 assets while readings keep arriving (the simulated clock moves 2 s between
// polls: 16 rounds of temperatures, about 8 of locations), 10% of requests failing (429 with and
// without Retry-After, 500, 503, dropped connections) and the token expiring every 50 requests;
// three restarts from a JSON copy of the static data on the way. (One order per file: jest runs
// the files in parallel, and two engines in one process would share n8n's token refreshes.)
describe('exactly once under faults', () => {
	it('service lists readings oldestFirst: every reading after activation emitted once, none lost, none doubled', async () => {
		const result = await runScenario({
			order: 'oldestFirst',
			polls: 500,
			assets: 200,
			stepMs: 2 * SECOND,
			faultRate: 0.1,
			restartAt: [125, 250, 375],
		});
		report(
			'oldestFirst, 500 polls x 200 assets, 10% faults, token expiring every 50 requests',
			result,
		);
		expect(result.expected).toBeGreaterThan(4000);
		expect(result.lost).toBe(0);
		expect(result.duplicated).toBe(0);
		expect(result.unexpected).toBe(0);
		expect(result.stateBytes).toBeLessThan(SIXTY_FOUR_KIB);
	}, 600_000);
});
