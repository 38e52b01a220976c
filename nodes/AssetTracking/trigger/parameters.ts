import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { readRetryPolicy } from '../helpers/retryOptions';
import { check, rules } from '../helpers/validation';
import type { RetryPolicy } from '../transport';
import { TRIGGER_DEFAULTS } from './description';
import type { ReadingKind } from './types';

export type Scope =
	| { kind: 'workspace'; workspaceId: string }
	| { kind: 'spaces'; workspaceId: string; spaceIds: string[] }
	| { kind: 'assets'; assetIds: string[] };

/** Temperature alert bounds: a reading is emitted when below `min` or above `max`. */
export interface TemperatureBounds {
	min?: number;
	max?: number;
}

export interface TriggerConfig {
	kinds: ReadingKind[];
	scope: Scope;
	bounds: TemperatureBounds;
	summaryLocations: boolean;
	lookBackMs: number;
	concurrency: number;
	retryPolicy: RetryPolicy;
}

const ID = rules.id(20);

/** Reads and checks the trigger's parameters; errors name the field as the user sees it. */
export function readConfig(ctx: IPollFunctions): TriggerConfig {
	const node = ctx.getNode();
	const event = ctx.getNodeParameter('event', 'temperature') as string;
	const kinds: ReadingKind[] =
		event === 'both'
			? ['temperature', 'location']
			: [check(node, '"Event"', event, rules.oneOf(['temperature', 'location'])) as ReadingKind];

	const options = (ctx.getNodeParameter('options', {}) as IDataObject) ?? {};
	const number = (
		name: string,
		label: string,
		fallback: number,
		min: number,
		max = Number.MAX_SAFE_INTEGER,
	) => {
		const value = options[name];
		if (value === undefined || value === null || value === '') return fallback;
		return check(node, `"${label}"`, value as number, rules.number(min, max));
	};
	const bound = (name: string, label: string) => {
		const value = options[name];
		if (value === undefined || value === null || value === '') return undefined;
		return check(node, `"${label}"`, value as number, rules.number(-100, 500));
	};

	const bounds: TemperatureBounds = kinds.includes('temperature')
		? {
				min: bound('minTemperature', 'Minimum Temperature'),
				max: bound('maxTemperature', 'Maximum Temperature'),
			}
		: {};
	const concurrency = Math.floor(
		number('concurrency', 'Concurrency', TRIGGER_DEFAULTS.concurrency, 1, 100),
	);
	const lookBackMinutes = number(
		'lookBackMinutes',
		'Look Back on First Poll (Minutes)',
		TRIGGER_DEFAULTS.lookBackMinutes,
		0,
	);

	return {
		kinds,
		scope: readScope(ctx),
		bounds,
		summaryLocations: kinds.includes('location') && options.summaryLocations === true,
		lookBackMs: Math.round(lookBackMinutes * 60_000),
		concurrency,
		retryPolicy: readRetryPolicy(node, options),
	};
}

function readScope(ctx: IPollFunctions): Scope {
	const node = ctx.getNode();
	const scope = ctx.getNodeParameter('scope', 'workspace') as string;
	if (scope === 'assets') {
		return { kind: 'assets', assetIds: idList(ctx, 'assetIds', 'Asset IDs') };
	}
	const raw = ctx.getNodeParameter('workspaceId', '', { extractValue: true }) as string;
	const workspaceId = check(
		node,
		'"Workspace"',
		typeof raw === 'string' ? raw.trim() : raw,
		rules.uuid(),
	);
	if (scope === 'spaces') {
		return { kind: 'spaces', workspaceId, spaceIds: idList(ctx, 'spaceIds', 'Space IDs') };
	}
	if (scope !== 'workspace') {
		throw new NodeOperationError(node, `The scope "${scope}" is not known`);
	}
	return { kind: 'workspace', workspaceId };
}

/** A comma-separated list of ids: trimmed, empty parts dropped, duplicates removed, each checked. */
function idList(ctx: IPollFunctions, name: string, label: string): string[] {
	const raw = String(ctx.getNodeParameter(name, '') ?? '');
	const ids = [
		...new Set(
			raw
				.split(',')
				.map((part) => part.trim())
				.filter((part) => part !== ''),
		),
	];
	if (ids.length === 0) {
		check(ctx.getNode(), `"${label}"`, raw, { describe: 'at least one ID', test: () => false });
	}
	for (const id of ids) check(ctx.getNode(), `"${label}"`, id, ID);
	return ids;
}
