/* eslint-disable no-console -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// Issue 10, case 1 (no timeout). Each case against a server that misbehaves on purpose, through n8n's engine: the
// user-facing message (method, path, request-id, no stock text), how many requests arrived, and
// that a POST/PATCH arrived at most once.
import {
	createAsset,
	expectFreshRequestIds,
	expectOurMessage,
	fast,
	listWorkspaces,
	useAdversary,
	WORKSPACE,
} from './helpers';
import { stallAfterHeaders, stallBeforeHeaders } from './server';

describe('adversarial server: timeouts', () => {
	const t = useAdversary('cred-adversarial-timeouts');

	describe('1. a per-attempt timeout', () => {
		it('a GET whose body stalls after the headers is retried, each attempt cut at the timeout', async () => {
			t.server.script(stallAfterHeaders);
			const started = Date.now();
			const run = await t.run(listWorkspaces(fast({ timeout: 1 })));
			const elapsed = Date.now() - started;
			const error = expectOurMessage(run, 'GET', '/workspaces', t.server);
			expect(error.message).toContain('failed: timeout: 200 but the body stalled after');
			await t.server.arrived('GET', 5, 5_000); // the last attempt may be written after its deadline
			expect(t.server.count('GET')).toBe(5);
			expectFreshRequestIds(t.server);
			// 5 attempts of 1 s and four backoffs of at most 1, 2, 4, 8 ms; the margin is for a loaded
			// machine: what this guards against is a hang (300 s per attempt before the timeout).
			expect(elapsed).toBeLessThan(5 * 1000 + 10_000);
			expect(run.items).toHaveLength(0);
		});

		it('a GET that gets no headers at all fails at the timeout, named as a timeout', async () => {
			t.server.script(stallBeforeHeaders);
			const run = await t.run(listWorkspaces(fast({ timeout: 1, maxRetries: 0 })));
			const error = expectOurMessage(run, 'GET', '/workspaces', t.server);
			expect(error.message).toMatch(/failed: timeout: no response within 1\.\d s \(Timeout 1 s\)/);
			await t.server.arrived('GET', 1, 5_000);
			expect(t.server.count()).toBe(1);
		});

		it('a POST that stalls is never repeated', async () => {
			t.server.script(stallAfterHeaders);
			const run = await t.run(createAsset(fast({ timeout: 1 })));
			const error = expectOurMessage(run, 'POST', `/workspaces/${WORKSPACE}/assets`, t.server);
			expect(error.message).toContain('timeout');
			expect(error.description).toContain(
				'Not retried: POST may have reached the service before the connection broke',
			);
			// On a loaded machine the deadline can pass before the POST is even written; n8n then
			// still sends it. What must hold is that it is never sent twice.
			await t.server.arrived('POST', 1, 5_000);
			expect(t.server.count('POST')).toBeLessThanOrEqual(1);
		});
	});

	describe('the time to fail a stalled request, printed', () => {
		// Defaults: Timeout 30 s, Max Retries 4 (5 attempts), backoff from 500 ms doubling with full
		// jitter (at most 0.5 + 1 + 2 + 4 = 7.5 s). A stalled GET fails within 5 × 30 + 7.5 = 157.5 s.
		it('a POST with every option at its default fails after one attempt of 30 s', async () => {
			t.server.script(stallAfterHeaders);
			const started = Date.now();
			const run = await t.run(createAsset({}));
			const elapsed = Date.now() - started;
			console.log(
				`stalled POST, all defaults: failed after ${(elapsed / 1000).toFixed(1)} s (bound: 30 s × 1 attempt)`,
			);
			expectOurMessage(run, 'POST', `/workspaces/${WORKSPACE}/assets`, t.server);
			expect(t.server.count('POST')).toBe(1);
			expect(elapsed).toBeGreaterThanOrEqual(30_000);
			expect(elapsed).toBeLessThan(30_000 + 15_000);
		});

		it('a GET with the default retries and backoff and a 2 s timeout fails within 5 × 2 s + 7.5 s', async () => {
			t.server.script(stallAfterHeaders);
			const started = Date.now();
			const run = await t.run(listWorkspaces({ timeout: 2 }));
			const elapsed = Date.now() - started;
			console.log(
				`stalled GET, default retries and backoff, Timeout 2 s: failed after ${(elapsed / 1000).toFixed(1)} s (bound: 5 × 2 s + 7.5 s = 17.5 s)`,
			);
			expectOurMessage(run, 'GET', '/workspaces', t.server);
			await t.server.arrived('GET', 5, 5_000); // the last attempt may be written after its deadline
			expect(t.server.count('GET')).toBe(5);
			expect(elapsed).toBeGreaterThanOrEqual(5 * 2000);
			expect(elapsed).toBeLessThan(17_500 + 10_000);
		});
	});
});
