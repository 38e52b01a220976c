import type { INodeProperties } from 'n8n-workflow';

import type { Rule } from '../helpers/validation';
import type { ParamReader } from './params';

/** The period of a temperature summary (epoch ms); both ends belong to it. */
export interface Period {
	from: number;
	to: number;
}

const DAY = 24 * 60 * 60_000;
/** The longest period one summary reads: a month of readings, 44,640 of them. */
const MAX_DAYS = 31;

export const periodFields: INodeProperties[] = [
	{
		displayName: 'From',
		name: 'from',
		type: 'dateTime',
		default: '',
		description:
			"Start of the period, included. Empty: 24 hours before To. A time without a time zone is in the workflow's time zone.",
	},
	{
		displayName: 'To',
		name: 'to',
		type: 'dateTime',
		default: '',
		description:
			"End of the period, included. Empty: now. A time without a time zone is in the workflow's time zone. At most 31 days after From.",
	},
];

/**
 * From and To, checked before anything is sent: each a date and time, From not after To, and at
 * most 31 days apart. Empty To is now, empty From 24 hours before To.
 */
export function readPeriod(p: ParamReader): Period {
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

/** A time as the output shows it: ISO 8601 in UTC, without milliseconds when it has none. */
export const isoTime = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

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
