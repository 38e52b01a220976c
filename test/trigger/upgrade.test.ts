/* eslint-disable no-console -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
import type { IDataObject } from 'n8n-workflow';

import { hash, readingKey } from '../../nodes/AssetTracking/trigger/core/identity';
import {
	cloneJson,
	MINUTE,
	NODE_KEY,
	nodeState,
	startSimulator,
	stopSimulator,
	workspaceTrigger,
} from './helpers';
import { groundTruth, Tally } from './truth';

/**
 * The static data an active workflow holds from the release before the late-readings window
 * (state version 1), written here the way that release wrote it: per asset, the newest
 * timestamp of each kind (base 36 ms) and 8-character keys of the readings at it.
 */
function versionOneState(
	workspaceId: string,
	cursors: Map<string, Record<'temperature' | 'location', { ts: number; items: object[] }>>,
	watermark: number,
	lastPoll: number,
): IDataObject {
	const kinds = ['temperature', 'location'];
	const fingerprint = hash(JSON.stringify([1, 'workspace', workspaceId, null, kinds, false]), 12);
	const a: IDataObject = {};
	for (const [assetId, cursor] of cursors) {
		a[assetId] = (['temperature', 'location'] as const)
			.map((kind) =>
				[
					cursor[kind].ts.toString(36),
					...cursor[kind].items.map((item) => readingKey(item as IDataObject, 8)),
				].join('.'),
			)
			.join('|');
	}
	return {
		v: 1,
		f: fingerprint,
		w: watermark.toString(36),
		t: lastPoll.toString(36),
		h: { t: 'n,1,0', l: 'n,2,0' },
		a,
	};
}

describe('upgrade from state version 1', () => {
	it('an active workflow keeps its place: what came since is emitted once, nothing before it again', async () => {
		const { sim, n8n } = await startSimulator({ labelledAssets: 20, historyMinutes: 240 });
		try {
			// Where the old release stood: at 00:00:50 (the newest reading of each kind of each asset).
			sim.clock.advance(50_000);
			const stoodAt = sim.clock.now();
			const cursors = new Map();
			let watermark = 0;
			for (const assetId of sim.seed.labelledAssetIds) {
				const entry: IDataObject = {};
				for (const kind of ['temperature', 'location'] as const) {
					const all = sim.readingsGenerated({ kind, assetIds: [assetId], after: 0, upTo: stoodAt });
					const ts = Math.max(...all.map((r) => Date.parse(r.timestamp)));
					entry[kind] = {
						ts,
						items: all.filter((r) => Date.parse(r.timestamp) === ts).map((r) => r.reading),
					};
					watermark = Math.max(watermark, ts);
				}
				cursors.set(assetId, entry);
			}
			const staticData: IDataObject = {
				[NODE_KEY]: versionOneState(sim.seed.workspaceId, cursors, watermark, Date.now() - MINUTE),
			};
			const old = cloneJson(staticData);

			const parameters = workspaceTrigger(sim);
			const tally = new Tally();
			for (let i = 0; i < 5; i++) {
				sim.clock.advance(MINUTE);
				tally.add(await n8n.poll(parameters, staticData));
			}
			const truth = groundTruth(
				sim,
				['temperature', 'location'],
				sim.seed.labelledAssetIds,
				stoodAt,
				sim.clock.now(),
			);
			const result = tally.compare(truth);
			console.log(
				`upgrade from state v1 (${JSON.stringify(old).length} bytes) to v3 (${JSON.stringify(nodeState(staticData)).length} bytes): ` +
					`readings lost: ${result.lost}, duplicated: ${result.duplicated}; expected ${result.expected}, unexpected ${result.unexpected}`,
			);
			expect(result.expected).toBeGreaterThan(100);
			expect(result).toMatchObject({ lost: 0, duplicated: 0, unexpected: 0 });
			// Version 1 did not note when its one family started.
			expect(nodeState(staticData)).toMatchObject({
				version: 6,
				windowMinutes: 180,
				families: { readings: null },
			});
		} finally {
			await stopSimulator(sim);
		}
	}, 120_000);
});
