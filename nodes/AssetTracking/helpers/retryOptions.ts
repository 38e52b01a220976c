import type { IDataObject, INode, INodeProperties } from 'n8n-workflow';

import { DEFAULT_TRANSPORT_POLICY, type TransportPolicy } from '../transport';
import { numberOption, rules } from './validation';

const MIB = 1024 * 1024;

/**
 * The retry, timeout and size settings both nodes offer (in Advanced; in Options before action
 * version 3 and trigger version 4), and how they become the transport's policy: one definition,
 * so the action node and the trigger cannot drift apart. The defaults are literals (n8n's lint
 * wants them so) equal to DEFAULT_TRANSPORT_POLICY; a test holds them equal.
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
		{
			displayName: 'Timeout (Seconds)',
			name: 'timeout',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 3 },
			default: 30,
			description:
				'Longest time one attempt may take, from sending the request to the last byte of the answer (a token request included). A timeout counts as a network failure: reads and deletes are retried, creates and updates are not.',
		},
		{
			displayName: 'Max Pages',
			name: 'maxPages',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 200,
			description:
				'Most pages one list may take (up to 10,000 elements each) before the node stops with an error: a safeguard against a list that never ends. Raise it only for lists larger than 2,000,000 elements.',
		},
		{
			displayName: 'Max Response Size (MB)',
			name: 'maxResponseSize',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 256,
			description:
				'Largest answer the node reads, in mebibytes; a larger one fails with an error instead of filling memory',
		},
	];
}

/**
 * The Advanced collection: the transport settings, kept apart from the options a person picks
 * (from action node version 3 and trigger version 4). Earlier versions keep them in Options,
 * where their saved workflows hold them: when n8n loads a workflow it keeps only the keys a
 * collection's description lists, so moving them for every version would drop saved values.
 */
export function advancedCollection(whenExhausted: string, since: number): INodeProperties {
	return {
		displayName: 'Advanced',
		name: 'advanced',
		type: 'collection',
		placeholder: 'Add Setting',
		default: {},
		options: retryOptions(whenExhausted),
		displayOptions: { show: { '@version': [{ _cnd: { gte: since } }] } },
	};
}

/** The collection a node of `version` keeps its transport settings in: Advanced from `since`. */
export const transportCollection = (version: number, since: number): 'advanced' | 'options' =>
	version >= since ? 'advanced' : 'options';

/**
 * The transport policy from the collection holding the settings, each value checked; an option
 * not added takes its default, one added whose expression yields nothing is an error (numberOption).
 */
export function readRetryPolicy(node: INode, options: IDataObject): TransportPolicy {
	const value = (
		name: string,
		label: string,
		fallback: number,
		max = Number.MAX_SAFE_INTEGER,
		min = 0,
	) => {
		const rule = rules.number(min, max);
		return numberOption(node, `"${label}"`, options, name, rule) ?? fallback;
	};
	const defaults = DEFAULT_TRANSPORT_POLICY;
	return {
		maxRetries: Math.floor(value('maxRetries', 'Max Retries', defaults.maxRetries, 10)),
		maxWaitMs: Math.round(
			value('maxRetryWait', 'Max Retry Wait (Seconds)', defaults.maxWaitMs / 1000) * 1000,
		),
		baseDelayMs: Math.round(
			value('retryBaseDelay', 'Retry Base Delay (Milliseconds)', defaults.baseDelayMs),
		),
		timeoutMs: Math.round(
			value('timeout', 'Timeout (Seconds)', defaults.timeoutMs / 1000, 3600, 0.001) * 1000,
		),
		maxResponseBytes: Math.round(
			value('maxResponseSize', 'Max Response Size (MB)', defaults.maxResponseBytes / MIB, 4096, 1) *
				MIB,
		),
		maxPages: Math.floor(value('maxPages', 'Max Pages', defaults.maxPages, 1_000_000, 1)),
	};
}
