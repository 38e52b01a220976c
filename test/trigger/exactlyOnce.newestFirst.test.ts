import { report, runScenario, SECOND, SIXTY_FOUR_KIB } from './scenarios';

// 500 polls over 200 assets while readings keep arriving, 10% of requests failing (429 with and
// without Retry-After, 500, 503, dropped connections) and the token expiring every 50 requests;
// three restarts from a JSON copy of the static data on the way.
describe('exactly once, service lists readings newestFirst', () => {
	it('emits every reading after activation once: none lost, none doubled, under faults and restarts', async () => {
		const result = await runScenario({
			order: 'newestFirst',
			polls: 500,
			assets: 200,
			stepMs: 2 * SECOND,
			faultRate: 0.1,
			restartAt: [125, 250, 375],
		});
		report('newestFirst, 500 polls x 200 assets, 10% faults, token every 50 requests', result);
		expect(result.expected).toBeGreaterThan(0);
		expect(result.lost).toBe(0);
		expect(result.duplicated).toBe(0);
		expect(result.unexpected).toBe(0);
		expect(result.stateBytes).toBeLessThan(SIXTY_FOUR_KIB);
	}, 600_000);
});
