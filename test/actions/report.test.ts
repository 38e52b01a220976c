// Report → Create Temperature Report where no PDF reader is needed, in npm test (so every
// operation's request is sent by a test the operation coverage counts): bad input refused before
// sending, the JSON alone as an AI agent's tool, Continue On Fail. Its figures and pages, read by
// poppler: reportPdf.test.ts (slow).
import { ExecuteContext } from 'n8n-core';
import type { IDataObject } from 'n8n-workflow';

import { useSimulator } from '../harness/fixtures';
import { byId, expectRejected, ok, run } from './helpers';
import { at, FREEZER, profiledMove, START } from './profiledMove';

const HOUR = 3_600_000;

const iso = (ms: number) => new Date(ms).toISOString();

const report = (parameters: IDataObject) => ({
	resource: 'report',
	operation: 'createTemperatureReport',
	...parameters,
});

describe('Create Temperature Report of bad input', () => {
	const t = useSimulator({ labelledAssets: 2, historyMinutes: 60 });

	it("fails with the summary's errors, before sending anything", async () => {
		const assetId = byId(t.sim.seed.labelledAssetIds[0]);
		const now = Date.parse('2026-01-01T00:00:00Z');
		await expectRejected(
			t,
			report({ scope: 'asset', assetId, period: 'custom', from: iso(now), to: iso(now - HOUR) }),
			'From',
		);
		await expectRejected(
			t,
			report({
				scope: 'asset',
				assetId,
				period: 'custom',
				from: iso(now - 32 * 24 * HOUR),
				to: iso(now),
			}),
			'From',
		);
		await expectRejected(
			t,
			report({ scope: 'asset', assetId, summaryOptions: { minTemperature: 9, maxTemperature: 8 } }),
			'Alert Below (°C)',
		);
		await expectRejected(t, report({ scope: 'assets', assetIds: {} }), 'Assets');
	});

	const toolSignals: Array<[string, () => jest.SpyInstance]> = [
		[
			'isToolExecution(), the node wrapped as a tool',
			() => jest.spyOn(ExecuteContext.prototype, 'isToolExecution').mockReturnValue(true),
		],
		[
			"preserveSourceOverwrite, the agent's request run by the engine",
			() => {
				const original = ExecuteContext.prototype.getExecuteData;
				return jest.spyOn(ExecuteContext.prototype, 'getExecuteData').mockImplementation(function (
					this: ExecuteContext,
				) {
					const data = original.call(this);
					return { ...data, metadata: { ...data.metadata, preserveSourceOverwrite: true } };
				});
			},
		],
	];
	it.each(toolSignals)(
		"as an AI agent's tool (%s): the JSON alone, binary data does not reach an agent",
		async (_signal, spy) => {
			const assetId = byId(t.sim.seed.labelledAssetIds[0]);
			const period = { period: 'custom', from: '2025-12-31T23:00:00Z', to: '2026-01-01T00:00:00Z' };
			const asTool = spy();
			try {
				const r = await ok(t, report({ scope: 'asset', assetId, ...period }), { typeVersion: 4 });
				expect(r.items).toHaveLength(1);
				expect(r.items[0].binary).toBeUndefined();
				expect(r.json[0]).toMatchObject({ scope: 'asset', pages: 3 });
				expect(r.json[0].sha256).toMatch(/^[0-9a-f]{64}$/);
				expect(asTool).toHaveBeenCalled();
			} finally {
				asTool.mockRestore();
			}
			// Run as a node, the same report has its files.
			const r = await ok(t, report({ scope: 'asset', assetId, ...period }), { typeVersion: 4 });
			expect(Object.keys(r.items[0].binary!).sort()).toEqual(['chart', 'report']);
		},
	);

	it('with Continue On Fail, a failed item is its error alone: no file', async () => {
		const r = await run(
			t,
			report({
				scope: 'asset',
				assetId: byId('UNKNOWN0000000000000'),
				from: '2026-01-01T00:00:00Z',
			}),
			{ continueOnFail: true, typeVersion: 4 },
		);
		expect(r.items).toHaveLength(1);
		expect(r.items[0].json.error).toBeDefined();
		expect(r.items[0].binary).toBeUndefined();
	});
});

