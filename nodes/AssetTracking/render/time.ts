/**
 * Times as the report prints them: on the wall clocks of the workflow's time zone, with the
 * zone's name where it has a common one and its offset from UTC ("29 Nov 2026 07:00 CET, UTC+1").
 * Intl (built into Node) knows the zones; a zone it does not know prints as UTC.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A zone Intl knows, else UTC. */
function knownZone(timeZone: string): string {
	try {
		new Intl.DateTimeFormat('en-US', { timeZone });
		return timeZone;
	} catch {
		return 'UTC';
	}
}

/** How far the zone runs ahead of UTC at an instant (ms). */
export function offsetAt(ms: number, timeZone: string): number {
	const name = zoneName(ms, timeZone, 'en-US', 'longOffset'); // "GMT+01:00", "GMT" for +0
	const m = /([+-])(\d\d):(\d\d)/.exec(name);
	return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000 : 0;
}

function zoneName(
	ms: number,
	timeZone: string,
	locale: string,
	style: 'short' | 'longOffset',
): string {
	return (
		new Intl.DateTimeFormat(locale, { timeZone: knownZone(timeZone), timeZoneName: style })
			.formatToParts(new Date(ms))
			.find((part) => part.type === 'timeZoneName')?.value ?? ''
	);
}

/** The offset as people write it: UTC+1, UTC-5, UTC+5:30. */
function offsetWords(ms: number, timeZone: string): string {
	const minutes = Math.round(offsetAt(ms, timeZone) / 60_000);
	const sign = minutes < 0 ? '-' : '+';
	const abs = Math.abs(minutes);
	const rest = abs % 60;
	return `UTC${sign}${Math.floor(abs / 60)}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/**
 * The zone's common abbreviation at an instant (CET, EST, GMT, UTC), in British or American use;
 * none where both give only an offset (GMT+11).
 */
function zoneAbbreviation(ms: number, timeZone: string): string | undefined {
	for (const locale of ['en-GB', 'en-US']) {
		const name = zoneName(ms, timeZone, locale, 'short');
		if (/^[A-Z]{2,5}$/.test(name)) return name;
	}
	return undefined;
}

/** The zone at an instant in words: "CET, UTC+1"; "UTC" for UTC; "UTC+11" without a name. */
export function zoneWords(ms: number, timeZone: string): string {
	const offset = offsetWords(ms, timeZone);
	const abbreviation = zoneAbbreviation(ms, timeZone);
	if (!abbreviation || abbreviation === 'UTC') return offset === 'UTC+0' ? 'UTC' : offset;
	return `${abbreviation}, ${offset}`;
}

/** The wall clock's date and time: "29 Nov 2026 07:00" (seconds only when there are any). */
export function wallTime(ms: number, timeZone: string): string {
	const d = new Date(ms + offsetAt(ms, timeZone));
	const two = (n: number) => String(n).padStart(2, '0');
	const seconds = d.getUTCSeconds() ? `:${two(d.getUTCSeconds())}` : '';
	return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}${seconds}`;
}

/** A time in full: "29 Nov 2026 07:00 CET, UTC+1". */
export const fullTime = (ms: number, timeZone: string) =>
	`${wallTime(ms, timeZone)} ${zoneWords(ms, timeZone)}`;

/** A time in a table, the zone by its short name: "29 Nov 2026 07:00 CET" ("… UTC+11" without one). */
export function shortTime(ms: number, timeZone: string): string {
	const abbreviation = zoneAbbreviation(ms, timeZone);
	return `${wallTime(ms, timeZone)} ${abbreviation ?? offsetWords(ms, timeZone)}`;
}

/** A day and month on the wall clock ("29 Nov"), and its hours and minutes ("07:00"). */
export function wallParts(ms: number, timeZone: string): { day: string; clock: string } {
	const d = new Date(ms + offsetAt(ms, timeZone));
	const two = (n: number) => String(n).padStart(2, '0');
	return {
		day: `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`,
		clock: `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`,
	};
}
