import type { IDataObject, INode, INodeProperties } from 'n8n-workflow';

import { numberOption } from '../core/settings';

/**
 * Reminders while an episode stays open (Remind Every, version 5): consecutive alarms and
 * excursions. Reminder k (1, 2, …) is due at the moment the episode was raised (an alarm's
 * `raisedAt`, an excursion's `detectedAt`) + k × the interval; it is emitted once, at the first
 * reading timestamped at or after that moment that leaves the episode open. A reading that comes
 * after several due moments (a batch, a gap) makes each of them due.
 */
export const REMIND_LABEL = 'Remind Every (Minutes)';

const MINUTE = 60_000;

export const remindOption: INodeProperties = {
	displayName: REMIND_LABEL,
	name: 'remindEveryMinutes',
	type: 'number',
	typeOptions: { minValue: 0 },
	default: 0,
	description:
		'While an alarm or an excursion stays open, Alarm Ongoing or Excursion Ongoing is emitted every so many minutes after it was raised (the first reading at or after each moment). 0 sends no reminder.',
	displayOptions: {
		show: { '/events': ['alarmOngoing', 'excursionOngoing'], '@version': [{ _cnd: { gte: 5 } }] },
	},
};

/** What Alarm Ongoing and Excursion Ongoing need: reminders on. */
export const REMINDERS_NEEDED = `"${REMIND_LABEL}" (Options) above 0`;

/** The interval in ms; 0: off (the option absent, or 0, or a version before 5). */
export function remindEveryMs(node: INode, options: IDataObject, version: number): number {
	if (version < 5) return 0;
	return numberOption(node, options, 'remindEveryMinutes', REMIND_LABEL, 0, 0, 525_600) * MINUTE;
}

/** What a reminder needs of an open, raised episode. */
export interface Reminded {
	startedAt: number;
	/** Reminders already due (emitted or, before the activation, noted). */
	reminders: number;
	peak: number;
}

/**
 * The reminders the reading at `ts` (degrees `value`) makes due for an episode raised at `raisedAt`
 * that it left open; the episode's count moves on. Fields: `reminder`, `openMinutes` (from its
 * start to the due moment), `latestCelsius` (this reading), `peakCelsius` (so far, this reading
 * included).
 */
export function dueReminders(
	episode: Reminded,
	raisedAt: number,
	everyMs: number,
	ts: number,
	value: number,
): IDataObject[] {
	const due: IDataObject[] = [];
	if (everyMs <= 0) return due;
	while (ts >= raisedAt + (episode.reminders + 1) * everyMs) {
		episode.reminders++;
		const moment = raisedAt + episode.reminders * everyMs;
		due.push({
			reminder: episode.reminders,
			openMinutes: Math.round(((moment - episode.startedAt) / MINUTE) * 10) / 10,
			latestCelsius: value,
			peakCelsius: episode.peak,
		});
	}
	return due;
}
