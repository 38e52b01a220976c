// Create Temperature Report against Get Temperature Summary alone: the same assets and period,
// through n8n's engine, the simulator in its own process. The report's own cost (drawing and
// writing the PDF and PNG, and its space and facility reads) is the difference of their CPU times.
import '../../engine/env';
import { EngineHarness } from '../../engine/engine';
import { measurement } from '../lib/child';
import { measureRuns, type RunFigures } from '../lib/probe';
import { counters, workspaceParam } from '../lib/sim';
import { RemoteSimulator } from '../sim/remote';

export interface ReportArgs {
	assets: number;
	hours: number;
	reps: number;
	operation: 'createTemperatureReport' | 'getTemperatureSummary';
}

export interface ReportFigures extends RunFigures {
	readings: number;
	pdfBytes: number;
	pngBytes: number;
	pages: number;
}

const HOUR = 3_600_000;

measurement(async ({ assets, hours, reps, operation }: ReportArgs): Promise<ReportFigures> => {
	const sim = await RemoteSimulator.start({
		clock: 'manual',
		labelledAssets: 0,
		historyMinutes: hours * 60,
	});
	try {
		const workspaceId = sim.endpoint.seed.workspaceId;
		const ids = (await sim.send({
			op: 'addLabelledAssets',
			workspaceId,
			count: assets,
		})) as string[];
		const to = Date.parse('2026-01-01T00:00:00Z');
		const period = {
			from: new Date(to - hours * HOUR).toISOString(),
			to: new Date(to).toISOString(),
		};
		const n8n = new EngineHarness(sim.endpoint);
		const parameters =
			operation === 'createTemperatureReport'
				? {
						resource: 'report',
						operation,
						scope: 'workspace',
						workspaceId: workspaceParam(workspaceId),
						...period,
					}
				: {
						resource: 'asset',
						operation,
						assetId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
						...period,
					};
		const input = operation === 'createTemperatureReport' ? [{}] : ids.map((id) => ({ id }));
		let sizes = { readings: 0, pdfBytes: 0, pngBytes: 0, pages: 0 };
		const figures = await measureRuns(reps, counters(sim), async () => {
			const run = await n8n.runNode(parameters, { input, typeVersion: 3 });
			if (run.error) throw new Error(run.error.message);
			const [first] = run.items;
			const readings = run.items.reduce((sum, item) => sum + (item.json.readings as number), 0);
			const bytes = (field: string) =>
				Buffer.from(first.binary?.[field]?.data ?? '', 'base64').length;
			sizes = {
				readings,
				pdfBytes: bytes('report'),
				pngBytes: bytes('chart'),
				pages: Number(first.json.pages ?? 0),
			};
			return { items: run.items.map((item) => item.json) };
		});
		return { ...figures, ...sizes };
	} finally {
		await sim.stop();
	}
});
