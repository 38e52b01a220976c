/* eslint-disable no-console -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// Issue 17's acceptance: for one noisy day, how many items Alert Above/Below would have sent
// against the excursion events (one start and one end per excursion). About 70 s: a slow test.
import { expectExact, runEventScenario, summary } from './scenario';

describe('events: what a user gets for a day of noisy temperatures', () => {
	it('50 assets, 24 hours: excursion events are a small fraction of the Alert Above/Below readings', async () => {
		const run = await runEventScenario({
			assets: 50,
			stepMinutes: 15,
			polls: 96,
			moveEveryMinutes: 30,
			quietMinutes: 180,
			silentAfterMinutes: 120,
		});
		const excursions = run.families.excursion.emitted;
		console.log(
			`24 hours, 50 assets with noisy temperatures: Alert Above/Below readings would have sent ${run.alertReadings} items; excursion events ${excursions} (${((100 * excursions) / run.alertReadings).toFixed(1)}%)\n${summary(run)}`,
		);
		expectExact(run);
		expect(excursions).toBeLessThan(run.alertReadings / 10);
	}, 300_000);
});
