import type { IDataObject, INode, INodeProperties } from 'n8n-workflow';

import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../transport';
import { check, rules } from './validation';

/**
 * The retry settings both nodes offer in their Options, and how they become the transport's
 * RetryPolicy: one definition, so the action node and the trigger cannot drift apart.
 * The defaults are literals (n8n's lint wants them so) equal to DEFAULT_RETRY_POLICY; a test holds them equal.
 */
export function retryOptions(whenExhausted: string): INodeProperties[] {
	return [
		{
			displayName: 'Max Retries',
			name: 'maxRetries',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 10 },
			default: 4,
			description: `How often to repeat a request the service rate-limited (429), or a read or delete that failed with a server or network error. Creates and updates are never repeated after a server error. ${whenExhausted}`,
		},
		{
			displayName: 'Max Retry Wait (Seconds)',
			name: 'maxRetryWait',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 3 },
			default: 30,
			description:
				'Longest wait before one retry. When the service asks for a longer wait (Retry-After), the node fails at once instead of waiting.',
		},
		{
			displayName: 'Retry Base Delay (Milliseconds)',
			name: 'retryBaseDelay',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 500,
			description:
				'First wait before retrying when the service gives no Retry-After; it doubles with every retry, with random jitter, up to Max Retry Wait',
		},
	];
}

/** The RetryPolicy from an Options collection, each value checked and defaulted. */
export function readRetryPolicy(node: INode, options: IDataObject): RetryPolicy {
	const value = (name: string, label: string, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
		const raw = options[name];
		if (raw === undefined || raw === null || raw === '') return fallback;
		return check(node, `"${label}"`, raw as number, rules.number(0, max));
	};
	return {
		maxRetries: Math.floor(value('maxRetries', 'Max Retries', DEFAULT_RETRY_POLICY.maxRetries, 10)),
		maxWaitMs: Math.round(
			value('maxRetryWait', 'Max Retry Wait (Seconds)', DEFAULT_RETRY_POLICY.maxWaitMs / 1000) *
				1000,
		),
		baseDelayMs: Math.round(
			value('retryBaseDelay', 'Retry Base Delay (Milliseconds)', DEFAULT_RETRY_POLICY.baseDelayMs),
		),
	};
}
