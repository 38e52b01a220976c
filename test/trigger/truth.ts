import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { GeneratedReading, Simulator } from '../../simulator';

// The ground truth of the trigger scenarios, and the one comparison they all make: what the
// simulator generated against what the trigger emitted, by identity key. The readings scenarios
// (Tally) and the events against the oracle (families/compare.ts) both count through KeyCount.

/** The readings the simulator generated of these kinds for these assets, after `after`, up to `upTo`. */
export function groundTruth(
	sim: Simulator,
	kinds: Array<'temperature' | 'location'>,
	assetIds: string[],
	after: number,
	upTo: number,
	/** Late uploads: what had appeared in the lists by then, rather than what was timestamped. */
	byDelivery?: boolean,
): GeneratedReading[] {
	return kinds.flatMap((kind) =>
		sim.readingsGenerated({ kind, assetIds, after, upTo, byDelivery }),
	);
}

/** Emitted identity keys against the expected ones. */
export interface KeyComparison {
	/** Distinct expected keys. */
	expected: number;
	/** Items emitted (each counted, repeats too). */
	emitted: number;
	/** Expected keys never emitted. */
	lost: number;
	/** Emissions beyond the first of each key. */
	duplicated: number;
	/** The key of every emitted item that was not expected, in the order emitted. */
	unexpected: string[];
}

/** Counts emitted identity keys across polls, then compares them with the expected keys. */
export class KeyCount {
	readonly counts = new Map<string, number>();
	private readonly order: string[] = [];

	get emitted(): number {
		return this.order.length;
	}

	add(key: string): void {
		this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
		this.order.push(key);
	}

	compare(expectedKeys: Iterable<string>): KeyComparison {
		const expected = new Set(expectedKeys);
		let lost = 0;
		for (const key of expected) if (!this.counts.has(key)) lost++;
		let duplicated = 0;
		for (const n of this.counts.values()) duplicated += n - 1;
		return {
			expected: expected.size,
			emitted: this.emitted,
			lost,
			duplicated,
			unexpected: this.order.filter((key) => !expected.has(key)),
		};
	}
}

/** Fields the trigger adds to each reading. */
const ADDED = [
	'event',
	'assetId',
	'assetName',
	'bleId',
	'nfcId',
	'crossed',
	'alertAbove',
	'alertBelow',
];

/** Object keys sorted at every level, so equal content compares equal. */
export function canonical(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
	if (value && typeof value === 'object') {
		return `{${Object.keys(value)
			.sort()
			.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
			.join(',')}}`;
	}
	return JSON.stringify(value);
}

/** The reading an output item carries, without what the trigger added. */
export function readingOf(json: IDataObject): IDataObject {
	const out: IDataObject = {};
	for (const [k, v] of Object.entries(json)) if (!ADDED.includes(k)) out[k] = v;
	return out;
}

export const emittedKey = (json: IDataObject) =>
	`${json.assetId}|${json.event}|${canonical(readingOf(json))}`;
export const truthKey = (g: GeneratedReading) => `${g.assetId}|${g.kind}|${canonical(g.reading)}`;

export interface Comparison {
	expected: number;
	emitted: number;
	lost: number;
	duplicated: number;
	/** Emitted but not in the ground truth (e.g. older than the activation): distinct readings. */
	unexpected: number;
}

/** Counts emitted readings across polls and compares them with the simulator's ground truth. */
export class Tally {
	private readonly keys = new KeyCount();

	get emitted(): number {
		return this.keys.emitted;
	}

	add(items: INodeExecutionData[] | null): void {
		for (const item of items ?? []) this.keys.add(emittedKey(item.json));
	}

	compare(truth: GeneratedReading[]): Comparison {
		const { unexpected, ...counts } = this.keys.compare(truth.map(truthKey));
		return { ...counts, unexpected: new Set(unexpected).size };
	}
}

/** Every reading of the ground truth emitted exactly once across the polls tallied, and nothing else. */
export function expectEachOnce(tally: Tally, truth: GeneratedReading[]): void {
	expect(tally.compare(truth)).toMatchObject({ lost: 0, duplicated: 0, unexpected: 0 });
}

/** One poll's items are the ground truth's readings, each once (in any order). */
export function expectItemsAre(
	items: INodeExecutionData[] | null,
	truth: GeneratedReading[],
): void {
	expect(items!.map((i) => emittedKey(i.json)).sort()).toEqual(truth.map(truthKey).sort());
}
