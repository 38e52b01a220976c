/* eslint-disable no-console -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
import type { IDataObject } from 'n8n-workflow';
import { PollContext } from 'n8n-core';

import { MINUTE, startSimulator, stopSimulator, workspaceTrigger } from './helpers';
import { expectEachOnce, groundTruth, Tally } from './truth';
import { expectExactlyOnce, report, runScenario, SECOND } from './scenarios';

/** What the trigger writes to n8n's log (PollContext's logger), warnings kept. */
function captureWarnings(): { warnings: string[]; restore: () => void } {
	const warnings: string[] = [];
	const proto = Object.getPrototypeOf(PollContext.prototype) as object;
	const noop = () => undefined;
	const spy = jest.spyOn(proto as { logger: unknown }, 'logger', 'get').mockReturnValue({
		warn: (message: string) => warnings.push(message),
		error: noop,
		info: noop,
		debug: noop,
	});
	return { warnings, restore: () => spy.mockRestore() };
}

describe('deleted and unknown assets', () => {
	it('a watched asset deleted mid-run (workspace scope): the others lose nothing', async () => {
		const result = await runScenario({
			order: 'newestFirst',
			polls: 60,
			assets: 60,
			stepMs: 20 * SECOND,
			faultRate: 0.1,
			restartAt: [30],
			deleteAfter: { poll: 20, count: 2 },
		});
		report('2 of 60 watched assets deleted after poll 20 of 60, 10% faults', result);
		expect(result.expected).toBeGreaterThan(1000);
		expectExactlyOnce(result);
	}, 300_000);

	it('specific assets: a 404 is skipped with a warning in the log, the others keep emitting, and it resumes when it reappears', async () => {
		const { sim, n8n } = await startSimulator({ labelledAssets: 6 });
		const { warnings, restore } = captureWarnings();
		try {
			const ids = sim.seed.labelledAssetIds.slice(0, 3);
			const parameters = workspaceTrigger(sim, {
				scope: 'assets',
				assetIds: ['NoSuchAsset01', ...ids].join(','),
			});
			delete parameters.workspaceId;
			const staticData: IDataObject = {};
			await n8n.poll(parameters, staticData);
			const activatedAt = sim.clock.now();
			const tally = new Tally();
			const pollFor = async (minutes: number) => {
				for (let i = 0; i < minutes; i++) {
					sim.clock.advance(MINUTE);
					tally.add(await n8n.poll(parameters, staticData));
				}
			};
			await pollFor(2);
			sim.deleteAsset(ids[1]);
			await pollFor(3);
			const during = tally.emitted;
			expect(during).toBeGreaterThan(0);
			expect(warnings.some((w) => w.includes(ids[1]) && w.includes('404'))).toBe(true);
			expect(warnings.some((w) => w.includes('NoSuchAsset01'))).toBe(true);
			sim.restoreAsset(ids[1]);
			await pollFor(2);
			const truth = groundTruth(
				sim,
				['temperature', 'location'],
				ids,
				activatedAt,
				sim.clock.now(),
			);
			// The readings of the deleted asset from while it was gone are emitted when it is back.
			expectEachOnce(tally, truth);
			console.log(
				`specific assets, one unknown and one deleted for 3 polls: readings lost: 0, duplicated: 0 (${truth.length} readings); warnings: ${warnings.length}`,
			);
		} finally {
			restore();
			await stopSimulator(sim);
		}
	}, 120_000);
});
