import type { INodeProperties } from 'n8n-workflow';

import { rules, type Rule } from '../helpers/validation';
import type { ParamReader } from './params';

/** The period of a temperature summary (epoch ms); both ends belong to it. */
export interface Period {
	from: number;
	to: number;
}

const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;
/** The longest period one summary reads: a month of readings, 44,640 of them. */
const MAX_DAYS = 31;

/** The node version from which the summary has a Period choice and is an audit record. */
export const AUDIT_SINCE = 4;

const before = { '@version': [{ _cnd: { lt: AUDIT_SINCE } }] };
const since = { '@version': [{ _cnd: { gte: AUDIT_SINCE } }] };

const PERIODS = ['last24Hours', 'previousDay', 'previousWeek', 'custom'] as const;
type PeriodChoice = (typeof PERIODS)[number];

const fromField: INodeProperties = {
	displayName: 'From',
	name: 'from',
	type: 'dateTime',
	default: '',
	description:
		"Start of the period, included. Empty: 24 hours before To. A time without a time zone is in the workflow's time zone.",
};

const toField: INodeProperties = {
	displayName: 'To',
	name: 'to',
	type: 'dateTime',
	default: '',
	description:
		"End of the period, included. Empty: now. A time without a time zone is in the workflow's time zone. At most 31 days after From.",
};

/**
 * Before version 4, From and To alone. From version 4, a Period choice, whose calendar periods
 * are days and weeks of the workflow's time zone, and From and To under Custom. From and To are
 * declared once per version range: n8n hides a field whose displayOptions name a field (Period)
 * the node's version does not show.
 */
export const periodFields: INodeProperties[] = [
	{ ...fromField, displayOptions: { show: before } },
	{ ...toField, displayOptions: { show: before } },
	{
		displayName: 'Period',
		name: 'period',
		type: 'options',
		default: 'last24Hours',
		description: "Calendar periods are days and weeks in the workflow's time zone",
		options: [
			{
				name: 'Custom',
				value: 'custom',
				description: 'From and To below',
			},
			{
				name: 'Last 24 Hours',
				value: 'last24Hours',
				description: 'The 24 hours up to now',
			},
			{
				name: 'Previous Day',
				value: 'previousDay',
				description: 'Yesterday, from midnight to midnight',
			},
			{
				name: 'Previous Week',
				value: 'previousWeek',
				description: 'Last week, from Monday midnight to the next Monday midnight',
			},
		],
		displayOptions: { show: since },
	},
	{ ...fromField, displayOptions: { show: { period: ['custom'], ...since } } },
	{ ...toField, displayOptions: { show: { period: ['custom'], ...since } } },
];

/**
 * The period of the item: From and To before version 4 (readFromTo); from version 4 the Period
 * choice, every end a whole second, as the service's times are, so the output's From and To are
 * the period that was read.
 */
export function readPeriod(p: ParamReader, version: number): Period {
	if (version < AUDIT_SINCE) return readFromTo(p);
	const choice = p.required<PeriodChoice>('period', rules.oneOf(PERIODS));
	const now = Math.floor(Date.now() / SECOND) * SECOND;
	const timeZone = p.ctx.getTimezone();
	switch (choice) {
		case 'last24Hours':
			return { from: now - DAY, to: now };
		case 'previousDay':
			return calendarPeriod(now, timeZone, 1);
		case 'previousWeek':
			return calendarPeriod(now, timeZone, 7);
		default: {
			const { from, to } = readFromTo(p);
			return { from: Math.floor(from / SECOND) * SECOND, to: Math.floor(to / SECOND) * SECOND };
		}
	}
}

/**
 * The previous calendar day (days = 1) or week (7, Monday to Sunday) in `timeZone`, as it was at
 * `now`: from its first midnight to the second before the midnight that ends it. A day of a
 * daylight-saving change has 23 or 25 hours.
 */
function calendarPeriod(now: number, timeZone: string, days: 1 | 7): Period {
	const today = Date.parse(`${wallDate(now, timeZone)}T00:00:00Z`);
	// Days since Monday (getUTCDay: Sunday 0): a week ends at this week's Monday.
	const end = days === 1 ? today : today - ((new Date(today).getUTCDay() + 6) % 7) * DAY;
	const midnight = (wall: number) => zonedTime(new Date(wall).toISOString().slice(0, 19), timeZone);
	return { from: midnight(end - days * DAY), to: midnight(end) - SECOND };
}

