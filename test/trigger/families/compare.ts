// Emitted event items against the oracle: identity keys, then the values of the fields that must match.
import type { IDataObject } from 'n8n-workflow';

import { keys, type ExpectedEvent } from './oracle';

const FAMILY: Record<string, 'excursion' | 'space' | 'facility' | 'silence'> = {
	excursionStarted: 'excursion',
	excursionEnded: 'excursion',
	enteredSpace: 'space',
	leftSpace: 'space',
	enteredFacility: 'facility',
	leftFacility: 'facility',
	wentSilent: 'silence',
	reportingAgain: 'silence',
};

export const familyOf = (event: unknown) => FAMILY[String(event)];

/** The identity of an emitted item, as the oracle keys it (null: not an event of these families). */
export function keyOfItem(j: IDataObject): string | null {
	const s = (k: string) => String(j[k]);
	switch (familyOf(j.event)) {
		case 'excursion':
			return keys.excursion(s('assetId'), s('event'), s('direction'), s('startedAt'));
		case 'space':
			return keys.space(s('assetId'), s('event'), s('spaceId'), s('enteredOn'));
		case 'facility':
			return keys.facility(s('assetId'), s('event'), s('facilityId'), s('enteredOn'));
		case 'silence':
			return keys.silence(s('assetId'), s('event'), s('lastSeenAt'));
		default:
			return null;
	}
}

/** An emitted field in the oracle's terms: timestamps become epoch ms where the oracle holds ms. */
function valueOf(j: IDataObject, field: string, expected: unknown): unknown {
	const v = j[field];
	if (typeof expected === 'number' && typeof v === 'string') return Date.parse(v);
	// Timestamps are instants: 00:13:00Z and 00:13:00.000Z are the same one.
	if (typeof expected === 'string' && typeof v === 'string' && ISO.test(expected) && ISO.test(v))
		return Date.parse(v) === Date.parse(expected) ? expected : v;
	return v;
}

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/;

export interface EventComparison {
	expected: number;
	emitted: number;
	lost: number;
	duplicated: number;
	unexpected: string[];
	mismatched: string[];
}

export function compareEvents(expected: ExpectedEvent[], emitted: IDataObject[]): EventComparison {
	const want = new Map(expected.map((e) => [e.key, e]));
	const seen = new Map<string, number>();
	const unexpected: string[] = [];
	const mismatched: string[] = [];
	for (const j of emitted) {
		const key = keyOfItem(j);
		if (key === null) continue;
		seen.set(key, (seen.get(key) ?? 0) + 1);
		const e = want.get(key);
		if (!e) {
			unexpected.push(key);
			continue;
		}
		for (const [field, value] of Object.entries(e.fields)) {
			const got = valueOf(j, field, value);
			if (got !== value)
				mismatched.push(`${key} ${field}: expected ${String(value)}, emitted ${String(got)}`);
		}
	}
	let lost = 0;
	for (const key of want.keys()) if (!seen.has(key)) lost++;
	let duplicated = 0;
	for (const n of seen.values()) duplicated += n - 1;
	return {
		expected: want.size,
		emitted: [...seen.values()].reduce((a, b) => a + b, 0),
		lost,
		duplicated,
		unexpected,
		mismatched,
	};
}

export const line = (c: EventComparison) =>
	`events expected ${c.expected}, emitted ${c.emitted}, lost ${c.lost}, duplicated ${c.duplicated}`;
