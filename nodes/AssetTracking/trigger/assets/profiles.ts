import type { IDataObject, INode } from 'n8n-workflow';

import { check, numberOption, rules } from '../../helpers/validation';
import { ALERT_ABOVE, ALERT_BELOW, TEMPERATURE_RANGE } from '../core/settings';
import type { ListRead, ScopedAsset } from './types';

/**
 * Temperature profiles per space (the option Profiles by Space): chilled, frozen and ambient goods
 * sit side by side in different spaces, each with its own Alert Above, Alert Below and Stability
 * Budget. A reading is judged by the profile of the space the asset was in at the reading's
 * timestamp, as the asset's space memberships (`inSpaces`) say: the membership with
 * enteredOn ≤ timestamp and, once exited, exitedOn > timestamp. A reading in no listed space is
 * judged by the node's own bounds. Should two listed spaces hold the asset at once, the one it
 * entered last decides (the asset's current space, as Simplify reads it).
 */
export interface SpaceProfile {
	spaceId: string;
	maxTemperature: number;
	minTemperature: number;
	budgetMinutes: number;
}

/** The profiles by space id; empty without the option (every reading judged by the node's bounds). */
export type Profiles = ReadonlyMap<string, SpaceProfile>;

export const PROFILES_LABEL = 'Profiles by Space';
export const BUDGET_LABEL = 'Stability Budget (Minutes)';
/** The longest Stability Budget: a year of minutes. */
export const MAX_BUDGET_MINUTES = 525_600;

/**
 * Where the profiles came from, when not from Profiles by Space: version 5's Assets in Spaces
 * gives each watched space its range (parameters.ts puts them here, under this key).
 */
export const PROFILES_WHERE = 'where';

/** The option's entries, checked: errors name the entry and its field as the user sees them. */
export function readProfiles(node: INode, options: IDataObject): Profiles {
	const collection = (options.spaceProfiles ?? {}) as IDataObject;
	const entries = Array.isArray(collection.profile) ? (collection.profile as IDataObject[]) : [];
	const where = (collection[PROFILES_WHERE] as
		| { collection: string; entry: string }
		| undefined) ?? {
		collection: PROFILES_LABEL,
		entry: 'profile',
	};
	const profiles = new Map<string, SpaceProfile>();
	entries.forEach((entry, i) => {
		const label = (field: string) =>
			`"${field}" of ${where.entry} ${i + 1} in "${where.collection}"`;
		const picked = entry?.spaceId;
		const raw =
			picked && typeof picked === 'object' && !Array.isArray(picked)
				? (picked as IDataObject).value
				: picked;
		const spaceId = check(node, label('Space'), String(raw ?? '').trim(), rules.id(20));
		if (profiles.has(spaceId)) {
			check(node, label('Space'), spaceId, {
				describe: `a space not listed in an earlier ${where.entry} (${spaceId} is)`,
				test: () => false,
			});
		}
		// A field whose expression yields nothing is an error naming it, never its default.
		const temperature = (name: string, field: string, fallback: number) =>
			numberOption(node, label(field), entry, name, rules.number(...TEMPERATURE_RANGE)) ?? fallback;
		const maxTemperature = temperature('maxTemperature', ALERT_ABOVE, 8);
		const minTemperature = temperature('minTemperature', ALERT_BELOW, 2);
		check(node, label(ALERT_BELOW), minTemperature, {
			describe: `below its "${ALERT_ABOVE}" (${maxTemperature})`,
			test: () => minTemperature < maxTemperature,
		});
		const budgetMinutes =
			numberOption(
				node,
				label(BUDGET_LABEL),
				entry,
				'budgetMinutes',
				rules.number(1, MAX_BUDGET_MINUTES),
			) ?? 120;
		profiles.set(spaceId, { spaceId, maxTemperature, minTemperature, budgetMinutes });
	});
	return profiles;
}

/** An asset's stay in a space with a profile: the profile judges readings in [from, until). */
interface ProfileStay {
	profile: SpaceProfile;
	from: number;
	until: number;
}

const time = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : Number.NaN);

/**
 * An asset's stays in the spaces that have a profile, from its memberships (`inSpaces`), the one
 * entered last first. A membership marked exited without an exitedOn says nothing of when: it
 * judges no reading.
 */
function profileStays(profiles: Profiles, memberships: unknown): ProfileStay[] {
	if (profiles.size === 0 || !Array.isArray(memberships)) return [];
	const stays: ProfileStay[] = [];
	for (const m of memberships as IDataObject[]) {
		const profile = typeof m?.spaceId === 'string' ? profiles.get(m.spaceId) : undefined;
		const from = time(m?.enteredOn);
		if (!profile || Number.isNaN(from)) continue;
		const exitedOn = time(m.exitedOn);
		const exited = m.hasExited === true || !Number.isNaN(exitedOn);
		if (exited && Number.isNaN(exitedOn)) continue;
		stays.push({ profile, from, until: exited ? exitedOn : Number.POSITIVE_INFINITY });
	}
	return stays.sort((a, b) => b.from - a.from);
}

/** The profile that judges a reading at `ts`; undefined: the node's own bounds. */
export function profileAt(stays: readonly ProfileStay[], ts: number): SpaceProfile | undefined {
	return stays.find((stay) => stay.from <= ts && ts < stay.until)?.profile;
}

/** What the families judging temperatures by profile read: the list, and the memberships. */
export interface ProfiledReads {
	temperature: ListRead;
	memberships: IDataObject[];
}

/**
 * Whether an asset's memberships must be read for the profiles by space: the asset list embeds
 * every listed asset's, so only Specific Assets (no list) read each asset's record (its read is
 * shared with the space events).
 */
export const profiledWithoutList = (asset: ScopedAsset, settings: { profiles: Profiles }) =>
	settings.profiles.size > 0 && asset.inSpaces === undefined;

/** An asset's stays in profiled spaces, from the asset list or from its own read. */
export const staysOf = (profiles: Profiles, asset: ScopedAsset, own: IDataObject[] | undefined) =>
	profileStays(profiles, asset.inSpaces ?? own);
