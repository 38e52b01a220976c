// Issue 36's alarm levels and reminders, computed from the simulator's readings and memberships by
// the issue's rules, independently of the trigger (imports nothing from nodes/):
// - a consecutive alarm is an excursion of its own (its delay the Minimum Duration, the trigger's
//   Hysteresis); with spaces, a reading counts only while the asset is in one of them (the one
//   entered last), and a reading outside them, or in another of them, ends an open episode;
// - a cumulative alarm counts readings beyond it from the activation's second, never reset, and is
//   raised once per asset when the count reaches its delay;
// - reminder k of a raised episode is due at raisedAt + k × interval, emitted at the first reading
//   at or after it that leaves the episode open; an episode ended by then gets none.
// Version 6 (issue 45): every item names the room the asset was in at the event's moment (an alarm
// with spaces: the one it was judged in), and a reminder due while an alarm of higher severity and
// the same direction is raised for the asset is skipped, its number used (escalate()).
import type { Membership, TemperaturePoint } from './oracle';

export const MINUTE = 60_000;
const ms = (iso: string) => Date.parse(iso);
const round1 = (v: number) => Math.round(v * 10) / 10;

export interface AlarmSpec {
	name: string;
	direction: 'above' | 'below';
	threshold: number;
	delayMinutes: number;
	counting: 'consecutive' | 'cumulative';
	severity: 'info' | 'warning' | 'critical';
	spaceIds?: string[];
}

/** The issue's first alarm level: Warning above 8 °C for 30 minutes. */
export const WARNING: AlarmSpec = {
	name: 'Warning',
	direction: 'above',
	threshold: 8,
	delayMinutes: 30,
	counting: 'consecutive',
	severity: 'warning',
};

/**
 * Warm: above 8 °C for 5 minutes in a row, a warning. The scenarios' hovering temperatures raise it
 * within minutes; their other alarms are variations of it.
 */
export const WARM: AlarmSpec = {
	name: 'Warm',
	direction: 'above',
	threshold: 8,
	delayMinutes: 5,
	counting: 'consecutive',
	severity: 'warning',
};

/** Cold: Warm's mirror, below 2 °C for 5 minutes in a row. */
export const COLD: AlarmSpec = { ...WARM, name: 'Cold', direction: 'below', threshold: 2 };

export interface Expected {
	/** asset | event | alarm | startedAt (ms) | reminder */
	key: string;
	event: string;
	assetId: string;
	fields: Record<string, unknown>;
	/** A reminder's due moment (ms). */
	due?: number;
}

/** Version 6's options: items name their room; the spans in which the alarm was raised. */
export interface Version6 {
	/** Raised spans [from, until) of a consecutive alarm, pushed here. */
	raised: Array<{ from: number; until: number }>;
}

export const alarmKey = (
	assetId: string,
	event: string,
	alarm: string,
	startedAt: string,
	reminder?: unknown,
) =>
	`${assetId}|${event}|${alarm}|${ms(startedAt)}${reminder === undefined ? '' : `#${String(reminder)}`}`;

/** The space of `spaceIds` the asset was in at t (entered last); null when none. */
function spaceAt(memberships: Membership[], spaceIds: string[] | null, t: number): string | null {
	let best: Membership | undefined;
	for (const m of memberships) {
		if (
			(spaceIds !== null && !spaceIds.includes(m.spaceId)) ||
			m.enteredOn > t ||
			(m.exitedOn !== null && m.exitedOn <= t)
		)
			continue;
		if (!best || m.enteredOn > best.enteredOn) best = m;
	}
	return best ? best.spaceId : null;
}

/**
 * One asset's alarm events for one alarm. Readings at or before `activatedAt` were folded at the
 * activation: their raises, clearings and reminders are not events (a cumulative count starts at
 * the activation's second).
 */
