// Request validation against the spec's rules. Every failure is a 400 whose detail names the
// offending field (as a dotted path, e.g. assets.3.name), so client authors can see what broke.
import { CHARSET_RE, CHARSET_WORDS, UUID_RE, type Charset } from './charsets';
import { badRequest } from './errors';

export type Obj = Record<string, unknown>;

export function object(value: unknown, field: string): Obj {
	if (typeof value !== 'object' || value === null || Array.isArray(value))
		throw badRequest(`${field} must be a JSON object`);
	return value as Obj;
}

export function onlyKeys(obj: Obj, allowed: readonly string[], field: string): void {
	for (const k of Object.keys(obj)) {
		if (!allowed.includes(k))
			throw badRequest(
				`${field === 'body' ? '' : field + '.'}${k} is not a known property of ${field}`,
			);
	}
}

export function array(value: unknown, field: string, maxItems: number): unknown[] {
	if (!Array.isArray(value)) throw badRequest(`${field} must be an array`);
	if (value.length > maxItems) throw badRequest(`${field} must have at most ${maxItems} items`);
	return value;
}

interface StringRule {
	required?: boolean;
	max: number;
	charset?: Charset;
	enum?: readonly string[];
}

export function str(
	obj: Obj,
	key: string,
	field: string,
	rule: StringRule & { required: true },
): string;
export function str(obj: Obj, key: string, field: string, rule: StringRule): string | undefined;
export function str(obj: Obj, key: string, field: string, rule: StringRule): string | undefined {
	const v = obj[key];
	if (v === undefined) {
		if (rule.required) throw badRequest(`${field} is required`);
		return undefined;
	}
	return checkString(v, field, rule);
}

export function checkString(v: unknown, field: string, rule: StringRule): string {
	if (typeof v !== 'string') throw badRequest(`${field} must be a string`);
	if (v.length > rule.max) throw badRequest(`${field} must be at most ${rule.max} characters`);
	if (rule.charset && !CHARSET_RE[rule.charset].test(v))
		throw badRequest(`${field} may only contain ${CHARSET_WORDS[rule.charset]}`);
	if (rule.enum && !rule.enum.includes(v))
		throw badRequest(`${field} must be one of ${rule.enum.join(', ')}`);
	return v;
}

export function bool(obj: Obj, key: string, field: string): boolean | undefined {
	const v = obj[key];
	if (v === undefined) return undefined;
	if (typeof v !== 'boolean') throw badRequest(`${field} must be true or false`);
	return v;
}

export function num(
	obj: Obj,
	key: string,
	field: string,
	rule: { min: number; max: number; integer?: boolean },
): number | undefined {
	const v = obj[key];
	if (v === undefined) return undefined;
	if (typeof v !== 'number' || !Number.isFinite(v)) throw badRequest(`${field} must be a number`);
	if (rule.integer && !Number.isInteger(v)) throw badRequest(`${field} must be a whole number`);
	if (v < rule.min || v > rule.max)
		throw badRequest(`${field} must be from ${rule.min} to ${rule.max}`);
	return v;
}

/**
 * Whether a path id follows its resource's id rules. An id that does not can name nothing, so
 * lookups answer it like any unknown id (404, or 403 where the operation documents no 404).
 */
export const isId = (value: string, max: number) =>
	value.length > 0 && value.length <= max && CHARSET_RE.ID.test(value);
export const isUuid = (value: string) => UUID_RE.test(value);

export function requireBody(body: unknown): unknown {
	if (body === undefined) throw badRequest('a JSON request body is required');
	return body;
}

/** 'true' / 'false' query flags (summaryLocations). */
export function flag(query: Record<string, string>, name: string): boolean {
	const v = query[name];
	if (v === undefined || v === 'false') return false;
	if (v === 'true') return true;
	throw badRequest(`${name} must be true or false`);
}
