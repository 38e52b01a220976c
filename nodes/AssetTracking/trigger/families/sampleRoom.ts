import type { IDataObject } from 'n8n-workflow';

import {
	DEFAULT_RULE,
	membershipsOf,
	spaceStays,
	type Rule,
	type Rulebook,
} from '../assets/rulebook';
import type { ScopedAsset } from '../assets/types';
import { namedRoom } from './rooms';

/**
 * The room and rule a Fetch Test Event sample of a temperature event is judged by. Version 6: the
 * room the asset is in now when it has a rule of its own (the one entered last), else the default
 * rule in the room it is in (named when it is in one), else (Assets in Spaces, the asset in none
 * of the watched rooms) the first watched room, named as what the sample assumed. Before version
 * 6: the default rule, no room.
 */
export function sampleRoom(
	rules: Rulebook,
	subject: ScopedAsset,
	own: IDataObject[] | undefined,
): { rule: Rule; room: IDataObject } {
	if (!rules.roomsNamed) return { rule: rules.fallback ?? DEFAULT_RULE, room: {} };
	const stays = spaceStays(membershipsOf(subject, own));
	const current = stays.filter((stay) => stay.until === Number.POSITIVE_INFINITY);
	const ruled = current.find((stay) => rules.rooms.has(stay.spaceId));
	if (ruled)
		return { rule: rules.rooms.get(ruled.spaceId)!, room: namedRoom(ruled.spaceId, stays) };
	if (rules.fallback)
		return {
			rule: rules.fallback,
			room: current[0] ? namedRoom(current[0].spaceId, stays) : {},
		};
	const first = [...rules.rooms.values()][0];
	return first
		? { rule: first, room: namedRoom(first.spaceId, stays) }
		: { rule: DEFAULT_RULE, room: {} };
}
