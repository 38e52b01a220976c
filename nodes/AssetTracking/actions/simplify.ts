import type { IDataObject, INodeProperties } from 'n8n-workflow';

import type { ParamReader } from './params';

/**
 * The Simplify toggle, defined once for every resource that has one (assets, consignments): one
 * flat object per element, the shape a spreadsheet row or a chat message wants, instead of the
 * nested representation. Off for nodes saved at version 1, so saved workflows keep the output
 * they were built on; on for nodes added at version 2. The parameter is `simplify` in both.
 */
export function simplifyFields(description: string): INodeProperties[] {
	const field: INodeProperties = {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: false,
		description,
	};
	return [
		{ ...field, displayOptions: { show: { '@version': [1] } } },
		{ ...field, default: true, displayOptions: { show: { '@version': [{ _cnd: { gte: 2 } }] } } },
	];
}

export const wantsSimplified = (p: ParamReader) => p.optional<boolean>('simplify') === true;

/** The version of the node that runs: 1 for workflows saved before Simplify became the default. */
export const nodeVersion = (p: ParamReader): number => p.ctx.getNode().typeVersion;

export const asObject = (value: unknown): IDataObject | undefined =>
	value !== null && typeof value === 'object' && !Array.isArray(value)
		? (value as IDataObject)
		: undefined;

/** The objects of an embedded `{ items }` list; none when it is missing or not a list. */
export const itemsOf = (list: unknown): IDataObject[] => {
	const items = asObject(list)?.items;
	return Array.isArray(items) ? items.filter((item) => asObject(item) !== undefined) : [];
};

const time = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : Number.NaN);

/** The element with the latest timestamp (the spec does not order embedded readings or stays). */
export function newest(items: unknown, field = 'timestamp'): IDataObject | undefined {
	if (!Array.isArray(items)) return undefined;
	let best: IDataObject | undefined;
	for (const item of items) {
		const candidate = asObject(item);
		if (!candidate || Number.isNaN(time(candidate[field]))) continue;
		if (!best || time(candidate[field]) > time(best[field])) best = candidate;
	}
	return best;
}

/**
 * Where something is now, from its stays (space memberships, facility entries): of those it has
 * not exited, the latest entered.
 */
export function currentStay(stays: unknown): IDataObject | undefined {
	if (!Array.isArray(stays)) return undefined;
	return newest(
		stays.filter((stay) => asObject(stay)?.hasExited !== true),
		'enteredOn',
	);
}
