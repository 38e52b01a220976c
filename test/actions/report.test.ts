// Report → Create Temperature Report where no PDF reader is needed, in npm test (so every
// operation's request is sent by a test the operation coverage counts): bad input refused before
// sending, the JSON alone as an AI agent's tool, Continue On Fail. Its figures and pages, read by
// poppler: reportPdf.test.ts (slow).
import { ExecuteContext } from 'n8n-core';
import type { IDataObject } from 'n8n-workflow';

import { useSimulator } from '../harness/fixtures';
import { byId, expectRejected, ok, run } from './helpers';

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
				expect(r.json[0]).toMatchObject({ scope: 'asset', pages: 2 });
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