export function expectedAlarm(
	assetId: string,
	readings: TemperaturePoint[],
	memberships: Membership[],
	activatedAt: number,
	alarm: AlarmSpec,
	hysteresis: number,
	remindEveryMinutes = 0,
	/**
	 * The newest reading the activation read (batch uploads: readings that reach the service later
	 * are read after the activation, however old). A consecutive alarm's readings up to it were
	 * folded at the activation; a cumulative one counts from the activation's second whatever.
	 */
	seenAt = activatedAt,
	v6?: Version6,
): Expected[] {
	const sorted = [...readings].sort((a, b) => ms(a.timestamp) - ms(b.timestamp));
	const sign = alarm.direction === 'above' ? 1 : -1;
	const spaces = alarm.spaceIds ?? [];
	const where = (t: number): string | null | undefined =>
		spaces.length === 0 ? undefined : spaceAt(memberships, spaces, t);
	const identity = {
		alarm: alarm.name,
		severity: alarm.severity,
		direction: alarm.direction,
		threshold: alarm.threshold,
		delayMinutes: alarm.delayMinutes,
	};
	const spaceField = (spaceId: string | null | undefined, t: number) => {
		if (!v6) return spaces.length === 0 ? {} : { spaceId: spaceId ?? null };
		const room = spaces.length === 0 ? spaceAt(memberships, null, t) : (spaceId ?? null);
		return room === null ? {} : { spaceId: room };
	};
	const out: Expected[] = [];
	if (alarm.counting === 'cumulative') {
		const start = Math.floor(activatedAt / 1000) * 1000;
		let count = 0;
		let first: string | undefined;
		let peak = -Infinity * sign;
		for (const r of sorted) {
			const t = ms(r.timestamp);
			if (t < start) continue;
			const place = where(t);
			if (place === null || !(sign * r.degreesCelsius > sign * alarm.threshold)) continue;
			count++;
			first ??= r.timestamp;
			peak = sign > 0 ? Math.max(peak, r.degreesCelsius) : Math.min(peak, r.degreesCelsius);
			if (count < alarm.delayMinutes) continue;
			if (t > activatedAt)
				out.push({
					key: alarmKey(assetId, 'alarmRaised', alarm.name, first),
					event: 'alarmRaised',
					assetId,
					fields: {
						...identity,
						startedAt: first,
						raisedAt: r.timestamp,
						totalMinutes: count,
						peakCelsius: peak,
						...spaceField(place, t),
					},
				});
			break;
		}
		return out;
	}
	let open: {
		startedAt: string;
		peak: number;
		raisedAt?: string;
		reminders: number;
		spaceId: string | null | undefined;
	} | null = null;
	const close = (r: TemperaturePoint, t: number) => {
		if (open!.raisedAt !== undefined) v6?.raised.push({ from: ms(open!.raisedAt), until: t });
		if (open!.raisedAt !== undefined && t > seenAt)
			out.push({
				key: alarmKey(assetId, 'alarmCleared', alarm.name, open!.startedAt),
				event: 'alarmCleared',
				assetId,
				fields: {
					...identity,
					startedAt: open!.startedAt,
					raisedAt: open!.raisedAt,
					clearedAt: r.timestamp,
					durationMinutes: round1((t - ms(open!.startedAt)) / MINUTE),
					peakCelsius: open!.peak,
					...spaceField(open!.spaceId, t),
				},
			});
		open = null;
	};
	for (const r of sorted) {
		const t = ms(r.timestamp);
		const v = r.degreesCelsius;
		const place = where(t);
		if (open !== null && open.spaceId !== place) close(r, t);
		if (place === null) continue;
		if (open === null) {
			if (!(sign * v > sign * alarm.threshold)) continue;
			open = { startedAt: r.timestamp, peak: v, reminders: 0, spaceId: place };
		} else if (sign * v <= sign * alarm.threshold - hysteresis) {
			close(r, t);
			continue;
		} else {
			open.peak = sign > 0 ? Math.max(open.peak, v) : Math.min(open.peak, v);
		}
		if (open.raisedAt === undefined && t - ms(open.startedAt) >= alarm.delayMinutes * MINUTE) {
			open.raisedAt = r.timestamp;
			if (ms(open.startedAt) > seenAt)
				out.push({
					key: alarmKey(assetId, 'alarmRaised', alarm.name, open.startedAt),
					event: 'alarmRaised',
					assetId,
					fields: {
						...identity,
						startedAt: open.startedAt,
						raisedAt: r.timestamp,
						peakCelsius: open.peak,
						...spaceField(open.spaceId, t),
					},
				});
		}
		if (open.raisedAt === undefined || remindEveryMinutes <= 0) continue;
		const every = remindEveryMinutes * MINUTE;
		while (t >= ms(open.raisedAt) + (open.reminders + 1) * every) {
			open.reminders++;
			if (t <= seenAt) continue;
			const due = ms(open.raisedAt) + open.reminders * every;
			out.push({
				key: alarmKey(assetId, 'alarmOngoing', alarm.name, open.startedAt, open.reminders),
				event: 'alarmOngoing',
				assetId,
				due,
				fields: {
					...identity,
					startedAt: open.startedAt,
					raisedAt: open.raisedAt,
					reminder: open.reminders,
					openMinutes: round1((due - ms(open.startedAt)) / MINUTE),
					latestCelsius: v,
					peakCelsius: open.peak,
					...spaceField(open.spaceId, t),
				},
			});
		}
	}
	if (open !== null && (open as { raisedAt?: string }).raisedAt !== undefined)
		v6?.raised.push({
			from: ms((open as { raisedAt: string }).raisedAt),
			until: Number.POSITIVE_INFINITY,
		});
	return out;
}

const RANK = { info: 0, warning: 1, critical: 2 };

/**
 * Version 6's escalation over one asset's alarms: each alarm's events and raised spans; a reminder
 * due while an alarm of higher severity and the same direction is raised is dropped.
 */
export function escalate(
	judged: Array<{ alarm: AlarmSpec; events: Expected[]; raised: Version6['raised'] }>,
): Expected[] {
	return judged.flatMap(({ alarm, events }) =>
		events.filter(
			(e) =>
				e.due === undefined ||
				!judged.some(
					(higher) =>
						higher.alarm.direction === alarm.direction &&
						RANK[higher.alarm.severity] > RANK[alarm.severity] &&
						higher.raised.some((span) => span.from <= e.due! && e.due! < span.until),
				),
		),
	);
}

/** An emitted alarm item's identity key, as the oracle writes it. */
export const keyOfAlarmItem = (j: Record<string, unknown>) =>
	alarmKey(
		String(j.assetId),
		String(j.event),
		String(j.alarm),
		String(j.startedAt),
		j.event === 'alarmOngoing' ? j.reminder : undefined,
	);
