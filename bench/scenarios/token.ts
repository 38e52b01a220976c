// Scenario 2, token reuse: one credential over 1,000 executions against a fresh credential
// record per execution (a token fetched every time).
import type { BenchSettings } from '../lib/args';
import { runChild } from '../lib/child';
import type { RunFigures } from '../lib/probe';
import { ratio, type ScenarioResult } from '../lib/results';

const EXECUTIONS = 1_000;

export async function token(
	settings: BenchSettings,
	log: (line: string) => void,
): Promise<ScenarioResult[]> {
	const args = { executions: EXECUTIONS, latencyMs: settings.latencyMs };
	const shared = await runChild<RunFigures>('token', { ...args, credential: 'shared' });
	log(`  one credential:        ${shared.tokenRequests} token requests, ${shared.wallMs} ms`);
	const fresh = await runChild<RunFigures>('token', { ...args, credential: 'fresh' });
	log(`  credential per run:    ${fresh.tokenRequests} token requests, ${fresh.wallMs} ms`);
	return [
		{
			id: 'token',
			scenario: 'token',
			title: `${EXECUTIONS.toLocaleString('en-US')} executions with one credential`,
			executions: EXECUTIONS,
			latencyMs: settings.latencyMs,
			// The figure this scenario is about: token requests (API requests are given apart).
			requests: shared.tokenRequests,
			baselineRequests: fresh.tokenRequests,
			apiRequests: shared.requests,
			wallMs: shared.wallMs,
			baselineWallMs: fresh.wallMs,
			baseline: 'a fresh credential record per execution, so every execution fetches a token',
			ratio: ratio(shared.wallMs, fresh.wallMs),
			shared,
			fresh,
		},
	];
}