describe('Create Temperature Report of a room over a period: who was in it', () => {
	const t = useSimulator({ labelledAssets: 0, historyMinutes: 60, startTime: START });

	it('covers an asset that left the room during the period, with its stay, and not one that entered after it', async () => {
		const { sim } = t;
		// The box is in the freezer from 13:50, moved to the chilled room at 14:30; the clock at 15:30.
		const { ws, box, freezer, chilled, spaceProfiles } = profiledMove(sim);
		// Entered the freezer at 15:30, after the period.
		const [late] = sim.addLabelledAssets(ws, 1, { inSpaceIds: [freezer], name: 'Late pallet' });
		const period = { period: 'custom', from: iso(at('14:00')), to: iso(at('15:00')) };
		const summaryOptions = { spaceProfiles };
		const r = await ok(
			t,
			report({
				scope: 'spaces',
				workspaceId: byId(ws),
				spaceIds: { space: [{ id: byId(freezer) }] },
				...period,
				summaryOptions,
			}),
			{ typeVersion: 4 },
		);
		// The list filter (inSpaceIds) is not what decides: it keeps only the assets in it now.
		const listed = r.exchanges.filter(
			(x) => x.operation === 'GET /workspaces/{workspaceId}/assets',
		);
		expect(listed.length).toBeGreaterThan(0);
		expect(listed.every((x) => !('inSpaceIds' in x.query))).toBe(true);
		const assets = r.json[0].assets as IDataObject[];
		expect(assets.map((a) => a.assetId)).toEqual([box]);
		expect(assets.map((a) => a.assetId)).not.toContain(late);
		const [entry] = assets;
		// Its stays in the period: the freezer it left at 14:30, the chilled room it is still in.
		expect(entry.stays).toEqual([
			{
				spaceId: freezer,
				spaceName: 'Freezer 1',
				enteredOn: '2026-03-02T13:50:00Z',
				hasExited: true,
				exitedOn: '2026-03-02T14:30:00Z',
			},
			{
				spaceId: chilled,
				spaceName: 'Cold Room "A"',
				enteredOn: '2026-03-02T14:30:00Z',
				hasExited: false,
				exitedOn: null,
			},
		]);
		// Every other field is Get Temperature Summary's, each reading judged by the room the box
		// was in at that moment: the freezer's bounds until 14:30, the chilled room's after.
		const { stays, ...figures } = entry;
		const summary = await ok(
			t,
			{
				resource: 'asset',
				operation: 'getTemperatureSummary',
				assetId: byId(box),
				...period,
				summaryOptions,
			},
			{ typeVersion: 4 },
		);
		expect(stays).toBeDefined();
		expect([figures]).toEqual(summary.json);
		const used = figures.spaceProfiles as IDataObject[];
		expect(used.map((u) => [u.spaceId, u.maxTemperature, u.readings])).toEqual([
			[freezer, FREEZER.maxTemperature, 30],
			[chilled, 8, 31],
		]);
	});
});

describe('Create Temperature Report, version 5: Alert Above and Alert Below on the node', () => {
	const t = useSimulator({ labelledAssets: 2, historyMinutes: 6 * 60 });
	const period = { period: 'custom', from: '2025-12-31T20:00:00Z', to: '2026-01-01T00:00:00Z' };

	it("judges by the node's bounds as version 4 judged by Summary Options' (which it keeps)", async () => {
		const assetId = byId(t.sim.seed.labelledAssetIds[0]);
		const bounds = { maxTemperature: 5, minTemperature: 3 };
		const v5 = await ok(t, report({ scope: 'asset', assetId, ...period, ...bounds }), {
			typeVersion: 5,
		});
		const v4 = await ok(t, report({ scope: 'asset', assetId, ...period, summaryOptions: bounds }), {
			typeVersion: 4,
		});
		const [entry] = v5.json[0].assets as IDataObject[];
		expect(entry).toMatchObject(bounds);
		expect(v5.json[0].assets).toEqual(v4.json[0].assets);
		// Get Temperature Summary moves them alike: its record is the report's entry.
		const summary = await ok(
			t,
			{ resource: 'asset', operation: 'getTemperatureSummary', assetId, ...period, ...bounds },
			{ typeVersion: 5 },
		);
		const { stays, ...figures } = entry;
		expect(stays).toBeDefined();
		expect(summary.json).toEqual([figures]);
		// Their defaults are the same: 8 and 2.
		const byDefault = await ok(t, report({ scope: 'asset', assetId, ...period }), {
			typeVersion: 5,
		});
		expect(byDefault.json[0].assets).toMatchObject([{ maxTemperature: 8, minTemperature: 2 }]);
	});

	it('refuses Alert Below not below Alert Above by the label on the node, before sending anything', async () => {
		const assetId = byId(t.sim.seed.labelledAssetIds[0]);
		await expectRejected(
			t,
			report({ scope: 'asset', assetId, ...period, maxTemperature: 8, minTemperature: 9 }),
			'Alert Below (°C)',
			undefined,
			{ typeVersion: 5 },
		);
	});
});
