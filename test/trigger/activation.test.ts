// Issue 18: an activation reads only what the asset list cannot seed. The list embeds each
// asset's newest readings; an asset without readings, or whose newest reading is a whole window
// old, needs no read once the lists the activation reads anyway have shown the embed to be right.
import type { IDataObject } from 'n8n-workflow';

import { MINUTE, startSimulator, stopSimulator, workspaceTrigger } from './helpers';
import { groundTruth, Tally } from './truth';

const KINDS = ['temperature', 'location'] as const;
/** Seedable lists of a kind the activation reads to check the embed when no other list of it is read (seed.ts). */
const CHECKED_PER_KIND = 2;

async function scene(embedsLie: boolean, withReporting = true) {
	const { sim, n8n } = await startSimulator({
		labelledAssets: 0,
		emptyEmbeds: 'empty',
		embedsLie,
		historyMinutes: 400,
		// Locations at the spec's reporting interval: a window's list fits the first page.
		specCadence: true,
	});
	const ws = sim.seed.workspaceId;
	const now = sim.clock.now();
	const reporting = withReporting ? sim.addLabelledAssets(ws, 4) : [];
	const neverReported = sim.addLabelledAssets(ws, 10, { silentFrom: 0 });
	// Silent for the 5 hours before the activation (more than the 3-hour window), back 5 minutes after.
	const resting = sim.addLabelledAssets(ws, 10);
	for (const id of resting) sim.quietLabel(id, now - 300 * MINUTE, now + 5 * MINUTE);
	/** The reading-list requests logged, of these assets (all when not given). */
	const listRequests = (ids?: string[]) =>
		sim.log.filter(
			(e) =>
				/\/(temperatures|locations)$/.test(e.rawPath) &&
				(ids === undefined || ids.includes(e.pathParams.assetId)),
		);
	const listReads = (ids: string[]) => listRequests(ids).length;
	/** The lists (asset and kind) read at least once. */
	const listsRead = (ids: string[]) => new Set(listRequests(ids).map((e) => e.rawPath)).size;
	return { sim, n8n, reporting, neverReported, resting, listRequests, listReads, listsRead };
}

describe('a cheap activation', () => {
	it('reads only the lists whose window the asset list does not hold (they check the embed); then emits every reading once', async () => {
		const { sim, n8n, reporting, neverReported, resting, listRequests, listReads } =
			await scene(false);
		try {
			const parameters = workspaceTrigger(sim);
			const staticData: IDataObject = {};
			const activatedAt = sim.clock.now();
			await n8n.poll(parameters, staticData);
			expect({
				reporting: listReads(reporting),
				seedable: listReads([...neverReported, ...resting]),
				assetLists: sim.log.filter((e) => e.operation === 'GET /workspaces/{workspaceId}/assets')
					.length,
			}).toEqual({
				reporting: reporting.length * KINDS.length,
				// Issue 34: the reporting assets' lists prove the embed; no seedable list is read.
				seedable: 0,
				assetLists: 1,
			});

			// The seeded ones are not read until they report again: a whole window old, nothing
			// below their newest reading can be new, so there is nothing to sweep.
			const checked = new Set(listRequests().map((e) => e.pathParams.assetId));
			const seeded = resting.filter((id) => !checked.has(id));
			expect(seeded).toEqual(resting);
			const tally = new Tally();
			for (let i = 0; i < 10; i++) {
				sim.clock.advance(MINUTE);
				sim.log.length = 0;
				tally.add(await n8n.poll(parameters, staticData));
				// The assets that never reported are never read again; the seeded resting ones only
				// once their embed shows a new reading (from the 5th minute on).
				expect(listReads(neverReported)).toBe(0);
				if (i < 4) expect(listReads(seeded)).toBe(0);
			}
			const truth = groundTruth(
				sim,
				[...KINDS],
				[...reporting, ...neverReported, ...resting],
				activatedAt,
				sim.clock.now(),
			);
			expect(truth.filter((r) => resting.includes(r.assetId)).length).toBeGreaterThan(0);
			expect(tally.compare(truth)).toEqual({
				expected: truth.length,
				emitted: truth.length,
				lost: 0,
				duplicated: 0,
				unexpected: 0,
			});
		} finally {
			await stopSimulator(sim);
		}
	});

	it('with no list read anyway, a few seedable lists of each kind check the embed, and the rest are seeded', async () => {
		const { sim, n8n, neverReported, resting, listReads } = await scene(false, false);
		try {
			await n8n.poll(workspaceTrigger(sim), {});
			expect(listReads([...neverReported, ...resting])).toBe(CHECKED_PER_KIND * KINDS.length);
		} finally {
			await stopSimulator(sim);
		}
	});

	it('an asset list whose embeds are wrong seeds nothing: every list is read', async () => {
		const { sim, n8n, reporting, neverReported, resting, listsRead } = await scene(true);
		try {
			await n8n.poll(workspaceTrigger(sim), {});
			expect(listsRead([...reporting, ...neverReported, ...resting])).toBe(
				(reporting.length + neverReported.length + resting.length) * KINDS.length,
			);
		} finally {
			await stopSimulator(sim);
		}
	});
});
