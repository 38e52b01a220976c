/* eslint-disable no-console -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// Issue 17's acceptance: the saved state of 2,000 assets with every event selected stays under
// 256 KiB (n8n keeps it in the workflow's static data, written after every poll); issue 28's:
// the stability budget's memory is a few bytes per asset.
import { expectExact, runEventScenario } from './scenario';

const KIB = 1024;

describe('state size with every event', () => {
	it('2,000 assets at the spec cadence, moving and going quiet: under 256 KiB', async () => {
		const run = await runEventScenario({
			assets: 2000,
			stepMinutes: 5,
			polls: 4,
			moveEveryMinutes: 0.1,
			quietMinutes: 40,
			silentAfterMinutes: 10,
			specCadence: true,
			// A short budget: its shares are reached within the run's 20 minutes.
			budgetMinutes: 10,
		});
		const perAsset = (bytes: number) => (bytes / 2000).toFixed(1);
		console.log(
			`static data, every event, 2,000 assets: ${(run.stateBytes / KIB).toFixed(1)} KiB (${Math.round(run.stateBytes / 2000)} bytes per asset; the stability budget's memory ${perAsset(run.memoryBytes.stabilityBudget)}); events this run: ${Object.entries(
				run.families,
			)
				.map(([family, c]) => `${family} ${c.emitted}`)
				.join(', ')}`,
		);
		expectExact(run);
		expect(run.stateBytes).toBeLessThan(256 * KIB);
		// Issue 28: a few bytes per asset (its part and its "|").
		expect(run.memoryBytes.stabilityBudget / 2000).toBeLessThan(16);
	}, 300_000);
});
