import { validateFieldType } from 'n8n-workflow';
import type { INode, NodeOperationError } from 'n8n-workflow';

import { refusal } from '../transport';

/**
 * The spec's charsets and limits as rules that check a value before any request is sent.
 * Each rule says in words what it wants, so the error can name the field and the rule.
 */
export interface Rule {
	describe: string;
	test(value: unknown): boolean;
	/** The characters a text may hold, one character each: lets an error name the ones it may not. */
	charset?: RegExp;
}

/** One allowed character each (tested one code point at a time). */
const CHARSET = {
	// Spec, Conventions: letters, digits, space and ! @ # $ & ( ) - . + , / and the double quote.
	NAME: /^[A-Za-z0-9 !@#$&()\-.+,/"]$/,
	ID: /^[A-Za-z0-9_-]$/,
	ALNUM: /^[A-Za-z0-9]$/,
};

/** The characters of `value` that `charset` does not allow, with their 1-based positions. */
function strangers(value: string, charset: RegExp): Array<{ char: string; position: number }> {
	const out: Array<{ char: string; position: number }> = [];
	[...value].forEach((char, i) => {
		if (!charset.test(char)) out.push({ char, position: i + 1 });
	});
	return out;
}

/** A UUID (8-4-4-4-12 hexadecimal digits). */
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

function text(value: unknown, max: number, charset?: RegExp): boolean {
	return (
		typeof value === 'string' &&
		value.length >= 1 &&
		value.length <= max &&
		(!charset || strangers(value, charset).length === 0)
	);
}

export const rules = {
	id: (max: number): Rule => ({
		describe: `1 to ${max} letters, digits, hyphens or underscores`,
		test: (v) => text(v, max, CHARSET.ID),
		charset: CHARSET.ID,
	}),
	uuid: (): Rule => ({
		describe: 'a UUID (8-4-4-4-12 hexadecimal digits)',
		test: (v) => typeof v === 'string' && UUID.test(v),
	}),
	name: (max = 500): Rule => ({
		describe: `1 to ${max} characters: letters, digits, spaces and ! @ # $ & ( ) - . + , / "`,
		test: (v) => text(v, max, CHARSET.NAME),
		charset: CHARSET.NAME,
	}),
	text: (max: number): Rule => ({
		describe: `1 to ${max} characters`,
		test: (v) => text(v, max),
	}),
	alphanumeric: (max: number): Rule => ({
		describe: `1 to ${max} letters or digits`,
		test: (v) => text(v, max, CHARSET.ALNUM),
		charset: CHARSET.ALNUM,
	}),
	integer: (min: number, max: number): Rule => ({
		describe: `a whole number from ${min} to ${max}`,
		test: (v) => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max,
	}),
	number: (min: number, max: number): Rule => ({
		describe: `a number from ${min} to ${max}`,
		test: (v) => typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max,
	}),
	boolean: (): Rule => ({
		describe: 'true or false',
		test: (v) => typeof v === 'boolean',
	}),
	oneOf: (values: readonly (string | number)[]): Rule => ({
		describe: `one of ${values.join(', ')}`,
		test: (v) => values.includes(v as string | number),
	}),
	/** The RSSI filter of a gateway: FAR, NEAR or VERY_NEAR, or a whole number from -127 to 0 (as number or text). */
	rssiFilter: (): Rule => ({
		describe: 'FAR, NEAR, VERY_NEAR or a whole number from -127 to 0',
		test: (v) => parseRssiFilter(v) !== undefined,
	}),
	/** A JSON object, given as an object or as its JSON text. */
	jsonObject: (): Rule => ({
		describe: 'a JSON object such as {"trackingRef": "CONS-1001"}',
		test: (v) => parseJsonObject(v) !== undefined,
	}),
	/** A value that must be present; `why` says when ("given when Is Static is on"). */
	given: (why?: string): Rule => ({
		describe: why ? `given ${why}` : 'given',
		test: (v) => v !== undefined && v !== null && v !== '',
	}),
	/** An array of at most `max` elements; `what` names them ("pieces"). */
	maxItems: (max: number, what: string): Rule => ({
		describe: `at most ${max} ${what}`,
		test: (v) => Array.isArray(v) && v.length <= max,
	}),
	/** A comma-separated list whose every element passes `element`. */
	list: (element: Rule): Rule => ({
		describe: `a comma-separated list, each element ${element.describe}`,
		test: (v) =>
			typeof v === 'string' &&
			v
				.split(',')
				.map((part) => part.trim())
				.every((part) => element.test(part)),
	}),
};

/**
 * A number from an expression, read the way n8n reads typed fields (validateFieldType): numeric
 * text becomes its number. Anything else is returned as it is, for the rule to refuse by name.
 */
export function coerceNumber(value: unknown): unknown {
	if (typeof value !== 'string' || value.trim() === '') return value;
	const result = validateFieldType('', value.trim(), 'number');
	return result.valid && Number.isFinite(result.newValue) ? result.newValue : value;
}

/** A boolean from an expression as n8n reads one: true/false, "true"/"false" (any case), 1/0. */
export function coerceBoolean(value: unknown): unknown {
	if (typeof value === 'boolean') return value;
	if (typeof value !== 'string' && typeof value !== 'number') return value;
	const text = String(value).trim().toLowerCase();
	if (!['true', 'false', '1', '0'].includes(text)) return value;
	const result = validateFieldType('', text, 'boolean');
	return result.valid ? result.newValue : value;
}

/** An id or name given as a number (123 from an expression) is the text of its digits. */
export function coerceText(value: unknown): unknown {
	return typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
}

/** The service's form of an RSSI filter: the keyword, or the number; undefined when it is neither. */
export function parseRssiFilter(value: unknown): string | number | undefined {
	if (typeof value === 'number')
		return Number.isInteger(value) && value >= -127 && value <= 0 ? value : undefined;
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	if (['FAR', 'NEAR', 'VERY_NEAR'].includes(text)) return text;
	if (!/^-?\d{1,3}$/.test(text)) return undefined;
	const n = Number(text);
	return n >= -127 && n <= 0 ? (n === 0 ? 0 : n) : undefined;
}

/** A plain JSON object from an object or its JSON text; undefined when it is neither. */
export function parseJsonObject(value: unknown): Record<string, unknown> | undefined {
	let parsed = value;
	if (typeof value === 'string') {
		try {
			parsed = JSON.parse(value);
		} catch {
			return undefined;
		}
	}
	return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
		? (parsed as Record<string, unknown>)
		: undefined;
}

/** What an expression that yields nothing gives: undefined, null, or empty or blank text. */
export const isNothing = (value: unknown): value is undefined | null | '' =>
	value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * A number option of a collection (Options, Advanced, Summary Options), checked against `rule`:
 * undefined only when the option is not added, so its default applies. An option that is added but
 * whose value is nothing (an expression that yielded undefined, null or empty text) is an error
 * naming the field, never the default: the user asked for a value and did not get one. Both nodes
 * read their number options through it.
 */
export function numberOption(
	node: INode,
	field: string,
	options: Record<string, unknown>,
	name: string,
	rule: Rule,
	itemIndex?: number,
): number | undefined {
	if (!Object.prototype.hasOwnProperty.call(options, name)) return undefined;
	const value = options[name];
	if (isNothing(value)) throw nothingGiven(node, field, value, rule, itemIndex);
	return check(node, field, coerceNumber(value), rule, itemIndex) as number;
}

/**
 * The error for a field that needs a value and got nothing, naming the field, the rule and what
 * came: the user sees that the expression, not the field, is empty.
 */
export function nothingGiven(
	node: INode,
	field: string,
	value: unknown,
	rule: Rule,
	itemIndex?: number,
): NodeOperationError {
	const got = value === undefined ? 'undefined' : value === null ? 'null' : 'empty text';
	return refusal(node, `Invalid ${field}: must be ${rule.describe} (got ${got})`, {
		itemIndex,
		description: `${field} is set, but its value is ${got}: an expression that yields nothing is not replaced by the default. Give it a value, or remove ${field} to use its default. Nothing was sent to the service.`,
	});
}

/** Checks one value; throws a NodeOperationError naming the field and the rule when it fails. */
export function check<T>(node: INode, field: string, value: T, rule: Rule, itemIndex?: number): T {
	if (rule.test(value)) return value;
	const nothingSent = 'Nothing was sent to the service. Correct the value and run the node again.';
	const offenders = rule.charset && typeof value === 'string' ? strangers(value, rule.charset) : [];
	if (offenders.length > 0) {
		// Name the characters at fault rather than listing the whole charset: a user looking at
		// "Vaccine box_1 (2-8°C)" needs to see which two characters to change.
		throw refusal(node, `Invalid ${field}: ${listStrangers(offenders)}`, {
			itemIndex,
			description: `${field} must be ${rule.describe}. ${nothingSent}`,
		});
	}
	throw refusal(node, `Invalid ${field}: must be ${rule.describe} (got ${shown(value)})`, {
		itemIndex,
		description: nothingSent,
	});
}

/** A value as a message quotes it: at most 60 characters, markup characters named after it. */
function shown(value: unknown): string {
	if (typeof value !== 'string') return String(value);
	return quoteText(value.length > 60 ? `${value.slice(0, 60)}…` : value);
}

/**
 * A text a message quotes that the user or a workflow supplied: in double quotes as it is, then
 * each markup character by name and position, since n8n's error toast renders the message as
 * HTML and may drop them from the quote (`"a<b", with "<" (less-than) at position 2`).
 */
export function quoteText(text: string): string {
	const markup = strangers(text, NOT_MARKUP);
	return markup.length > 0 ? `"${text}", with ${listed(markup)}` : `"${text}"`;
}

/** Characters that HTML reads as markup, and the quotes: named in words wherever a message shows one. */
const CHARACTER_NAMES: Record<string, string> = {
	'<': 'less-than',
	'>': 'greater-than',
	'&': 'ampersand',
	'"': 'double quote',
	"'": 'apostrophe',
};

/** One character of anything but markup (tested one code point at a time, as charsets are). */
const NOT_MARKUP = /^[^<>&]$/;

/** Spaces other than the ordinary one, and invisible format characters: shown by code point. */
const UNSEEN = /^[\p{Z}\p{Cf}]$/u;

/**
 * One character as a message shows it: quoted, with its name when a toast could drop it or a
 * quote would hide it (`"<" (less-than)`, `'"' (double quote)`), by code point when it cannot
 * be seen (`U+00A0`), otherwise quoted (`"°"`).
 */
export function quoteCharacter(char: string): string {
	const name = CHARACTER_NAMES[char];
	if (name) return `${char === '"' ? `'"'` : `"${char}"`} (${name})`;
	if (char !== ' ' && UNSEEN.test(char))
		return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
	return JSON.stringify(char);
}

const SHOWN_CHARACTERS = 5;

/** `"_" at position 12 and "°" at position 17` (the first few, then a count). */
function listed(found: Array<{ char: string; position: number }>): string {
	const named = found
		.slice(0, SHOWN_CHARACTERS)
		.map(({ char, position }) => `${quoteCharacter(char)} at position ${position}`);
	const more = found.length - named.length;
	if (more > 0) named.push(`${more} more`);
	return named.length === 1
		? named[0]
		: `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}`;
}

/** `"_" at position 12 and "°" at position 17 are not allowed`. */
const listStrangers = (offenders: Array<{ char: string; position: number }>): string =>
	`${listed(offenders)} ${offenders.length === 1 ? 'is' : 'are'} not allowed`;
