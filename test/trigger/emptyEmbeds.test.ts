// Issue 18: a poll reads no asset whose list entry shows it has no readings. An independent
// server sends `{ items: [] }` for an asset without readings; the simulator can do both
// (emptyEmbeds 'empty', or 'omit' the field, which says nothing).
import type { IDataObject } from 'n8n-workflow';

import { dueSlots, verifyPeriodMs, verifySlot } from '../../nodes/AssetTracking/trigger/hint';
import { MINUTE, nodeState, startSimulator, stopSimulator, workspaceTrigger } from './helpers';

const WINDOW_S = 180 * 60;

describe('assets that never reported', () => {
	it.each(['empty', 'omit'] as const)(
		'with %s embedded lists: read only on their hourly slot once the embeds proved right',
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
					const lastPoll = Date.parse(nodeState(staticData)!.lastPoll as string);
					sim.log.length = 0;
					await n8n.poll(parameters, staticData);
					const now = Date.parse(nodeState(staticData)!.lastPoll as string);
					const isDue = dueSlots(lastPoll, now, verifyPeriodMs(WINDOW_S));
					const due = neverReported.filter((id) => isDue(verifySlot(id))).length;
					// The activation read every list and found the embeds right: from the next poll only
					// the assets whose hourly slot came are read, with empty lists; all of them without.
					const expected = emptyEmbeds === 'omit' ? neverReported.length : due;
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
