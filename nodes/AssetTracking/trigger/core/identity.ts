import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

/**
 * Hashing: what makes two readings the same reading, and short stable hashes for the state.
 */

export const hash = (text: string, length: number) =>
	createHash('sha1').update(text).digest('base64url').slice(0, length);

/** Serialises a value with object keys sorted, so equal content gives equal text. */
function canonical(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
	if (value && typeof value === 'object') {
		const entries = Object.keys(value as object)
			.sort()
			.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
		return `{${entries.join(',')}}`;
	}
	return JSON.stringify(value) ?? 'null';
}

/** Characters of a location reading's key kept in the state: 24 bits (see seen.ts). */
export const KEY_LENGTH = 4;

/**
 * A reading's content key: a hash of everything it says. lastSeenTimestamp is left out because a
 * summary location keeps growing it while it stays the same location. Only needed to tell apart
 * readings that share a second (location fixes from two gateways); see seen.ts.
 */
export function readingKey(item: IDataObject, length = KEY_LENGTH): string {
	const content = { ...item };
	delete content.lastSeenTimestamp;
	return hash(canonical(content), length);
}

/** A timestamp (epoch ms) as the whole second the state counts in. */
export const secondOf = (ms: number) => Math.floor(ms / 1000);
