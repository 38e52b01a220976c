import { afterFirstPage, afterRequests, nothingRead } from './cuts';
import { runCutScenario } from './cutScenario';

// Readings exactly once under deterministic budget cuts (cuts.ts): the shapes the independent
// server showed, kept short for `npm test`; cuts.property.test.ts runs the seeded combinations.
describe('readings exactly once under deterministic budget cuts', () => {
	it('labels uploading every 20-60 minutes, no embeds, one asset read per poll: nothing lost', async () => {
		// Before the fix an asset's temperature list was read and its location list cut, and the
		// temperatures of that upload were never emitted (602 of 8,146 in this run).
		const r = await runCutScenario({
			name: 'one asset per poll, batches of 20-60 minutes',
			assets: 10,
			polls: 30,
			stepMinutes: 20,
			cutAt: (i) => (i > 0 ? afterRequests(2) : undefined),
			uploadEveryMinutes: [20, 60],
			embeds: 'none',
		});
		expect(r.cutPolls).toBeGreaterThan(25);
		expect(r.expected).toBeGreaterThan(5_000);
		expect(r).toMatchObject({ lost: 0, duplicated: 0, unexpected: 0 });
	});

	it('reads stopped after their first page, pages of 3 readings: nothing lost, nothing twice', async () => {
		const r = await runCutScenario({
			name: 'first page only every other poll, 3 readings a page',
			assets: 6,
			polls: 24,
			stepMinutes: 5,
			windowMinutes: 30,
			readingsPerPage: 3,
			cutAt: (i) => (i % 2 === 1 ? afterFirstPage : undefined),
			uploadEveryMinutes: [1, 20],
			stragglers: { share: 0.2, delaysMinutes: [2, 25] },
			embeds: 'empty',
		});
		expect(r.cutPolls).toBeGreaterThan(5);
		expect(r).toMatchObject({ lost: 0, duplicated: 0, unexpected: 0 });
	});

	it('an activation cut at every poll for 10 polls, then one poll with no budget: every reading after it once', async () => {
		const r = await runCutScenario({
			name: 'activation cut for 10 polls',
			assets: 12,
			polls: 10,
			stepMinutes: 5,
			cutAt: (i) => (i <= 10 ? (i % 2 ? afterRequests(3) : nothingRead) : undefined),
			uploadEveryMinutes: [5, 30],
			embeds: 'newest',
			concurrency: 10,
		});
		expect(r.cutPolls).toBeGreaterThanOrEqual(10);
		expect(r.expected).toBeGreaterThan(500);
		expect(r).toMatchObject({ lost: 0, duplicated: 0, unexpected: 0 });
	});

	it('stragglers 175 minutes late with the default window, sweeps at any phase: each once', async () => {
		const r = await runCutScenario({
			name: 'stragglers 175 minutes late',
			assets: 8,
			polls: 12,
			stepMinutes: 20,
			cutAt: (i) => (i % 3 === 1 ? afterRequests(4) : undefined),
			uploadEveryMinutes: [20, 60],
			stragglers: { share: 0.3, delaysMinutes: [120, 175] },
			embeds: 'none',
			concurrency: 10,
		});
		expect(r.expected).toBeGreaterThan(1_000);
		expect(r).toMatchObject({ lost: 0, duplicated: 0, unexpected: 0 });
	});
});
