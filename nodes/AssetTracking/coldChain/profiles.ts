import type { ExcursionRule } from './excursion';

/**
 * Temperature profiles per space (Profiles by Space, the trigger's option and the summary's):
 * chilled, frozen and ambient goods sit side by side in different spaces, each with its own Alert
 * Above, Alert Below and Stability Budget. A reading is judged by the profile of the space the
 * asset was in at the reading's timestamp, as the asset's space memberships say: the membership
 * with enteredOn ≤ timestamp and, once exited, exitedOn > timestamp. A reading in no listed space
 * is judged by the node's own bounds. Should two listed spaces hold the asset at once, the one it
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

/** A space membership as the asset's inSpaces and its space history list them. */
export interface Membership {
	spaceId?: unknown;
	enteredOn?: unknown;
	exitedOn?: unknown;
	hasExited?: unknown;
}

/** An asset's stay in a space with a profile: the profile judges readings in [from, until). */
export interface ProfileStay<P extends SpaceProfile = SpaceProfile> {
	profile: P;
	from: number;
	until: number;
}

const time = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : Number.NaN);

/**
 * An asset's stays in the spaces that have a profile, from its memberships, the one entered last
 * first. A membership marked exited without an exitedOn says nothing of when: it judges no reading.
 */
export function profileStays<P extends SpaceProfile>(
	profiles: ReadonlyMap<string, P>,
	memberships: unknown,
): Array<ProfileStay<P>> {
	if (profiles.size === 0 || !Array.isArray(memberships)) return [];
	const stays: Array<ProfileStay<P>> = [];
	for (const m of memberships as Array<Membership | undefined>) {
		const profile = typeof m?.spaceId === 'string' ? profiles.get(m.spaceId) : undefined;
		const from = time(m?.enteredOn);
		if (!m || !profile || Number.isNaN(from)) continue;
		const exitedOn = time(m.exitedOn);
		const exited = m.hasExited === true || !Number.isNaN(exitedOn);
		if (exited && Number.isNaN(exitedOn)) continue;
		stays.push({ profile, from, until: exited ? exitedOn : Number.POSITIVE_INFINITY });
	}
	return stays.sort((a, b) => b.from - a.from);
}

/** The profile that judges a reading at `ts`; undefined: the node's own bounds. */
export function profileAt<P extends SpaceProfile>(
	stays: ReadonlyArray<ProfileStay<P>>,
	ts: number,
): P | undefined {
	return stays.find((stay) => stay.from <= ts && ts < stay.until)?.profile;
}

/** The rule a reading judged by `profile` steps through: the profile's bounds, the rest the node's. */
export const ruleOf = (rule: ExcursionRule, profile: SpaceProfile | undefined): ExcursionRule =>
	profile ? { ...rule, above: profile.maxTemperature, below: profile.minTemperature } : rule;
