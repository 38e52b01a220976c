/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// `npm run bench`: runs the scenarios (each measurement in a fresh process), then writes
// bench/results/latest.json and docs/benchmarks.md with its charts.
import { mkdirSync, readFileSync, writeFileSync } from 'fs';
import { join } from 'path';

import { parseArgs } from './lib/args';
import { evaluateGoals } from './lib/goals';
import { currentLoad, machineInfo } from './lib/machine';
import type { BenchResults, ScenarioResult } from './lib/results';
import { writeReport } from './report/markdown';
import { bulk } from './scenarios/bulk';
import { gets } from './scenarios/gets';
import { paging } from './scenarios/paging';
import { report } from './scenarios/report';
import { token } from './scenarios/token';
import { trigger } from './scenarios/trigger';
import { triggerRaw } from './scenarios/triggerRaw';

const SCENARIOS = { paging, token, trigger, triggerRaw, bulk, report, gets };
const ROOT = join(__dirname, '..');
const RESULTS = join(ROOT, 'bench', 'results', 'latest.json');

async function main() {
	const settings = parseArgs(process.argv.slice(2));
	if (settings.reportOnly) {
		writeReport(JSON.parse(readFileSync(RESULTS, 'utf8')) as BenchResults, join(ROOT, 'docs'));
		console.log('rewrote docs/benchmarks.md from bench/results/latest.json');
		return;
	}
	const machine = machineInfo();
	const started = Date.now();
	const log = (line: string) => console.log(line);
	log(
		`bench on ${machine.cpuModel}, ${machine.cores} cores, Node ${machine.node}, load ${machine.loadAverage.start}`,
	);
	const scenarios: ScenarioResult[] = [];
	for (const [name, run] of Object.entries(SCENARIOS)) {
		if (!settings.only.includes(name)) continue;
		const t0 = Date.now();
		log(`${name}:`);
		scenarios.push(...(await run(settings, log)));
		log(`  (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
	}
	machine.loadAverage.end = currentLoad();
	// A run of some scenarios (--only) replaces theirs and keeps the others' last figures.
	if (settings.only.length < Object.keys(SCENARIOS).length) {
		try {
			const previous = JSON.parse(readFileSync(RESULTS, 'utf8')) as BenchResults;
			scenarios.unshift(...previous.scenarios.filter((r) => !settings.only.includes(r.scenario)));
		} catch {
			// No earlier results: this run's alone.
		}
	}
	const results: BenchResults = {
		generatedAt: new Date().toISOString(),
		durationSeconds: Math.round((Date.now() - started) / 1000),
		machine,
		settings,
		scenarios,
		goals: evaluateGoals(scenarios),
	};
	mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
	writeFileSync(RESULTS, `${JSON.stringify(results, null, '\t')}\n`);
	writeReport(results, join(ROOT, 'docs'));
	log('\ngoals:');
	for (const goal of results.goals)
		log(
			`  ${goal.met ? 'met    ' : 'NOT MET'}  ${goal.goal}: ${goal.measured} (target ${goal.target})`,
		);
	log(`\nwrote bench/results/latest.json and docs/benchmarks.md in ${results.durationSeconds} s`);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
