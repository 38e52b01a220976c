// A new event family watching a new kind of subject is one file and one registry line (issue 27):
// test/trigger/families/spaceOccupancy.ts watches the workspace's spaces, a kind the trigger does
// not know, with a read per space; added to the registry below without touching nodes/, it is
// offered in Events with the Workspace, listed once per poll, read within the poll budget in the
// rotation the assets share, and keeps its memory under its name and its subjects under theirs.
import type { IDataObject, INodeParameters, IPollFunctions } from 'n8n-workflow';

import { AssetTrackingTrigger } from '../../../nodes/AssetTracking/AssetTrackingTrigger.node';
import { FAMILIES } from '../../../nodes/AssetTracking/trigger/families/registry';
import { triggerProperties } from '../../../nodes/AssetTracking/trigger/parameters/description';
import { pollWith } from '../../../nodes/AssetTracking/trigger/poll/poll';
import { Rng } from '../../../simulator/prng';
import { TRIGGER_TYPE } from '../../../engine/engine';
import { registerNodeType } from '../../../engine/nodeTypes';
import { CUT_POLL, nothingRead, withCut } from '../cuts';
import { byId, MINUTE, nodeState, startSimulator, stopSimulator } from '../helpers';
import { spaceOccupancy } from './spaceOccupancy';

// The one registry line.
const families = [...FAMILIES, spaceOccupancy];

class TriggerWithSpaces extends AssetTrackingTrigger {
	constructor() {
		super();
		this.description = { ...this.description, properties: triggerProperties(families) };
	}

	async poll(this: IPollFunctions) {
		return await pollWith(families).call(this);
	}
}

describe('a new event family watching a new kind of subject: one file and one registry line', () => {
	it('is offered with the Workspace, emits once per change, shares the budget and the rotation, and keeps its memory under its name', async () => {
		registerNodeType(TRIGGER_TYPE, new TriggerWithSpaces());
		const { sim, n8n } = await startSimulator({ labelledAssets: 6 });
		try {
			const properties = new TriggerWithSpaces().description.properties;
			const events = (properties.find((p) => p.name === 'events')?.options ?? []) as Array<{
				value: string;
			}>;
			expect(events.map((o) => o.value)).toContain('spaceOccupancyChanged');
			// The Workspace shows for it whatever Watch says (Specific Assets too).
			const workspaces = properties.filter((p) => p.name === 'workspaceId');
			expect(
				workspaces.some((p) =>
					(p.displayOptions?.show?.events as string[] | undefined)?.includes(
						'spaceOccupancyChanged',
					),
				),
			).toBe(true);

			const ws = sim.seed.workspaceId;
			const parameters = {
				events: ['spaceOccupancyChanged', 'excursionStarted'],
				scope: 'workspace',
				workspaceId: byId(ws),
				options: { retryBaseDelay: 5, maxRetryWait: 2 },
			} as unknown as INodeParameters;
			const staticData: IDataObject = {};
			const v3 = { typeVersion: 3 };
			expect(await n8n.poll(parameters, staticData, 'trigger', 'activate', v3)).toBeNull();
			const fullPolls = [sim.clock.now()];
			const spaces = sim.spacesOf(ws).map((s) => s.id);
			const rng = new Rng(7);
			const emitted: IDataObject[] = [];
			let spaceReads = 0;
			for (let i = 1; i <= 30; i++) {
				sim.clock.advance(2 * MINUTE);
				const moved = sim.seed.labelledAssetIds[rng.int(0, 5)];
				sim.moveAsset(moved, [spaces[rng.int(0, spaces.length - 1)]]);
				const readsBefore = sim.stats.byOperation['GET /spaces/{spaceId}'] ?? 0;
				// Every fourth poll the budget is spent once the lists are read: no space is read.
				const cut = i % 4 === 0;
				const poll = () =>
					n8n.poll(parameters, staticData, 'trigger', 'activate', {
						...v3,
						...(cut ? CUT_POLL : {}),
					});
				for (const item of (cut ? await withCut(sim, nothingRead, poll) : await poll()) ?? [])
					emitted.push(item.json);
				const reads = (sim.stats.byOperation['GET /spaces/{spaceId}'] ?? 0) - readsBefore;
				if (cut) expect(reads).toBe(0);
				else {
					expect(reads).toBe(spaces.length);
					fullPolls.push(sim.clock.now());
				}
				spaceReads += reads;
			}
			const state = nodeState(staticData)!;
			expect(Object.keys(state.families as IDataObject)).toEqual(['excursions', 'spaceOccupancy']);
			expect((state.subjects as IDataObject).spaces).toEqual(spaces);
			expect(typeof (state.memories as IDataObject).spaceOccupancy).toBe('string');
			// Listed once per poll, the activation's included: 31 polls.
			expect(sim.stats.byOperation['GET /workspaces/{workspaceId}/spaces']).toBe(31);
			expect(spaceReads).toBeGreaterThan(0);

			// Expected from the simulator's memberships: a space's count at each poll that read it,
			// against the last poll that read it.
			const countAt = (spaceId: string, t: number) =>
				sim.seed.assetIds.filter((id) =>
					sim
						.membershipsOf(id)
						.some(
							(m) =>
								m.spaceId === spaceId &&
								m.enteredOn <= t &&
								(m.exitedOn === null || m.exitedOn > t),
						),
				).length;
			const expected: string[] = [];
			for (let k = 1; k < fullPolls.length; k++) {
				for (const spaceId of spaces) {
					const before = countAt(spaceId, fullPolls[k - 1]);
					const after = countAt(spaceId, fullPolls[k]);
					if (before !== after)
						expected.push(
							`${spaceId}|${before}|${after}|${new Date(fullPolls[k]).toISOString().slice(0, 19)}Z`,
						);
				}
			}
			const changes = emitted
				.filter((j) => j.event === 'spaceOccupancyChanged')
				.map((j) => `${j.spaceId}|${j.assetsBefore}|${j.assets}|${j.observedAt}`);
			expect(changes.sort()).toEqual(expected.sort());
			expect(expected.length).toBeGreaterThan(5);
		} finally {
			await stopSimulator(sim);
		}
	}, 120_000);
});
