import type { IDataObject } from 'n8n-workflow';

/**
 * The words the events' `summary` sentences share (each family writes its sentence from an
 * item's fields; poll/items.ts adds it to version 4 items). Plain text, so a Slack message, an email or
 * a sheet's cell shows it as it is; a field a sample could not fill reads as what stands for it.
 */
export function text(value: unknown, missing: string): string {
	return value === null || value === undefined || value === '' ? missing : String(value);
}

/** The asset as a person names it: "Asset Pallet 7" (its ID when it has no name). */
export const assetOf = (item: IDataObject) =>
	`Asset ${text(item.assetName ?? item.assetId, 'unknown')}`;

export const celsius = (value: unknown) => `${text(value, '?')} °C`;

/**
 * How a sentence writes a moment. Version 4 writes the service's timestamps as they are (ISO, UTC);
 * from version 5 a person reads them in the workflow's time zone, "27 Nov 09:25 CET" (the items'
 * fields stay ISO in UTC). poll/items.ts picks one per node version.
 */
export interface Words {
	/** The moment alone: "since 27 Nov 09:25 CET". */
	time(value: unknown): string;
	/** The moment as the end of a sentence: "at 27 Nov 09:25 CET". */
	at(value: unknown): string;
	/** The node's version the sentences are for (version 6: a stay that ended is told in the past). */
	version: number;
}

const UNKNOWN_TIME = 'an unknown time';

function wordsOf(time: (value: unknown) => string, version: number): Words {
	return { time, at: (value) => `at ${time(value)}`, version };
}

/** Version 4: the service's timestamps as they are. */
export const serviceWords: Words = wordsOf((value) => text(value, UNKNOWN_TIME), 4);

/**
 * The months as the sentences write them: from a table, not Intl's short month, which differs
 * between ICU versions (British English "Sept" since ICU 72, "Sep" before), so a sentence does not
 * depend on the Node.js n8n runs on.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** From version 5: day, month, 24-hour time and the zone's abbreviation, in `timeZone`. */
export function localWords(timeZone: string, version = 5): Words {
	const clock = new Intl.DateTimeFormat('en-GB', {
		timeZone,
		day: 'numeric',
		month: 'numeric',
		hour: '2-digit',
		minute: '2-digit',
		hourCycle: 'h23',
	});
	// An abbreviation where a locale knows one (CET in British English, EST in American), else
	// the offset (GMT+5:30).
	const zones = ['en-GB', 'en-US'].map(
		(locale) => new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }),
	);
	const part = (parts: Intl.DateTimeFormatPart[], type: string) =>
		parts.find((p) => p.type === type)?.value ?? '';
	return wordsOf((value) => {
		const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
		if (Number.isNaN(ms)) return text(value, UNKNOWN_TIME);
		const parts = clock.formatToParts(ms);
		const names = zones.map((zone) => part(zone.formatToParts(ms), 'timeZoneName'));
		const zone = names.find((name) => !/^GMT[+-]/.test(name)) ?? names[0];
		const month = MONTHS[Number(part(parts, 'month')) - 1];
		// With a numeric month British English pads the day ("02/07"): the day as a number.
		return `${Number(part(parts, 'day'))} ${month} ${part(parts, 'hour')}:${part(parts, 'minute')} ${zone}`;
	}, version);
}

/** A subject as a person names it: "Consignment REF-1042" (its ID when it has no name or reference). */
export const subjectOf = (noun: string, name: unknown, id: unknown) =>
	`${noun} ${text(name ?? id, 'unknown')}`;

/** A consignment event's subject: its tracking reference, else its ID. */
export const consignmentOf = (item: IDataObject) =>
	subjectOf('Consignment', item.trackingRef, item.consignmentId);

/**
 * " in Freezer 1": the space an item names (from version 5, which gives `spaceName` beside its
 * `spaceId`: "in space <id>" when the service names none); nothing for an item without one.
 */
export const inSpace = (item: IDataObject) =>
	item.spaceName === undefined
		? ''
		: ` in ${item.spaceName === null ? `space ${text(item.spaceId, 'unknown')}` : String(item.spaceName)}`;

/**
 * Version 6: the end of a sentence about an item found late (its readings arrived late, judged on
 * the complete timeline): "; its readings arrived late, found 27 Nov 07:30 CET". Nothing for the
 * rest.
 */
export const lateWords = (item: IDataObject, words: Words) =>
	item.late === true ? `; its readings arrived late, found ${words.time(item.foundAt)}` : '';
