import type { IDataObject, INode } from 'n8n-workflow';

import { profileStays, type Profiles } from '../../coldChain/profiles';
import { readSpaceProfiles } from '../../helpers/spaceProfiles';
import type { ListRead } from './seen';
import type { ScopedAsset } from './types';

/**
 * Profiles by Space as the trigger reads them: the option's entries (checked by
 * helpers/spaceProfiles.ts) and each asset's memberships (from the asset list or its own record).
 * Judging a reading by its profile is coldChain/profiles.ts; both are shared with the action's
 * temperature summary.
 */
export type { Profiles } from '../../coldChain/profiles';
export { profileAt } from '../../coldChain/profiles';

export {
	BUDGET_LABEL,
	MAX_BUDGET_MINUTES,
	PROFILES_LABEL,
	PROFILES_WHERE,
} from '../../helpers/spaceProfiles';

/** The option's entries, checked as the summary's (helpers/spaceProfiles.ts). */
export const readProfiles = (node: INode, options: IDataObject): Profiles =>
	readSpaceProfiles(node, options.spaceProfiles);

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
