import { MINUTE } from './helpers';
import { expectExactlyOnce, report, runScenario } from './scenarios';

// Late uploads: 30% of each asset's 5-minute batches of readings reach the service late, half of
// them by the delay under test (inside the 180-minute window), half by 300 minutes (beyond it and
// the two sweep periods a reading can wait between a sweep's floor and its own sweep: never
// emitted, and not counted as lost). Polls every 5 minutes for 2.5 hours, 30 assets; the
// simulated history goes back 5 hours, so batches of every delay arrive during the run.
describe('late readings inside the window are emitted once', () => {
	it.each([2, 10, 30, 120])(
		'delay %i minutes (service lists newest first)',
		async (delay) => {
			const result = await runScenario({
				order: 'newestFirst',
				polls: 30,
				assets: 30,
				stepMs: 5 * MINUTE,
				faultRate: 0,
				restartAt: [15],
				late: { share: 0.3, delaysMinutes: [delay, 300] },
			});
			report(`late uploads, delay ${delay} min, 30 polls x 30 assets, 5 min apart`, result);
			expect(result.expected).toBeGreaterThan(3_000);
			expect(result.olderThanWindow).toBeGreaterThan(0);
			// Nothing older than the window, nothing from before the activation.
			expectExactlyOnce(result);
		},
		300_000,
	);

	it('delay 30 minutes, service lists oldest first, with 10% faults', async () => {
		const result = await runScenario({
			order: 'oldestFirst',
			polls: 24,
			assets: 20,
			stepMs: 5 * MINUTE,
			faultRate: 0.1,
			restartAt: [8, 16],
			late: { share: 0.3, delaysMinutes: [30, 300] },
		});
		report('late uploads, delay 30 min, oldest first, 10% faults, 24 polls x 20 assets', result);
		expect(result.expected).toBeGreaterThan(1_500);
		expectExactlyOnce(result);
	}, 300_000);
});
