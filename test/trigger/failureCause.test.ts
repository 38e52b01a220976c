// Issue 39: a failed poll declares why it failed (n8n-workflow's `failure`), so n8n's poll
// scheduler waits as long as the service asked rather than polling again on schedule.
import type { IDataObject } from 'n8n-workflow';

import type { EngineHarness } from '../../engine/engine';
import type { Simulator } from '../../simulator';
import { startSimulator, stopSimulator, tryPoll, workspaceTrigger } from './helpers';

describe('Asset Tracking Trigger: the failure a poll declares', () => {
	let sim: Simulator;
	let n8n: EngineHarness;

	beforeEach(async () => {
		({ sim, n8n } = await startSimulator({ labelledAssets: 2 }));
	});
	afterEach(async () => {
		await stopSimulator(sim);
	});

	it('a 429 with Retry-After: 120 is rate-limited, retryAfterMs 120000', async () => {
		const parameters = workspaceTrigger(sim, { event: 'temperature' });
		const staticData: IDataObject = {};
		await n8n.poll(parameters, staticData);
		sim.resetStats();
		sim.faults.queue({ status: 429, retryAfter: '120' });
		const failed = await tryPoll(n8n, parameters, staticData);
		expect(failed.error?.message).toMatch(/failed: 429/);
		expect((failed.error as { failure?: unknown }).failure).toEqual({
			cause: 'rate-limited',
			retryAfterMs: 120000,
		});
		// Longer than Max Retry Wait: not waited for, so one request only.
		expect(sim.stats.requests).toBe(1);
	});
});
