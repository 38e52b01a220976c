// Scenario 6, what routing costs: 300 Gets of an asset in one execution, routed (n8n's
// RoutingNode builds each item's request, the pack's transport sends it from the pagination
// hook) against the same operation run by the router from execute(), as before issue 39. CPU
// time of the process running the node, each in a fresh process: it counts the work whatever
// else loads the machine, where wall time would not.
import type { BenchSettings } from '../lib/args';
import { runChild } from '../lib/child';
import type { RunFigures } from '../lib/probe';
import { ratio, type ScenarioResult } from '../lib/results';

const ITEMS = 300;

export async function gets(
	settings: BenchSettings,
	log: (line: string) => void,
): Promise<ScenarioResult[]> {
	const args = { items: ITEMS, latencyMs: settings.latencyMs, reps: settings.reps };
	const routed = await runChild<RunFigures>('gets', { ...args, node: 'routed' });
	const perItem = (figures: RunFigures) => Math.round((figures.cpuMs / ITEMS) * 100) / 100;
	log(`  routed:  ${routed.cpuMs} ms CPU, ${perItem(routed)} ms per item`);
	const programmatic = await runChild<RunFigures>('gets', { ...args, node: 'programmatic' });
	log(`  router:  ${programmatic.cpuMs} ms CPU, ${perItem(programmatic)} ms per item`);
	const cpuRatio = ratio(routed.cpuMs, programmatic.cpuMs);
	log(`  routed / router, CPU per item: ${cpuRatio}×`);
	return [
		{
			id: `gets-${ITEMS}`,
			scenario: 'gets',
			title: `${ITEMS} Gets of an asset in one execution`,
			requests: routed.requests,
			wallMs: routed.wallMs,
			baselineWallMs: programmatic.wallMs,
			baseline: 'the same Gets run by the router from execute() (the node before issue 39)',
			ratio: ratio(routed.wallMs, programmatic.wallMs),
			cpuMs: routed.cpuMs,
			baselineCpuMs: programmatic.cpuMs,
			cpuRatio,
			cpuPerItemMs: perItem(routed),
			baselineCpuPerItemMs: perItem(programmatic),
		},
	];
}
