/* eslint-disable no-console -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// Issues 17 and 27's acceptance: the saved state of 2,000 assets, and of 1,000 consignments of 20
// pieces, 200 asset groups and 50 printers, with every event selected, stays under 256 KiB (n8n
// keeps it in the workflow's static data, written after every poll); issue 28's: the stability
// budget's memory is a few bytes per asset.
import type { IDataObject } from 'n8n-workflow';

import { bytesOf } from '../helpers';
import { expectExact, runEventScenario, summary } from './scenario';

const KIB = 1024;
const kib = (bytes: number) => `${(bytes / KIB).toFixed(1)} KiB`;

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
	}, 900_000);

	it('1,000 consignments of 20 pieces, 200 asset groups and 50 printers, every event, a window of moves: under 256 KiB', async () => {
		// Polls every 30 minutes for 4 hours: every consignment moves (most of them created and
		// delivered within the run), so each memory holds a full late-readings window (3 hours).
		const run = await runEventScenario({
			assets: 10,
			stepMinutes: 30,
			polls: 8,
			moveEveryMinutes: 10,
			quietMinutes: 60,
			silentAfterMinutes: 20,
			subjects: { consignments: 1000, pieces: [20, 20], printers: 50, groups: 200 },
		});
		const memories = (run.state.memories ?? {}) as IDataObject;
		const parts = ['subjects', 'assets'].map((key) => `${key} ${kib(bytesOf(run.state[key]))}`);
		for (const family of [
			'consignmentActivations',
			'pieceMovements',
			'arrivals',
			'completions',
			'consignmentDeactivations',
			'groupAvailability',
			'printerStatus',
		])
			parts.push(`${family} ${kib(bytesOf(memories[family]))}`);
		console.log(
			`static data, every event, 1,000 consignments x 20 pieces, 200 asset groups, 50 printers (and 10 assets): ${kib(run.stateBytes)} (${parts.join(', ')})\n${summary(run)}`,
		);
		expectExact(run);
		expect(run.stateBytes).toBeLessThan(256 * KIB);
	}, 900_000);
});
