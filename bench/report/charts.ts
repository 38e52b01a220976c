// Which charts the report shows, built from one run's results.
import type { ScenarioResult } from '../lib/results';
import type { BarGroup, ChartSpec } from './svg';

const count = (n: number) => n.toLocaleString('en-US');
const ms = (n: number) => `${n.toLocaleString('en-US', { maximumFractionDigits: 0 })} ms`;
const mb = (bytes: number) =>
	`${(bytes / 1e6).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;
const tokens = (n: number) => `${count(n)} token request${n === 1 ? '' : 's'}`;
const of = (results: ScenarioResult[], scenario: string) =>
	results.filter((r) => r.scenario === scenario);
const num = (value: unknown) => (typeof value === 'number' ? value : NaN);
type Figures = { wallMs: number; peakRssDeltaBytes: number };
const figures = (value: unknown) => value as Figures;
const measured = (value: unknown) =>
	typeof value === 'object' && value !== null && 'wallMs' in value;

export function charts(results: ScenarioResult[]): Record<string, ChartSpec> {
	const out: Record<string, ChartSpec> = {};
	const paging = of(results, 'paging');
	if (paging.length > 0) {
		out['paging-wall'] = {
			title: 'Return All: wall time (lower is better)',
			axis: 'wall time, median (ms)',
			format: (v) => count(Math.round(v)),
			groups: paging.map(
				(r): BarGroup => ({
					label: `${count(num(r.assets))} assets, ${r.requests} request${r.requests === 1 ? '' : 's'}, ${r.latencyMs} ms latency`,
					bars: [
						{
							label: 'raw undici loop (limit)',
							value: figures(r.undici).wallMs,
							text: ms(figures(r.undici).wallMs),
							series: 1,
						},
						{
							label: 'Asset Tracking node',
							value: num(r.wallMs),
							text: `${ms(num(r.wallMs))} (${r.ratio}×)`,
							series: 0,
						},
						measured(r.httpRequest)
							? {
									label: 'HTTP Request + Split Out',
									value: figures(r.httpRequest).wallMs,
									text: ms(figures(r.httpRequest).wallMs),
									series: 2,
								}
							: { label: 'HTTP Request + Split Out', value: 0, text: 'not measured', series: 2 },
					],
				}),
			),
		};
		out['paging-memory'] = {
			title: 'Return All: peak memory the run added (lower is better)',
			axis: 'MB (peak RSS during the first run minus RSS before it)',
			format: (v) => count(Math.round(v / 1e6)),
			groups: paging
				.filter((r) => r.latencyMs === paging[0].latencyMs)
				.map(
					(r): BarGroup => ({
						label: `${count(num(r.assets))} assets`,
						bars: [
							{
								label: 'the items as JSON',
								value: num(r.itemsJsonBytes),
								text: mb(num(r.itemsJsonBytes)),
								series: 3,
							},
							{
								label: 'raw undici loop',
								value: figures(r.undici).peakRssDeltaBytes,
								text: mb(figures(r.undici).peakRssDeltaBytes),
								series: 1,
							},
							{
								label: 'Asset Tracking node',
								value: figures(r.node).peakRssDeltaBytes,
								text: `${mb(figures(r.node).peakRssDeltaBytes)} (${r.peakMemoryToItems}× the items)`,
								series: 0,
							},
							measured(r.httpRequest)
								? {
										label: 'HTTP Request + Split Out',
										value: figures(r.httpRequest).peakRssDeltaBytes,
										text: mb(figures(r.httpRequest).peakRssDeltaBytes),
										series: 2,
									}
								: { label: 'HTTP Request + Split Out', value: 0, text: 'not measured', series: 2 },
						],
					}),
				),
		};
	}
	const [token] = of(results, 'token');
	if (token) {
		out.token = {
			title: `Token reuse: ${count(num(token.executions))} executions (lower is better)`,
			axis: 'wall time of all executions (ms)',
			format: (v) => count(Math.round(v)),
			groups: [
				{
					label: `${count(num(token.apiRequests))} API requests in both`,
					bars: [
						{
							label: 'one credential',
							value: num(token.wallMs),
							text: `${ms(num(token.wallMs))}, ${tokens(num(token.requests))}`,
							series: 0,
						},
						{
							label: 'a credential per execution',
							value: num(token.baselineWallMs),
							text: `${ms(num(token.baselineWallMs))}, ${tokens(num(token.baselineRequests))}`,
							series: 1,
						},
					],
				},
			],
		};
	}
	const trigger = of(results, 'trigger').filter((r) => r.rate429 === 0);
	if (trigger.length > 0) {
		out.trigger = {
			title: `Trigger: one steady-state poll, ${trigger[0].latencyMs} ms latency (lower is better)`,
			axis: 'wall time of the poll (ms); grey: the bound ceil(requests / concurrency) × latency',
			format: (v) => count(Math.round(v)),
			groups: [...new Set(trigger.map((r) => num(r.assets)))].map((assets) => ({
				label: `${count(assets)} assets`,
				bars: trigger
					.filter((r) => r.assets === assets)
					.flatMap((r) => [
						{
							label: `concurrency ${r.concurrency}`,
							value: num(r.wallMs),
							text: `${ms(num(r.wallMs))} (${r.ratio}×)`,
							series: 0,
						},
						{
							label: 'bound',
							value: num(r.baselineWallMs),
							text: ms(num(r.baselineWallMs)),
							series: 1,
						},
					]),
			})),
		};
	}
	const [bulk] = of(results, 'bulk');
	if (bulk) {
		out.bulk = {
			title: `Bulk create: ${count(num(bulk.items))} assets (lower is better)`,
			axis: 'wall time (ms)',
			format: (v) => count(Math.round(v)),
			groups: [
				{
					label: `${count(num(bulk.items))} input items`,
					bars: [
						{
							label: 'batched (default)',
							value: num(bulk.wallMs),
							text: `${ms(num(bulk.wallMs))}, ${count(num(bulk.requests))} requests`,
							series: 0,
						},
						{
							label: 'Batch Requests off',
							value: num(bulk.baselineWallMs),
							text: `${ms(num(bulk.baselineWallMs))}, ${count(num(bulk.baselineRequests))} requests`,
							series: 1,
						},
					],
				},
			],
		};
	}
	return out;
}
