// Issue 18: a poll reads no asset whose list entry shows it has no readings. An independent
// server sends `{ items: [] }` for an asset without readings; the simulator can do both
// (emptyEmbeds 'empty', or 'omit' the field, which says nothing).
import type { IDataObject } from 'n8n-workflow';

import { MINUTE, startSimulator, stopSimulator, workspaceTrigger } from './helpers';

describe('assets that never reported', () => {
	it.each(['empty', 'omit'] as const)(
		'with %s embedded lists: never read once the embeds proved right',
		async (emptyEmbeds) => {
			const { sim, n8n } = await startSimulator({ labelledAssets: 0, emptyEmbeds });
			try {
				const ws = sim.seed.workspaceId;
				const reporting = sim.addLabelledAssets(ws, 4);
				const neverReported = sim.addLabelledAssets(ws, 20, { silentFrom: 0 });
				const parameters = workspaceTrigger(sim);
				const staticData: IDataObject = {};
				const readsOf = (ids: string[]) =>
					sim.log.filter(
						(e) =>
							e.operation === 'GET /assets/{assetId}/temperatures' &&
							ids.includes(e.pathParams.assetId),
					).length;
				await n8n.poll(parameters, staticData);
				for (let i = 0; i < 3; i++) {
					sim.clock.advance(MINUTE);
					sim.log.length = 0;
					await n8n.poll(parameters, staticData);
					// The activation read every list and found the embeds right: from the next poll an
					// asset whose embed is empty is not read at all (it has no late window to sweep: a
					// reading would show in the embed); without the field, every one is read.
					const expected = emptyEmbeds === 'omit' ? neverReported.length : 0;
					expect({ poll: i + 1, reads: readsOf(neverReported) }).toEqual({
						poll: i + 1,
						reads: expected,
					});
					expect(readsOf(reporting)).toBe(reporting.length);
				}
			} finally {
				await stopSimulator(sim);
			}
		},
	);
});
