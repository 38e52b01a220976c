import type { IDataObject } from 'n8n-workflow';

import { hash } from '../core/identity';
import { assetGroupsRead, facilities } from '../subjects/facilities';
import { numberOption } from '../core/settings';
import { serviceTimestamp } from '../core/timestamp';
import { subjectOf, text } from './words';
import type { EventFamily, TriggerEvent } from './family';
import { decodeObserved, encodeObserved, observe, type Observed } from './observed';

/** Per facility: each asset group's last availability, by a 4-character hash of its id. */
type GroupMemory = Map<string, Observed>;

const KEY_LENGTH = 4;
/** The service's default when a group has no availabilityThreshold (spec: 3). */
const DEFAULT_THRESHOLD = 3;
const count = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** At Least (Assets): 0 (not added) leaves availability to the service's threshold. */
interface GroupSettings {
	minimumAssets: number;
}

const MINIMUM_LABEL = 'At Least (Assets)';

/**
 * With At Least (Assets) set, count ≥ that N; else `available` when the service gives it, else
 * count ≥ threshold; unknown without either.
 */
function availability(group: IDataObject, settings?: GroupSettings): boolean | undefined {
	const minimumAssets = settings?.minimumAssets ?? 0;
	if (minimumAssets > 0) {
		const n = count(group.count);
		return n === undefined ? undefined : n >= minimumAssets;
	}
	if (typeof group.available === 'boolean') return group.available;
	const n = count(group.count);
	return n === undefined
		? undefined
		: n >= (count(group.availabilityThreshold) ?? DEFAULT_THRESHOLD);
}

/** `minimumAssets` on the items when At Least (Assets) judges them; nothing otherwise. */
const minimumField = (settings?: GroupSettings): IDataObject =>
	(settings?.minimumAssets ?? 0) > 0 ? { minimumAssets: settings!.minimumAssets } : {};

/** "Asset group Pallets at facility Main DC" (version 5); without the facility before. */
const groupOf = (item: IDataObject) =>
	`${subjectOf('Asset group', item.assetGroupName, item.assetGroupId)}${item.facilityName === undefined ? '' : ` at facility ${text(item.facilityName ?? item.facilityId, 'unknown')}`}`;

/**
 * Asset groups becoming unavailable (fewer assets present than their threshold) and available
 * again: a change of a group's availability between two polls, read facility by facility
 * (api.getFacilityAssetGroups, one request per facility and poll, within the poll budget and its
 * rotation). A group first seen after the start is news. Unknown values: observed.ts.
 */
export const groupAvailability: EventFamily<
	GroupMemory,
	GroupSettings,
	{ assetGroups: IDataObject[] }
> = {
	name: 'groupAvailability',
	events: [
		{
			value: 'assetGroupUnavailable',
			name: 'Asset Group Unavailable',
			description: 'An asset group has fewer assets present than its availability threshold',
		},
		{
			value: 'assetGroupAvailable',
			name: 'Asset Group Available',
			description: 'An asset group has enough assets present again',
		},
	],
	options: [
		{
			displayName: MINIMUM_LABEL,
			name: 'minimumAssets',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 0,
			description:
				"How many assets an asset group needs present to be available, instead of the service's availability threshold. 0 uses the service's threshold.",
			displayOptions: {
				show: {
					'/events': ['assetGroupUnavailable', 'assetGroupAvailable'],
					'@version': [{ _cnd: { gte: 5 } }],
				},
			},
		},
	],
	// Version 5's own N (issue 37); earlier versions judge by the service's threshold.
	settings: ({ node, options, version }) => ({
		minimumAssets:
			version >= 5
				? Math.floor(numberOption(node, options, 'minimumAssets', MINIMUM_LABEL, 0, 0, 1_000_000))
				: 0,
	}),
	kind: facilities,
	reads: [{ of: assetGroupsRead }],
	// The facility's first group, its count moved to the side of its threshold the event says.
	sample: (event, { settings, subject, now, read: { assetGroups: own } }) => {
		const group = (own ?? []).find((g) => typeof g?.id === 'string' && g.id !== '') ?? {};
		const threshold =
			settings?.minimumAssets || (count(group.availabilityThreshold) ?? DEFAULT_THRESHOLD);
		const present = count(group.count) ?? threshold;
		return {
			assetGroupId: typeof group.id === 'string' ? group.id : null,
			assetGroupName: typeof group.name === 'string' ? group.name : null,
			facilityId: typeof group.facilityId === 'string' ? group.facilityId : subject.id,
			count:
				event === 'assetGroupAvailable'
					? Math.max(present, threshold)
					: Math.min(present, threshold - 1),
			availabilityThreshold: count(group.availabilityThreshold) ?? DEFAULT_THRESHOLD,
			...minimumField(settings),
			observedAt: serviceTimestamp(now),
		};
	},
	// From version 5 the group is placed in its facility by name (facilityName).
	summary: (item, words) =>
		item.event === 'assetGroupAvailable'
			? `${groupOf(item)} is available again: ${text(item.count, 'enough')} assets present, ${item.minimumAssets === undefined ? `threshold ${text(item.availabilityThreshold, '?')}` : `at least ${text(item.minimumAssets, '?')} asked for`}, ${words.at(item.observedAt)}`
			: `${groupOf(item)} is unavailable: ${text(item.count, 'too few')} assets present, fewer than ${item.minimumAssets === undefined ? `its threshold of ${text(item.availabilityThreshold, '?')}` : `the ${text(item.minimumAssets, '?')} asked for`}, ${words.at(item.observedAt)}`,
	fold: ({ settings, subject, memory, seeding, now, read: { assetGroups: own } }) => {
		const events: TriggerEvent[] = [];
		const next: GroupMemory = new Map();
		for (const group of own ?? []) {
			if (typeof group?.id !== 'string' || group.id === '') continue;
			const key = hash(group.id, KEY_LENGTH);
			if (next.has(key)) continue;
			const value = availability(group, settings);
			const { emits, next: state } = observe(value, memory?.get(key), seeding);
			next.set(key, state);
			if (!emits) continue;
			events.push({
				event: value ? 'assetGroupAvailable' : 'assetGroupUnavailable',
				// A change the service gives no time for: the poll that observed it.
				id: `${group.id}@${serviceTimestamp(now)}`,
				at: now,
				fields: {
					assetGroupId: group.id,
					assetGroupName: typeof group.name === 'string' ? group.name : null,
					facilityId: typeof group.facilityId === 'string' ? group.facilityId : subject.id,
					count: count(group.count) ?? null,
					availabilityThreshold: count(group.availabilityThreshold) ?? DEFAULT_THRESHOLD,
					...minimumField(settings),
					observedAt: serviceTimestamp(now),
				},
			});
		}
		return { memory: next.size > 0 ? next : undefined, events };
	},
	encode: (memory) => [...memory].map(([key, value]) => `${key}${encodeObserved(value)}`).join(''),
	decode: (text) => {
		const memory: GroupMemory = new Map();
		for (let i = 0; i + KEY_LENGTH + 1 <= text.length; i += KEY_LENGTH + 1) {
			const value = decodeObserved(text[i + KEY_LENGTH]);
			if (value !== undefined) memory.set(text.slice(i, i + KEY_LENGTH), value);
		}
		return memory.size > 0 ? memory : undefined;
	},
};
