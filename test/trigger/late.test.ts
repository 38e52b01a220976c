import { MINUTE } from './helpers';
import { report, runScenario } from './scenarios';

// Late uploads: 30% of each asset's 5-minute batches of readings reach the service late, half of
// them by the delay under test (inside the 180-minute window), half by 240 minutes (beyond it:
// never emitted, and not counted as lost). Polls every 5 minutes over 6 hours, 40 assets.
describe('late readings inside the window are emitted once', () => {
	it.each([2, 10, 30, 120])('delay %i minutes (service lists newest first)', async (delay) => {
		const result = await runScenario({
			order: 'newestFirst',
			polls: 72,
			assets: 40,
			stepMs: 5 * MINUTE,
			faultRate: 0,
			restartAt: [36],
			late: { share: 0.3, delaysMinutes: [delay, 240] },
		});
		report(`late uploads, delay ${delay} min, 72 polls x 40 assets, 5 min apart`, result);
		expect(result.expected).toBeGreaterThan(10_000);
		expect(result.olderThanWindow).toBeGreaterThan(0);
		expect(result.lost).toBe(0);
		expect(result.duplicated).toBe(0);
		// Nothing older than the window, nothing from before the activation.
		expect(result.unexpected).toBe(0);
	}, 300_000);

	it('delay 30 minutes, service lists oldest first, with 10% faults', async () => {
		const result = await runScenario({
			order: 'oldestFirst',
			polls: 36,
			assets: 20,
			stepMs: 5 * MINUTE,
			faultRate: 0.1,
			restartAt: [12, 24],
			late: { share: 0.3, delaysMinutes: [30, 240] },
		});
		report('late uploads, delay 30 min, oldest first, 10% faults, 36 polls x 20 assets', result);
		expect(result.expected).toBeGreaterThan(2_000);
		expect(result.lost).toBe(0);
		expect(result.duplicated).toBe(0);
		expect(result.unexpected).toBe(0);
	}, 300_000);
});
