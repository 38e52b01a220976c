import type { IDataObject, INode } from 'n8n-workflow';

import { profileStays, type Profiles, type SpaceProfile } from '../../coldChain/profiles';
import { check, rules } from '../../helpers/validation';
import { ALERT_ABOVE, ALERT_BELOW, TEMPERATURE_RANGE } from '../core/settings';
import type { ListRead, ScopedAsset } from './types';

/**
 * Profiles by Space as the trigger reads them: the option's entries checked, and each asset's
 * memberships (from the asset list or its own record). Judging a reading by its profile is
 * coldChain/profiles.ts, shared with the action's temperature summary.
 */
export type { Profiles } from '../../coldChain/profiles';
export { profileAt } from '../../coldChain/profiles';

export const PROFILES_LABEL = 'Profiles by Space';
export const BUDGET_LABEL = 'Stability Budget (Minutes)';
/** The longest Stability Budget: a year of minutes. */
export const MAX_BUDGET_MINUTES = 525_600;

/** The option's entries, checked: errors name the entry and its field as the user sees them. */
export function readProfiles(node: INode, options: IDataObject): Profiles {
	const collection = (options.spaceProfiles ?? {}) as IDataObject;
	const entries = Array.isArray(collection.profile) ? (collection.profile as IDataObject[]) : [];
	const profiles = new Map<string, SpaceProfile>();
	entries.forEach((entry, i) => {
		const label = (field: string) => `"${field}" of profile ${i + 1} in "${PROFILES_LABEL}"`;
		const picked = entry?.spaceId;
		const raw =
			picked && typeof picked === 'object' && !Array.isArray(picked)
				? (picked as IDataObject).value
				: picked;
		const spaceId = check(node, label('Space'), String(raw ?? '').trim(), rules.id(20));
		if (profiles.has(spaceId)) {
			check(node, label('Space'), spaceId, {
				describe: `a space not listed in an earlier profile (${spaceId} is)`,
				test: () => false,
			});
		}
		const temperature = (name: string, field: string, fallback: number) =>
			check(
				node,
				label(field),
				entry[name] ?? fallback,
				rules.number(...TEMPERATURE_RANGE),
			) as number;
		const maxTemperature = temperature('maxTemperature', ALERT_ABOVE, 8);
		const minTemperature = temperature('minTemperature', ALERT_BELOW, 2);
		check(node, label(ALERT_BELOW), minTemperature, {
			describe: `below its "${ALERT_ABOVE}" (${maxTemperature})`,
			test: () => minTemperature < maxTemperature,
		});
		const budgetMinutes = check(
			node,
			label(BUDGET_LABEL),
			entry.budgetMinutes ?? 120,
			rules.number(1, MAX_BUDGET_MINUTES),
		) as number;
		profiles.set(spaceId, { spaceId, maxTemperature, minTemperature, budgetMinutes });
	});
	return profiles;
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
