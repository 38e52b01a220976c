// Emitted event items against the oracle: identity keys, then the values of the fields that must match.
import type { IDataObject } from 'n8n-workflow';

import { KeyCount, type KeyComparison } from '../truth';
import { keys, type ExpectedEvent } from './oracle';
import { subjectKeys } from './subjectOracle';

export type FamilyLabel =
	| 'excursion'
	| 'space'
	| 'facility'
	| 'silence'
	| 'budget'
	| 'consignment'
	| 'piece'
	| 'arrival'
	| 'completion'
	| 'group'
	| 'printer'
	/** Issue 34's consignment moved in mid-route (scenario.ts), on a line of its own. */
	| 'midRoute';

const FAMILY: Record<string, FamilyLabel> = {
	excursionStarted: 'excursion',
	excursionEnded: 'excursion',
	enteredSpace: 'space',
	leftSpace: 'space',
	enteredFacility: 'facility',
	leftFacility: 'facility',
	wentSilent: 'silence',
	reportingAgain: 'silence',
	budgetConsumed: 'budget',
	consignmentActivated: 'consignment',
	consignmentDeactivated: 'consignment',
	pieceEnteredFacility: 'piece',
	pieceLeftFacility: 'piece',
	consignmentArrived: 'arrival',
	consignmentCompleted: 'completion',
	assetGroupUnavailable: 'group',
	assetGroupAvailable: 'group',
	printerOffline: 'printer',
	printerOnline: 'printer',
};

/** The families of issue 27 (consignments, pieces, asset groups, printers). */
export const SUBJECT_FAMILIES: FamilyLabel[] = [
	'consignment',
	'piece',
	'arrival',
	'completion',
	'group',
	'printer',
];

export const familyOf = (event: unknown) => FAMILY[String(event)];

/**
 * The identity of an emitted item, as the oracle keys it (null: not an event of these families).
 * A group's event is keyed by the change it reports: `groupChange` says which (the latest change
 * of that group's availability at or before the item's observedAt).
 */
export function keyOfItem(
	j: IDataObject,
	groupChange: (groupId: string, observedAt: number) => number | undefined = () => undefined,
): string | null {
	const s = (k: string) => String(j[k]);
	switch (familyOf(j.event)) {
		case 'consignment':
			return subjectKeys.activity(
				s('consignmentId'),
				s('event'),
				s(j.event === 'consignmentActivated' ? 'activatedAt' : 'deactivatedAt'),
			);
		case 'piece':
			return subjectKeys.piece(
				s('consignmentId'),
				s('event'),
				s('pieceId'),
				s('facilityId'),
				s('enteredOn'),
			);
		case 'arrival':
		case 'completion':
			return subjectKeys.shipment(s('consignmentId'), s('event'));
		case 'printer':
			return subjectKeys.printer(s('printerId'), s('event'), s('observedAt'));
		case 'group':
			return subjectKeys.group(
				s('assetGroupId'),
				s('event'),
				groupChange(s('assetGroupId'), Date.parse(s('observedAt'))),
			);
		case 'excursion':
			return keys.excursion(s('assetId'), s('event'), s('direction'), s('startedAt'));
		case 'space':
			return keys.space(s('assetId'), s('event'), s('spaceId'), s('enteredOn'));
		case 'facility':
			return keys.facility(s('assetId'), s('event'), s('facilityId'), s('enteredOn'));
		case 'silence':
			return keys.silence(s('assetId'), s('event'), s('lastSeenAt'));
		case 'budget':
			return keys.budget(s('assetId'), s('event'), Number(j.percent));
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

/** The comparison of one family: the keys' counts, and every field that differs from the oracle. */
export interface EventComparison extends KeyComparison {
	mismatched: string[];
}

export function compareEvents(
	expected: ExpectedEvent[],
	emitted: IDataObject[],
	keyOf: (j: IDataObject) => string | null = keyOfItem,
): EventComparison {
	const want = new Map(expected.map((e) => [e.key, e]));
	const count = new KeyCount();
	const mismatched: string[] = [];
	for (const j of emitted) {
		const key = keyOf(j);
		if (key === null) continue;
		count.add(key);
		const e = want.get(key);
		if (!e) continue;
		for (const [field, value] of Object.entries(e.fields)) {
			const got = valueOf(j, field, value);
			if (got !== value)
				mismatched.push(`${key} ${field}: expected ${String(value)}, emitted ${String(got)}`);
		}
	}
	return { ...count.compare(want.keys()), mismatched };
}

export const line = (c: EventComparison) =>
	`events expected ${c.expected}, emitted ${c.emitted}, lost ${c.lost}, duplicated ${c.duplicated}`;
