// Workflows saved with trigger versions 1 to 3 keep what they had (issue 26's version 4 renames
// location fields, drops null alert fields, adds `summary` and moves the transport settings to
// Advanced): their items, byte for byte as before version 4 existed, and the transport settings
// they saved in Options. Run through n8n-core's poller, whose Workflow passes the parameters
// through n8n's getNodeParameters as a saved workflow's are.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { byId, MINUTE, startSimulator, stopSimulator } from './helpers';
import { ASSET_EVENTS } from './families/scenario';

/**
 * One deterministic run (manual clock, the default seed; with `excursions`, four more assets
 * hovering around the bounds): activation, a quiet label, an asset
 * moved to a space of another facility, polls a minute apart, then Fetch Test Event for the
 * versions whose Fetch Test Event did not change (1 and 2). The items are held in this file's
 * snapshot, written by this same test against the code before version 4 (commit 523b297).
 */
async function run(
	typeVersion: number,
	parameters: IDataObject,
	minutes: number,
	excursions = false,
): Promise<IDataObject[][]> {
	const { sim, n8n } = await startSimulator({ labelledAssets: 3, historyMinutes: 30 });
	try {
		const ws = sim.seed.workspaceId;
		// Temperatures hovering around the bounds: excursions.
		if (excursions) {
			sim.addLabelledAssets(ws, 2, { temperatureProfile: { bound: 8, side: 'above' } });
			sim.addLabelledAssets(ws, 2, { temperatureProfile: { bound: 2, side: 'below' } });
		}
		const withWorkspace = { scope: 'workspace', workspaceId: byId(ws), ...parameters };
		const staticData: IDataObject = {};
		const polls: IDataObject[][] = [];
		const poll = async () =>
			(
				(await n8n.poll(withWorkspace as INodeParameters, staticData, 'trigger', 'activate', {
					typeVersion,
				})) ?? []
			).map((item) => item.json);
		polls.push(await poll());
		const [first, second] = sim.seed.labelledAssetIds;
		sim.quietLabel(second, sim.clock.now() + MINUTE, sim.clock.now() + 6 * MINUTE);
		for (let i = 1; i <= minutes; i++) {
			sim.clock.advance(MINUTE);
			if (i === 4) {
				const spaces = sim.spacesOf(ws);
				const here = sim.membershipsOf(first).find((m) => m.exitedOn === null)?.spaceId;
				const facility = spaces.find((s) => s.id === here)?.facilityId;
				sim.moveAsset(first, [spaces.find((s) => s.facilityId !== facility)!.id]);
			}
			polls.push(await poll());
		}
		if (typeVersion < 3) {
			const sample = await n8n.poll(withWorkspace as INodeParameters, {}, 'manual', 'manual', {
				typeVersion,
			});
			polls.push((sample ?? []).map((item) => item.json));
		}
		return polls;
	} finally {
		await stopSimulator(sim);
	}
}

const fast = { retryBaseDelay: 5, maxRetryWait: 2 };

describe('workflows saved with versions 1 to 3 keep their output', () => {
	it.each([
		[1, 10, { event: 'both', options: fast }],
		[2, 10, { event: 'both', options: { ...fast, maxTemperature: 20, minTemperature: -10 } }],
		[3, 10, { events: ['temperatureReading', 'location'], options: fast }],
		[
			3,
			60,
			{
				// The asset events: the demo's consignments, groups and printers do not change by themselves.
				events: ASSET_EVENTS.filter((event) => !['temperatureReading', 'location'].includes(event)),
				options: { ...fast, silentAfterMinutes: 3, maxTemperature: 8, minTemperature: 2 },
			},
		],
	])(
		'version %i, %i polls, %j: the items as before version 4',
		async (typeVersion, minutes, parameters) => {
			const polls = await run(typeVersion, parameters, minutes, minutes > 10);
			const items = polls.flat();
			expect(items.length).toBeGreaterThan(5);
			for (const item of items) {
				expect(item).not.toHaveProperty('summary');
				expect(item).not.toHaveProperty('locationTimestamp');
			}
			// One line per item, its keys in their order (a snapshot of objects would sort them).
			expect(polls.map((items) => items.map((item) => JSON.stringify(item)))).toMatchSnapshot();
		},
		60_000,
	);
});

describe('the transport settings a saved workflow holds', () => {
	/** Polls once while the asset list answers 503 twice: whether the poll failed, and how many list requests it sent. */
	async function withFailingList(typeVersion: number, parameters: IDataObject) {
		const { sim, n8n } = await startSimulator({ labelledAssets: 2 });
		try {
			const ws = sim.seed.workspaceId;
			sim.faults.queue({
				status: 503,
				match: { path: `/workspaces/${ws}/assets` },
				times: 2,
			});
			let failed = false;
			try {
				await n8n.poll(
					{
						events: ['temperatureReading'],
						event: 'temperature',
						scope: 'workspace',
						workspaceId: byId(ws),
						...parameters,
					} as unknown as INodeParameters,
					{},
					'trigger',
					'activate',
					{ typeVersion },
				);
			} catch {
				failed = true;
			}
			const lists = sim.log.filter((e) => e.rawPath.endsWith(`/workspaces/${ws}/assets`)).length;
			return { failed, lists };
		} finally {
			await sim.stop();
		}
	}

	it.each([1, 2, 3])(
		'version %i: Max Retries saved in Options is honoured (0: the first 503 fails the poll)',
		async (typeVersion) => {
			expect(await withFailingList(typeVersion, { options: { ...fast, maxRetries: 0 } })).toEqual({
				failed: true,
				lists: 1,
			});
			expect(await withFailingList(typeVersion, { options: fast })).toEqual({
				failed: false,
				lists: 3,
			});
		},
	);

	it('version 4: Max Retries in Advanced is honoured; one left in Options is dropped by n8n, as any key its Options does not list', async () => {
		expect(await withFailingList(4, { advanced: { ...fast, maxRetries: 0 } })).toEqual({
			failed: true,
			lists: 1,
		});
		expect(await withFailingList(4, { advanced: fast })).toEqual({ failed: false, lists: 3 });
		// getNodeParameters keeps only the keys a collection's description lists: version 4's
		// Options has no Max Retries, so the default (4 retries) applies.
		expect(await withFailingList(4, { options: { maxRetries: 0 }, advanced: fast })).toEqual({
			failed: false,
			lists: 3,
		});
	});
});
