// Paging: the limit parameter and the nextToken format.
//
// nextToken is opaque and deliberately hostile: it always contains + / & # " and , so a client
// that forgets to percent-encode it (or decodes '+' as a space, as form decoding does) breaks
// visibly. Shape: <kind>+<payload>/&#"<listHash>,<mac>
//   kind     'p' = offset position (static lists), 'k' = keyset cursor (reading lists)
//   listHash identifies the list the token was issued for (operation, path params, filters)
//   mac      a keyed hash over the rest, so edited or foreign tokens are refused with 400
// All characters are in the spec's TOKEN charset (no backtick, no space).
import { TOKEN_RE } from './charsets';
import { badRequest } from './errors';
import { hash32 } from './prng';
import type { ReadingKey } from './readings/query';

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 10_000;
const MAX_TOKEN_LENGTH = 5000;
const TOKEN_SHAPE = /^([pk])\+([0-9a-z.]{1,40})\/&#"([0-9a-z]{1,8}),([0-9a-z]{1,8})$/;

export function parseLimit(raw: string | undefined): number {
	if (raw === undefined) return DEFAULT_LIMIT;
	if (!/^[0-9]{1,6}$/.test(raw)) throw badRequest('limit must be a whole number from 1 to 10000');
	const n = Number(raw);
	if (n < 1 || n > MAX_LIMIT) throw badRequest('limit must be a whole number from 1 to 10000');
	return n;
}

/** Identifies one list: same operation, path params and filters = same list. */
export function listKey(operation: string, parts: Record<string, string | undefined>): string {
	const filters = Object.keys(parts)
		.sort()
		.filter((k) => parts[k] !== undefined)
		.map((k) => `${k}=${parts[k]}`)
		.join('&');
	return `${operation}?${filters}`;
}

export class Paging {
	constructor(private readonly secret: string) {}

	private seal(kind: string, payload: string, list: string): string {
		const listHash = hash32(list).toString(36);
		const body = `${kind}+${payload}/&#"${listHash}`;
		const token = `${body},${hash32(this.secret, body).toString(36)}`;
		if (token.length > MAX_TOKEN_LENGTH || !TOKEN_RE.test(token))
			throw new Error(`bad token ${token}`);
		return token;
	}

	private open(token: string, list: string, kind: 'p' | 'k'): string {
		const m = TOKEN_SHAPE.exec(token);
		if (!m)
			throw badRequest(
				'nextToken is malformed. Pass back the nextToken of the previous page unchanged',
				'InvalidNextToken',
			);
		const body = `${m[1]}+${m[2]}/&#"${m[3]}`;
		if (m[4] !== hash32(this.secret, body).toString(36) || m[1] !== kind) {
			throw badRequest('nextToken is not valid', 'InvalidNextToken');
		}
		if (m[3] !== hash32(list).toString(36)) {
			throw badRequest('nextToken was not issued for this list', 'InvalidNextToken');
		}
		return m[2];
	}

	offsetToken(list: string, position: number): string {
		return this.seal('p', position.toString(36), list);
	}

	readOffset(token: string | undefined, list: string): number {
		if (token === undefined) return 0;
		const payload = this.open(token, list, 'p');
		if (!/^[0-9a-z]+$/.test(payload))
			throw badRequest('nextToken is not valid', 'InvalidNextToken');
		return parseInt(payload, 36);
	}

	keysetToken(list: string, key: ReadingKey): string {
		return this.seal('k', `${key.t.toString(36)}.${key.seq.toString(36)}`, list);
	}

	readKeyset(token: string | undefined, list: string): ReadingKey | null {
		if (token === undefined) return null;
		const payload = this.open(token, list, 'k');
		const m = /^([0-9a-z]+)\.([0-9a-z]+)$/.exec(payload);
		if (!m) throw badRequest('nextToken is not valid', 'InvalidNextToken');
		return { t: parseInt(m[1], 36), seq: parseInt(m[2], 36) };
	}

	/** One page of an in-memory list with offset tokens. */
	page<T>(
		all: readonly T[],
		list: string,
		query: Record<string, string>,
	): { items: T[]; nextToken?: string } {
		const limit = parseLimit(query.limit);
		const offset = this.readOffset(query.nextToken, list);
		const items = all.slice(offset, offset + limit);
		const end = offset + items.length;
		return end < all.length ? { items, nextToken: this.offsetToken(list, end) } : { items };
	}
}
