import type { INode } from 'n8n-workflow';

import { readRetryPolicy, retryOptions } from '../../nodes/AssetTracking/helpers/retryOptions';
import { DEFAULT_TRANSPORT_POLICY } from '../../nodes/AssetTracking/transport';
import {
	backoffMs,
	decideRetry,
	parseRetryAfter,
	type RetryPolicy,
} from '../../nodes/AssetTracking/transport/retryPolicy';

const node = { name: 'Asset Tracking' } as INode;
const policy: RetryPolicy = { maxRetries: 4, maxWaitMs: 10_000, baseDelayMs: 500 };
const NOW = Date.parse('2026-01-01T00:00:00Z');

describe('Retry-After', () => {
	it('reads delta-seconds and HTTP dates', () => {
		expect(parseRetryAfter('2', NOW)).toBe(2000);
		expect(parseRetryAfter('0.5', NOW)).toBe(500);
		expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:07 GMT', NOW)).toBe(7000);
		// A date in the past means "now", not a negative wait.
		expect(parseRetryAfter('Wed, 31 Dec 2025 23:59:00 GMT', NOW)).toBe(0);
		expect(parseRetryAfter('soon', NOW)).toBeUndefined();
		expect(parseRetryAfter(undefined, NOW)).toBeUndefined();
	});
});

describe('backoff', () => {
	it('doubles per attempt, never exceeds the cap, and is jittered', () => {
		expect(backoffMs(0, policy, () => 1)).toBe(500);
		expect(backoffMs(3, policy, () => 1)).toBe(4000);
		expect(backoffMs(10, policy, () => 1)).toBe(10_000);
		expect(backoffMs(3, policy, () => 0.25)).toBe(1000);
		expect(backoffMs(3, policy, () => 0)).toBe(0);
	});
});

describe('which failures are retried', () => {
	const decide = (failure: Parameters<typeof decideRetry>[0], method: string, attempt = 0) =>
		decideRetry(failure, method, attempt, policy, NOW, () => 1);

	it('honours the server hint on 429 for any method', () => {
		expect(decide({ status: 429, retryAfter: '2' }, 'POST')).toEqual({ retry: true, waitMs: 2000 });
		expect(decide({ status: 429 }, 'GET')).toEqual({ retry: true, waitMs: 500 });
	});

	it('refuses to wait longer than the maximum the user allowed', () => {
		const decision = decide({ status: 429, retryAfter: '60' }, 'GET');
		expect(decision.retry).toBe(false);
		expect(decision).toMatchObject({ reason: expect.stringContaining('60 s') });
	});

	it('retries server errors and broken connections only where repeating is safe', () => {
		expect(decide({ status: 503 }, 'GET').retry).toBe(true);
		expect(decide({ status: 500 }, 'PUT').retry).toBe(true);
		expect(decide({ status: 500 }, 'DELETE').retry).toBe(true);
		expect(decide({ status: 500 }, 'POST').retry).toBe(false);
		expect(decide({ status: 502 }, 'PATCH').retry).toBe(false);
		expect(decide({ networkCode: 'ECONNRESET' }, 'GET').retry).toBe(true);
		expect(decide({ networkCode: 'ECONNRESET' }, 'POST').retry).toBe(false);
		// Refused connections never reached the service: safe for any method.
		expect(decide({ networkCode: 'ECONNREFUSED' }, 'POST').retry).toBe(true);
	});

	it('does not retry client errors, and stops after maxRetries', () => {
		expect(decide({ status: 404 }, 'GET').retry).toBe(false);
		expect(decide({ status: 400 }, 'GET').retry).toBe(false);
		expect(decide({ status: 503 }, 'GET', 4).retry).toBe(false);
	});
});

describe('retry options of the nodes', () => {
	it('default to the transport policy, and read back into it', () => {
		const defaults = Object.fromEntries(retryOptions('').map((o) => [o.name, o.default]));
		expect(readRetryPolicy(node, defaults)).toEqual(DEFAULT_TRANSPORT_POLICY);
		expect(readRetryPolicy(node, {})).toEqual(DEFAULT_TRANSPORT_POLICY);
		expect(
			readRetryPolicy(node, {
				maxRetries: 2,
				maxRetryWait: 1.5,
				retryBaseDelay: 5,
				timeout: 2.5,
				maxResponseSize: 3,
				maxPages: 7,
			}),
		).toEqual({
			maxRetries: 2,
			maxWaitMs: 1500,
			baseDelayMs: 5,
			timeoutMs: 2500,
			maxResponseBytes: 3 * 1024 * 1024,
			maxPages: 7,
		});
		// Values from expressions arrive as text: read as n8n reads numbers, or refused by name.
		expect(readRetryPolicy(node, { maxRetries: '2', timeout: ' 7 ' })).toMatchObject({
			maxRetries: 2,
			timeoutMs: 7000,
		});
		expect(() => readRetryPolicy(node, { maxRetries: 11 })).toThrow('Invalid "Max Retries"');
		expect(() => readRetryPolicy(node, { timeout: 'soon' })).toThrow(
			'Invalid "Timeout (Seconds)": must be a number',
		);
		expect(() => readRetryPolicy(node, { timeout: 0 })).toThrow('Invalid "Timeout (Seconds)"');
		expect(() => readRetryPolicy(node, { maxPages: 0 })).toThrow('Invalid "Max Pages"');
	});
});
