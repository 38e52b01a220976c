import type { IDataObject } from 'n8n-workflow';

import type { Period } from '../summaryPeriod';

/** When a stay (a space membership, a facility history entry) began and ended (epoch ms). */
export interface StayTimes {
	entered: number;
	/** null while it goes on; NaN when the service says it ended but not when. */
	exited: number | null;
}

/**
 * A stay's times when it overlaps the period (the asset was there at some moment of it), else
 * undefined. A stay runs from enteredOn up to, not including, exitedOn, as Profiles by Space
 * judge readings. One marked exited without an exitedOn says nothing of when it ended: it counts
 * only when it began within the period, where the asset surely was there.
 */
export function stayInPeriod(
	record: IDataObject | undefined,
	period: Period,
): StayTimes | undefined {
	const entered = Date.parse(String(record?.enteredOn));
	if (!record || Number.isNaN(entered) || entered > period.to) return undefined;
	const exitedOn = typeof record.exitedOn === 'string' ? Date.parse(record.exitedOn) : Number.NaN;
	if (!Number.isNaN(exitedOn))
		return exitedOn > period.from ? { entered, exited: exitedOn } : undefined;
	if (record.hasExited !== true) return { entered, exited: null };
	return entered >= period.from ? { entered, exited: Number.NaN } : undefined;
}

/**
 * A space stay of an asset's JSON entry, as the service's memberships name it: the room, when it
 * entered, whether and when it left (exitedOn null while it is still there, or when the service
 * says it left but not when).
 */
export interface SpaceStay extends IDataObject {
	spaceId: string;
	spaceName: string | null;
	enteredOn: string;
	hasExited: boolean;
	exitedOn: string | null;
}

/** The asset's stays in spaces during the period, from its space history, in the order it entered them. */
export function spaceStays(history: readonly IDataObject[], period: Period): SpaceStay[] {
	return history
		.filter((m) => typeof m?.spaceId === 'string' && stayInPeriod(m, period))
		.map((m) => ({
			spaceId: m.spaceId as string,
			spaceName: typeof m.spaceName === 'string' ? m.spaceName : null,
			enteredOn: String(m.enteredOn),
			hasExited: m.hasExited === true || typeof m.exitedOn === 'string',
			exitedOn: typeof m.exitedOn === 'string' ? m.exitedOn : null,
		}))
		.sort((a, b) => Date.parse(a.enteredOn) - Date.parse(b.enteredOn));
}

/** Whether any of the memberships is a stay in one of the spaces during the period. */
export const stayedIn = (memberships: unknown, spaceIds: ReadonlySet<string>, period: Period) =>
	Array.isArray(memberships) &&
	(memberships as IDataObject[]).some(
		(m) =>
			typeof m?.spaceId === 'string' &&
			spaceIds.has(m.spaceId) &&
			stayInPeriod(m, period) !== undefined,
	);
