import { NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

import {
	check,
	coerceBoolean,
	coerceNumber,
	coerceText,
	quoteCharacter,
	quoteText,
	rules,
} from '../../nodes/AssetTracking/helpers/validation';

const node = { name: 'Asset Tracking' } as INode;

describe('rules from the spec', () => {
	it.each([
		['id(20)', rules.id(20), ['AST-0001', 'a_b'], ['a/b', '', 'x'.repeat(21), 'a.b']],
		[
			'uuid',
			rules.uuid(),
			['6f1c2a34-8b9d-4e0f-a1b2-c3d4e5f60718'],
			['6f1c2a34', 'zzzzzzzz-8b9d-4e0f-a1b2-c3d4e5f60718'],
		],
		[
			'name',
			rules.name(),
			['Pallet #4 (cold) - A/B, "x" + y'],
			['tab\there', 'semi;colon', 'x'.repeat(501)],
		],
		['alphanumeric(20)', rules.alphanumeric(20), ['04A224B2C35E80'], ['04-A2']],
		[
			'integer(0, 2147483647)',
			rules.integer(0, 2147483647),
			[0, 2147483647],
			[-1, 2147483648, 1.5],
		],
		['number(-90, 90)', rules.number(-90, 90), [-90, 45.5], [90.1, Number.NaN]],
		['oneOf', rules.oneOf(['FAR', 'NEAR', 'VERY_NEAR']), ['NEAR'], ['near', 'CLOSE']],
	])('%s', (_name, rule, good, bad) => {
		for (const value of good as unknown[]) expect(rule.test(value)).toBe(true);
		for (const value of bad as unknown[]) expect(rule.test(value)).toBe(false);
	});

	it('names the field and the rule in the error', () => {
		expect(() => check(node, '"Asset ID"', 'x'.repeat(21), rules.id(20), 2)).toThrow(
			NodeOperationError,
		);
		expect(() => check(node, '"Asset ID"', 'x'.repeat(21), rules.id(20), 2)).toThrow(
			`Invalid "Asset ID": must be 1 to 20 letters, digits, hyphens or underscores (got "${'x'.repeat(21)}")`,
		);
	});

	it('names the characters that are not allowed, and where, instead of the whole charset', () => {
		const error = catchError(() => check(node, '"Name"', 'Vaccine box_1 (2-8°C)', rules.name(), 0));
		expect(error.message).toBe(
			'Invalid "Name": "_" at position 12 and "°" at position 19 are not allowed',
		);
		// The rule itself stays available, in the description.
		expect(error.description).toContain('"Name" must be 1 to 500 characters: letters, digits');
		expect(error.description).toContain('Nothing was sent');

		expect(catchError(() => check(node, '"Asset ID"', 'a/b', rules.id(20))).message).toBe(
			'Invalid "Asset ID": "/" at position 2 is not allowed',
		);
		// Positions count characters as a person sees them, not UTF-16 units.
		expect(catchError(() => check(node, '"Name"', '🙂;x', rules.name())).message).toBe(
			'Invalid "Name": "🙂" at position 1 and ";" at position 2 are not allowed',
		);
		expect(catchError(() => check(node, '"Name"', 'a;b;c;d;e;f;g;h', rules.name())).message).toBe(
			'Invalid "Name": ";" at position 2, ";" at position 4, ";" at position 6, ";" at position 8, ";" at position 10 and 2 more are not allowed',
		);
	});
});

describe("characters in messages, which n8n's error toast renders as HTML", () => {
	it('names markup characters and quotes in words beside the character', () => {
		expect(['<', '>', '&', '"', "'"].map(quoteCharacter)).toEqual([
			'"<" (less-than)',
			'">" (greater-than)',
			'"&" (ampersand)',
			`'"' (double quote)`,
			`"'" (apostrophe)`,
		]);
	});

	it('shows a character that cannot be seen by its code point, and any other as it is', () => {
		expect(['\u00a0', '\u200b', '\ufeff', '°', '_', ' '].map(quoteCharacter)).toEqual([
			'U+00A0',
			'U+200B',
			'U+FEFF',
			'"°"',
			'"_"',
			'" "',
		]);
	});

	it('every character a charset refuses is named, in every rule with a charset', () => {
		for (const [label, rule] of [
			['"Name"', rules.name()],
			['"Asset ID"', rules.id(20)],
			['"NFC ID"', rules.alphanumeric(20)],
		] as const) {
			const message = catchError(() => check(node, label, 'a<b>c', rule)).message;
			expect(message).toContain(
				'"<" (less-than) at position 2 and ">" (greater-than) at position 4',
			);
		}
		// NAME allows the ampersand; the ID charset does not.
		expect(catchError(() => check(node, '"Asset ID"', 'a&b', rules.id(20))).message).toBe(
			'Invalid "Asset ID": "&" (ampersand) at position 2 is not allowed',
		);
		expect(catchError(() => check(node, '"Asset ID"', 'a"b', rules.id(20))).message).toBe(
			`Invalid "Asset ID": '"' (double quote) at position 2 is not allowed`,
		);
		expect(catchError(() => check(node, '"Name"', 'Box\u00a01', rules.name())).message).toBe(
			'Invalid "Name": U+00A0 at position 4 is not allowed',
		);
	});

	it('a quoted value keeps its text and names its markup characters after it', () => {
		expect(quoteText('a<b')).toBe('"a<b", with "<" (less-than) at position 2');
		expect(quoteText('Depot "South"')).toBe('"Depot "South""');
		expect(catchError(() => check(node, '"Limit"', '<5', rules.integer(1, 10))).message).toBe(
			'Invalid "Limit": must be a whole number from 1 to 10 (got "<5", with "<" (less-than) at position 1)',
		);
		// Six or more: the first five, then a count.
		expect(quoteText('<<<<<<<')).toBe(
			'"<<<<<<<", with "<" (less-than) at position 1, "<" (less-than) at position 2, "<" (less-than) at position 3, "<" (less-than) at position 4, "<" (less-than) at position 5 and 2 more',
		);
	});
});

describe('values from expressions, read as n8n reads typed fields', () => {
	it('booleans: true/false, their text in any case, 1/0; anything else left for the rule to refuse', () => {
		expect([true, false, 'true', 'FALSE', ' false ', 1, 0, '1'].map(coerceBoolean)).toEqual([
			true,
			false,
			true,
			false,
			false,
			true,
			false,
			true,
		]);
		expect(['yes', '', 'falsey', 2, null].map(coerceBoolean)).toEqual([
			'yes',
			'',
			'falsey',
			2,
			null,
		]);
		expect(rules.boolean().test(coerceBoolean('nope'))).toBe(false);
	});

	it('numbers: numeric text becomes its number; other text stays text', () => {
		expect(['12', ' -3.5 ', '1e3', 7].map(coerceNumber)).toEqual([12, -3.5, 1000, 7]);
		expect(['12abc', '', ' ', 'NaN', true].map(coerceNumber)).toEqual([
			'12abc',
			'',
			' ',
			'NaN',
			true,
		]);
	});

	it('ids: a number is the text of its digits', () => {
		expect(coerceText(123)).toBe('123');
		expect(rules.id(20).test(coerceText(123))).toBe(true);
		expect(coerceText(Number.NaN)).toBeNaN();
	});
});

function catchError(fn: () => unknown): NodeOperationError {
	try {
		fn();
	} catch (error) {
		return error as NodeOperationError;
	}
	throw new Error('expected an error');
}
