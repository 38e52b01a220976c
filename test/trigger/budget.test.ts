import { afterRequests } from './cuts';
import { expectExactlyOnce, report, runScenario, SECOND } from './scenarios';

// n8n's poll budget cuts polls short, deterministically (cuts.ts): no asset's reads start once the
// asset list and 10 reads were received, about half of the 20 assets, from the activation on. Each poll saves exactly what it read and the next one starts where it
// stopped. Restarts every 10 polls, 10% of requests failing. The report says how many pairs of
// consecutive polls each read half of the assets or more, and whether each pair read them all.
describe.each(['newestFirst', 'oldestFirst'] as const)(
	'polls cut by the budget, service lists readings %s',
	(order) => {
		it('half the reads possible, activation included: none lost, none doubled, every asset read every other poll', async () => {
			const result = await runScenario({
				order,
				polls: 30,
				assets: 20,
				event: 'temperature',
				stepMs: 60 * SECOND,
				faultRate: 0.1,
				restartAt: [10, 20],
				concurrency: 2,
				cut: afterRequests(11),
			});
			report(`budget cuts (${order}), 30 polls x 20 assets, about half the reads per poll`, result);
			expect(result.cutPolls).toBeGreaterThan(0);
			expect(result.expected).toBeGreaterThan(100);
			expectExactlyOnce(result);
			// Whichever pair of polls read half the assets or more must have read every asset between
			// them (the order itself: behaviour.test.ts).
			expect(result.unfairPairs).toBe(0);
		}, 300_000);
	},
);
