/* eslint-disable no-console -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
import type { IDataObject } from 'n8n-workflow';

import { FAMILIES } from '../../nodes/AssetTracking/trigger/families/registry';
import { advance, baseline } from '../../nodes/AssetTracking/trigger/assets/seen';
import { serialiseState } from '../../nodes/AssetTracking/trigger/state/format';
import { emptyState } from '../../nodes/AssetTracking/trigger/state/model';
import type { Reading } from '../../nodes/AssetTracking/trigger/assets/types';
import { Simulator } from '../../simulator';
import {
	bytesOf,
	MINUTE,
	nodeState,
	startSimulator,
	stopSimulator,
	workspaceTrigger,
} from './helpers';

const KIB = 1024;
const WINDOW_S = 180 * 60;

/**
 * The state a trigger watching every asset for both events saves, built with the trigger's own
 * memory and serialiser from the readings the simulator's labels produce at the spec's cadence
 * (a temperature every minute, a location fix every 20 minutes, a quarter of them with a twin at
 * the same second). The engine test below checks this equals what a real poll saves.
 */
function stateFor(sim: Simulator, upTo: number): IDataObject {
	const state = emptyState(WINDOW_S, false);
	for (const assetId of sim.seed.labelledAssetIds) {
		const entry: ReturnType<typeof state.assets.get> = {};
		for (const kind of ['temperature', 'location'] as const) {
			const readings: Reading[] = sim
				.readingsGenerated({ kind, assetIds: [assetId], after: upTo - 4 * 60 * MINUTE, upTo })
				.map((r) => ({ ts: Date.parse(r.timestamp), item: r.reading as IDataObject }));
			entry[kind] = advance(baseline(), kind, readings, WINDOW_S);
			const newest = entry[kind]!.newest;
			if (newest !== null) state.watermark = Math.max(state.watermark ?? newest, newest);
		}
		state.assets.set(assetId, entry);
		state.known.add(assetId);
	}
	return serialiseState(state, FAMILIES);
}

describe('state size (both events, default 180-minute window, the spec cadence)', () => {
	it('200 assets through a real poll, and 2,000 assets: under 256 KiB', async () => {
		const { sim, n8n } = await startSimulator({
			labelledAssets: 200,
			historyMinutes: 240,
			specCadence: true,
		});
		let size200: number;
		try {
			const staticData: IDataObject = {};
			sim.clock.advance(50_000);
			await n8n.poll(workspaceTrigger(sim), staticData);
			const saved = nodeState(staticData)!;
			const built = stateFor(sim, sim.clock.now());
			// The same assets' memories as the poll saved them (lastPoll and hints aside).
			expect(built.memories).toEqual(saved.memories);
			size200 = bytesOf(saved);
		} finally {
			await stopSimulator(sim);
		}

		const large = new Simulator({
			clock: 'manual',
			labelledAssets: 2000,
			historyMinutes: 240,
			specCadence: true,
		});
		large.clock.advance(50_000);
		const size2000 = bytesOf(stateFor(large, large.clock.now()));
		console.log(
			`static data, both events, 180-minute window: 200 assets ${(size200 / KIB).toFixed(1)} KiB, ` +
				`2,000 assets ${(size2000 / KIB).toFixed(1)} KiB (${Math.round(size2000 / 2000)} bytes per asset)`,
		);
		expect(size2000).toBeLessThan(256 * KIB);
	}, 120_000);
});
