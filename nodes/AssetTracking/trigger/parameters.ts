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
	/** The late-readings window, in seconds (seen.ts). */
	windowS: number;
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
				min: bound('minTemperature', 'Alert Below (°C)'),
				max: bound('maxTemperature', 'Alert Above (°C)'),
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

	const windowMinutes = number(
		'lateWindowMinutes',
		'Late Readings Window (Minutes)',
		TRIGGER_DEFAULTS.lateWindowMinutes,
		1,
		// A month: beyond it the memory of a one-reading-per-minute label stops being small.
		43_200,
	);

	return {
		kinds,
		scope: readScope(ctx),
		windowS: Math.round(windowMinutes * 60),
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
	// Version 1 took comma-separated IDs; version 2 pickers (several, each From List or By ID).
	const v1 = ctx.getNode().typeVersion < 2;
	if (scope === 'assets') {
		const assetIds = v1 ? idText(ctx, 'assetIds') : pickedIds(ctx, 'assets', 'asset');
		return { kind: 'assets', assetIds: idList(ctx, assetIds, v1 ? 'Asset IDs' : 'Assets') };
	}
	const raw = ctx.getNodeParameter('workspaceId', '', { extractValue: true }) as string;
	const workspaceId = check(
		node,
		'"Workspace"',
		typeof raw === 'string' ? raw.trim() : raw,
		rules.uuid(),
	);
	if (scope === 'spaces') {
		const spaceIds = v1 ? idText(ctx, 'spaceIds') : pickedIds(ctx, 'spaces', 'space');
		return {
			kind: 'spaces',
			workspaceId,
			spaceIds: idList(ctx, spaceIds, v1 ? 'Space IDs' : 'Spaces'),
		};
	}
	if (scope !== 'workspace') {
		throw new NodeOperationError(node, `The scope "${scope}" is not known`);
	}
	return { kind: 'workspace', workspaceId };
}

const idText = (ctx: IPollFunctions, name: string) => [
	String(ctx.getNodeParameter(name, '') ?? ''),
];

/**
 * The values of a fixedCollection of pickers. Each is a resource locator (or, from an
 * expression, a plain value); an expression may give several IDs, as an array or comma-separated.
 */
function pickedIds(ctx: IPollFunctions, name: string, entry: string): string[] {
	const collection = (ctx.getNodeParameter(name, {}) as IDataObject) ?? {};
	const entries = collection[entry];
	const values: unknown[] = [];
	for (const picked of Array.isArray(entries) ? (entries as IDataObject[]) : []) {
		const id = picked?.id;
		values.push(
			id && typeof id === 'object' && !Array.isArray(id) ? (id as IDataObject).value : id,
		);
	}
	return values.flat().map((value) => String(value ?? ''));
}

/** Lists of ids, comma-separated: trimmed, empty parts dropped, duplicates removed, each checked. */
function idList(ctx: IPollFunctions, texts: string[], label: string): string[] {
	const ids = [
		...new Set(
			texts
				.flatMap((text) => text.split(','))
				.map((part) => part.trim())
				.filter((part) => part !== ''),
		),
	];
	if (ids.length === 0) {
		check(ctx.getNode(), `"${label}"`, texts.join(','), {
			describe: 'at least one ID',
			test: () => false,
		});
	}
	for (const id of ids) check(ctx.getNode(), `"${label}"`, id, ID);
	return ids;
}
