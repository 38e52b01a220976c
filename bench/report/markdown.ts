/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// docs/benchmarks.md and its charts (docs/benchmarks/*.svg), generated from one run's results.
import { mkdirSync, writeFileSync } from 'fs';
import { join } from 'path';

import type { BenchResults, ScenarioResult } from '../lib/results';
import { charts } from './charts';
import { ANALYSIS, findings, METHOD, SUMMARY } from './notes';
import { barChart } from './svg';

const count = (n: unknown) =>
	typeof n === 'number' ? n.toLocaleString('en-US', { maximumFractionDigits: 2 }) : '—';
const ms = (n: unknown) =>
	typeof n === 'number' ? `${Math.round(n).toLocaleString('en-US')} ms` : '—';
const mb = (n: unknown) => (typeof n === 'number' ? `${(n / 1e6).toFixed(1)} MB` : '—');
const x = (n: unknown) => (typeof n === 'number' ? `${n}×` : '—');
const ratioTo = (value: unknown, base: unknown) =>
	typeof value === 'number' && typeof base === 'number'
		? Math.round((value / base) * 100) / 100
		: undefined;
const field = (o: unknown, key: string) =>
	o && typeof o === 'object' ? (o as Record<string, unknown>)[key] : undefined;

function table(header: string[], rows: unknown[][]): string {
	const line = (cells: unknown[]) => `| ${cells.map((c) => String(c ?? '—')).join(' | ')} |`;
	return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

function pagingSection(rows: ScenarioResult[]): string {
	const notMeasured = rows
		.map((r) => field(r.httpRequest, 'notMeasured'))
		.find((reason) => reason !== undefined);
	return [
		'## 1. Paging: Return All',
		'',
		"Asset > Get Many with Return All, executed by n8n-core's `WorkflowExecute`, against (a) a bare `undici` loop over the same pages",
		"with a bearer token (the physical limit for this API) and (b) n8n's HTTP Request node with its pagination settings",
		'(`nextToken` from `$response.body`, complete when it is absent) followed by Split Out on `items`, which is what a user',
		'would build without this pack.',
		'',
		'![Return All wall time](benchmarks/paging-wall.svg)',
		'',
		table(
			[
				'Assets',
				'Latency',
				'Requests',
				'Node',
				'undici loop',
				'Ratio',
				'Ratio of fastest runs',
				'CPU ratio',
				'HTTP Request + Split Out',
				'Node ÷ HTTP Request',
			],
			rows.map((r) => [
				count(r.assets),
				`${r.latencyMs} ms`,
				`${r.requests} (expected ${r.expectedRequests})`,
				ms(r.wallMs),
				ms(r.baselineWallMs),
				x(r.ratio),
				x(r.bestRatio),
				x(r.cpuRatio),
				ms(r.httpRequestWallMs),
				x(r.ratioToHttpRequest),
			]),
		),
		'',
		notMeasured ? `The HTTP Request node was **not measured**: ${notMeasured}\n` : '',
		'![Return All peak memory](benchmarks/paging-memory.svg)',
		'',
		table(
			[
				'Assets',
				'Items as JSON',
				'Variant',
				'Peak RSS added',
				'Peak heap + buffers added',
				'Heap retained by the output',
			],
			rows
				.filter((r) => r.latencyMs === rows[0].latencyMs)
				.flatMap((r) =>
					(
						[
							['Asset Tracking node', r.node],
							['raw undici loop', r.undici],
							['HTTP Request + Split Out', r.httpRequest],
						] as Array<[string, unknown]>
					).map(([variant, f], i) => [
						i === 0 ? count(r.assets) : '',
						i === 0 ? mb(r.itemsJsonBytes) : '',
						variant,
						`${mb(field(f, 'peakRssDeltaBytes'))} (${x(ratioTo(field(f, 'peakRssDeltaBytes'), r.itemsJsonBytes))})`,
						`${mb(field(f, 'peakHeapDeltaBytes'))} (${x(ratioTo(field(f, 'peakHeapDeltaBytes'), r.itemsJsonBytes))})`,
						mb(field(f, 'retainedHeapBytes')),
					]),
				),
		),
		'',
	].join('\n');
}

function tokenSection([r]: ScenarioResult[]): string {
	return [
		'## 2. Token reuse',
		'',
		`${count(r.executions)} executions of Workspace > Get, each one API request. With one credential n8n stores the token in the`,
		'credential record and every execution reuses it; the baseline gives each execution a credential record of its own, so',
		'n8n has no stored token and fetches one every time.',
		'',
		'![Token reuse](benchmarks/token.svg)',
		'',
		table(
			['', 'Token requests', 'API requests', 'Wall time'],
			[
				['One credential', count(r.requests), count(r.apiRequests), ms(r.wallMs)],
				[
					'Credential per execution (baseline)',
					count(r.baselineRequests),
					count(field(r.fresh, 'requests')),
					ms(r.baselineWallMs),
				],
			],
		),
		'',
	].join('\n');
}

function triggerSection(rows: ScenarioResult[]): string {
	return [
		'## 3. Trigger: one poll over many assets',
		'',
		`Event "New Temperature Reading", watching a whole workspace of labelled assets, ${rows[0].latencyMs} ms of simulated latency per`,
		'request, retries on (the defaults: 4 retries, 500 ms base delay). The first poll of an activation only notes where each',
		'asset stands; the simulator clock then moves on one minute (one new reading per asset) and the next poll is measured',
		'(median of the steady-state polls). The bound is `ceil(requests / concurrency) × latency`. The second poll is shown',
		'apart: it is the first to learn whether the asset list can be trusted. A read goes down to the newest reading seen',
		'(one page sized to what can have been uploaded since), except on the asset’s late-window sweep (every asset with',
		'readings once per period, a sixth of the window: 30 minutes, on the service’s clock, which moves a minute per poll here).',
		'With 10% of the assets having new readings, the others are quiet (their labels stopped at the start): the asset list',
		'(one request per 10,000 assets) shows which ones, so a poll reads only those, plus the quiet ones whose sweep is due.',
		'',
		'![Trigger poll](benchmarks/trigger.svg)',
		'',
		table(
			[
				'Assets',
				'With new readings',
				'Concurrency',
				'429s injected',
				'Requests per poll',
				'List requests + reads',
				'Poll wall time',
				'Bound',
				'Ratio',
				'Client CPU',
				'Simulator CPU',
				'Emitted per poll',
				'First poll',
				'Second poll',
				'Static data',
			],
			rows.map((r) => [
				count(r.assets),
				`${((r.activeShare as number | undefined) ?? 1) * 100}%`,
				r.concurrency,
				r.rate429 ? `${(r.rate429 as number) * 100}%` : 'none',
				count(r.requests),
				r.reads === undefined ? '—' : `${count(r.listRequests)} + ${count(r.reads)}`,
				ms(r.wallMs),
				ms(r.baselineWallMs),
				x(r.ratio),
				`${ms(r.cpuMs)} (${r.clientCpuPerRequestMs} ms/req.)`,
				ms(r.simCpuMs),
				(r.emitted as number[]).join(', '),
				`${ms(field(r.firstPoll, 'wallMs'))}, ${count(field(r.firstPoll, 'requests'))} req.`,
				`${ms(field(r.secondPoll, 'wallMs'))}, ${count(field(r.secondPoll, 'requests'))} req.`,
				`${count(r.staticDataBytes)} bytes`,
			]),
		),
		'',
	].join('\n');
}

function bulkSection([r]: ScenarioResult[]): string {
	return [
		'## 4. Bulk create',
		'',
		`Asset > Create over ${count(r.items)} input items (name from \`{{ $json.name }}\`), Batch Requests on (up to 1,000 assets per`,
		'request), against the same with Batch Requests off (`options: { batching: false }`: one request per item).',
		'',
		'![Bulk create](benchmarks/bulk.svg)',
		'',
		table(
			['', 'Requests', 'Wall time'],
			[
				['Batched', `${count(r.requests)} (expected ${count(r.expectedRequests)})`, ms(r.wallMs)],
				['One request per item (baseline)', count(r.baselineRequests), ms(r.baselineWallMs)],
			],
		),
		'',
	].join('\n');
}

function reportSection(rows: ScenarioResult[]): string {
	return [
		'## 5. Temperature report',
		'',
		'Report → Create Temperature Report (scope: the workspace, whose labelled assets are the ones measured) against Asset → Get Temperature Summary',
		'of the same assets and period, one input item per asset. CPU is that of the process running n8n and the node; the simulator runs in its own.',
		'',
		table(
			[
				'Case',
				'Readings',
				'Report CPU',
				'Report wall',
				'Summary alone CPU',
				'Report’s own CPU',
				'Requests (report / summary)',
				'PDF',
				'Pages',
				'Per asset page',
				'PNG',
			],
			rows.map((r) => [
				r.title,
				count(r.readings),
				ms(r.cpuMs),
				ms(r.wallMs),
				ms(r.baselineCpuMs),
				ms(r.ownCpuMs),
				`${count(r.requests)} / ${count(r.baselineRequests)}`,
				`${count(r.pdfBytes)} bytes`,
				count(r.pages),
				`${count(r.pdfBytesPerAssetPage)} bytes`,
				`${count(r.pngBytes)} bytes`,
			]),
		),
		'',
	].join('\n');
}

function getsSection(rows: ScenarioResult[]): string {
	return [
		'## 6. What routing costs',
		'',
		'Asset → Get for 300 input items in one execution, the asset ID an expression (`{{ $json.assetId }}`): routed (n8n’s RoutingNode builds each item’s request, reading every property of the version’s description for it; the pack’s transport sends it from the pagination hook) against the same Gets run by the router from execute(). CPU time of the process running the node, each in a fresh process (median of the runs), so other work on the machine counts less than in wall time (the run’s load average is in the machine table above; other developers loaded this machine).',
		'',
		table(
			[
				'Case',
				'Requests',
				'CPU routed',
				'CPU router',
				'Per item routed / router',
				'Routed ÷ router (CPU)',
				'Wall routed / router',
			],
			rows.map((r) => [
				r.title,
				count(r.requests),
				ms(r.cpuMs),
				ms(r.baselineCpuMs),
				`${r.cpuPerItemMs} / ${r.baselineCpuPerItemMs} ms`,
				x(r.cpuRatio),
				`${ms(r.wallMs)} / ${ms(r.baselineWallMs)}`,
			]),
		),
		'',
	].join('\n');
}

function triggerRawSection(rows: ScenarioResult[]): string {
	return [
		'## Trigger vs a raw client making the same requests',
		'',
		'After each poll, the requests the simulator recorded are replayed with undici (same URLs, order and concurrency, bodies parsed as JSON, same server state): once opening a connection per request, as n8n 2.41 does, and once reusing connections.',
		'',
		table(
			[
				'Poll',
				'Requests',
				'Items read',
				'Trigger',
				'÷ raw, new connection each',
				'÷ raw, reused',
				'CPU per request: trigger / raw new / raw reused',
				'Load',
			],
			rows.map((r) => [
				r.title,
				count(r.requests),
				count(r.itemsRead),
				ms(r.wallMs),
				x(r.ratio),
				x(r.ratioToReuse),
				`${r.clientCpuPerRequestMs} / ${r.rawNewCpuPerRequestMs} / ${r.rawReuseCpuPerRequestMs} ms`,
				r.loadAverage,
			]),
		),
		'',
	].join('\n');
}

export function writeReport(results: BenchResults, docsDir: string): void {
	const chartDir = join(docsDir, 'benchmarks');
	mkdirSync(chartDir, { recursive: true });
	for (const [name, spec] of Object.entries(charts(results.scenarios)))
		writeFileSync(join(chartDir, `${name}.svg`), barChart(spec));

	const { machine, settings } = results;
	const of = (scenario: string) => results.scenarios.filter((r) => r.scenario === scenario);
	const sections: Array<[string, (rows: ScenarioResult[]) => string]> = [
		['paging', pagingSection],
		['token', tokenSection],
		['trigger', triggerSection],
		['triggerRaw', triggerRawSection],
		['bulk', bulkSection],
		['report', reportSection],
		['gets', getsSection],
	];
	const doc = [
		'# Benchmarks',
		'',
		`Generated by \`npm run bench\` on ${results.generatedAt} in ${Math.round(results.durationSeconds)} s; the figures are in`,
		'[`bench/results/latest.json`](../bench/results/latest.json). Regenerate rather than edit: the next run rewrites this file',
		'(its prose, the summary and the analysis of particular runs included, is in `bench/report/notes.ts`).',
		'',
		SUMMARY,
		'## Machine',
		'',
		table(
			['CPU', 'Cores', 'Memory', 'Node', 'OS', 'Load average (1 min) at start / end'],
			[
				[
					machine.cpuModel,
					machine.cores,
					`${Math.round(machine.memoryBytes / 2 ** 30)} GiB`,
					machine.node,
					machine.os,
					`${machine.loadAverage.start} / ${machine.loadAverage.end ?? '—'}`,
				],
			],
		),
		'',
		`Settings: simulated latency ${settings.latencyMs} ms per request for paging, token and bulk create (paging of 100,000`,
		`assets also at ${settings.pagingExtraLatencyMs} ms), ${settings.triggerLatencyMs} ms for the trigger; paging over ${settings.pagingAssets.map(count).join(' / ')} assets;`,
		`median of ${settings.reps} runs where a run is short (4 for 1,000,000 assets).`,
		'',
		'## Goals',
		'',
		table(
			['Goal', 'Target', 'Measured', 'Met'],
			results.goals.map((g) => [g.goal, g.target, g.measured, g.met ? 'yes' : '**no**']),
		),
		'',
		...sections.filter(([name]) => of(name).length > 0).map(([name, section]) => section(of(name))),
		METHOD,
		findings(results.scenarios),
		ANALYSIS,
	].join('\n');
	writeFileSync(join(docsDir, 'benchmarks.md'), doc);
}