/** The date (YYYY-MM-DD) an instant has on the wall clocks of `timeZone`. */
function wallDate(instant: number, timeZone: string): string {
	return new Date(instant + offsetAt(instant, timeZone)).toISOString().slice(0, 10);
}

/**
 * From and To, checked before anything is sent: each a date and time, From not after To, and at
 * most 31 days apart. Empty To is now, empty From 24 hours before To.
 */
function readFromTo(p: ParamReader): Period {
	const timeZone = p.ctx.getTimezone();
	const dateTime: Rule = {
		describe: 'a date and time such as 2026-01-01T08:00:00Z',
		test: (value) => Number.isFinite(parseDateTime(value, timeZone)),
	};
	const read = (name: string) => {
		const value = p.optional<unknown>(name, dateTime);
		return value === undefined ? undefined : parseDateTime(value, timeZone);
	};
	const to = read('to') ?? Date.now();
	const from = read('from') ?? to - DAY;
	p.check('"From"', isoTime(from), {
		describe: `at or before "To" (${isoTime(to)})`,
		test: () => from <= to,
	});
	p.check('"From"', isoTime(from), {
		describe: `at most ${MAX_DAYS} days before "To" (${isoTime(to)})`,
		test: () => to - from <= MAX_DAYS * DAY,
	});
	return { from, to };
}

/** A time as the output of versions 1 to 3 shows it: ISO 8601 in UTC, without milliseconds when it has none. */
export const isoTime = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/** A time in the service's format (YYYY-MM-DDTHH:MM:SSZ, UTC): the output's from version 4. */
export const serviceTime = (ms: number) => new Date(ms).toISOString().slice(0, 19) + 'Z';

const WITH_ZONE = /(Z|[+-]\d\d(:?\d\d)?)$/i;
const LOCAL = /^\d{4}-\d\d-\d\d(T\d\d:\d\d(:\d\d(\.\d+)?)?)?$/;

/**
 * A date and time as n8n's Date & Time field or an expression gives it (epoch ms; NaN when it is
 * none): ISO text with a zone, ISO text without one (in `timeZone`, the workflow's, as n8n's
 * date picker means it), a JavaScript Date, a Luxon DateTime ({{ $now }}), or epoch milliseconds.
 */
function parseDateTime(value: unknown, timeZone: string): number {
	if (value instanceof Date) return value.getTime();
	if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN;
	if (value && typeof value === 'object' && 'toMillis' in value) {
		const toMillis = (value as { toMillis: unknown }).toMillis;
		return typeof toMillis === 'function' ? Number(toMillis.call(value)) : Number.NaN;
	}
	if (typeof value !== 'string') return Number.NaN;
	const text = value.trim();
	if (WITH_ZONE.test(text) && /^\d{4}-/.test(text)) return Date.parse(text);
	if (!LOCAL.test(text)) return Number.NaN;
	return zonedTime(text.includes('T') ? text : `${text}T00:00:00`, timeZone);
}

/** A wall-clock time without zone, as it reads in `timeZone`, in epoch ms. */
function zonedTime(local: string, timeZone: string): number {
	const wall = Date.parse(`${local}Z`);
	if (!Number.isFinite(wall)) return Number.NaN;
	// The zone's offset at that wall time, asked twice: a wall time near a daylight-saving change
	// has the offset of the instant it names, not of the instant the first guess lands on.
	const first = wall - offsetAt(wall, timeZone);
	return wall - offsetAt(first, timeZone);
}

/** How far `timeZone` runs ahead of UTC at an instant (ms); 0 for a zone Intl does not know. */
function offsetAt(instant: number, timeZone: string): number {
	let parts: Intl.DateTimeFormatPart[];
	try {
		parts = new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		}).formatToParts(new Date(instant));
	} catch {
		return 0;
	}
	const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
	const asWall = Date.UTC(
		part('year'),
		part('month') - 1,
		part('day'),
		part('hour'),
		part('minute'),
		part('second'),
	);
	return asWall - Math.floor(instant / 1000) * 1000;
}
