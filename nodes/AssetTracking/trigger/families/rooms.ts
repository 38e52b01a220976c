import type { IDataObject } from 'n8n-workflow';

import { spaceAt, type SpaceStay } from '../assets/rulebook';

/**
 * The room an item names (version 6): `spaceId` and, when the membership gives it, `spaceName`
 * (poll/items.ts names the rest from the asset's record); nothing when the asset was in no known
 * space at `ts`, the event's moment.
 */
export function roomFields(
	stays: readonly SpaceStay[],
	ts: number,
	among?: readonly string[],
): IDataObject {
	const stay = spaceAt(stays, ts, among);
	return stay ? namedRoom(stay.spaceId, stays) : {};
}

/** A room by its id, with its name when some membership of the asset gives it. */
export function namedRoom(spaceId: string, stays: readonly SpaceStay[]): IDataObject {
	const name = stays.find((stay) => stay.spaceId === spaceId && stay.spaceName)?.spaceName;
	return { spaceId, ...(name === undefined ? {} : { spaceName: name }) };
}
