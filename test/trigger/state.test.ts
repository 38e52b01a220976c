import {
	advanceCursor,
	emptyState,
	floorOf,
	isNew,
	loadState,
	readingKey,
	serialiseState,
	type Cursor,
} from '../../nodes/AssetTracking/trigger/cursor';
import {
	DISTRUSTED,
	dueSlots,
	embedIsQuiet,
	nextTrust,
	observe,
	VERIFY_EVERY_MS,
	verifySlot,
} from '../../nodes/AssetTracking/trigger/hint';
import { mapWithLimit } from '../../nodes/AssetTracking/trigger/pool';
import type { Reading } from '../../nodes/AssetTracking/trigger/types';

const fix = (second: number, latitude: number, extra = {}): Reading => ({
	ts: second * 1000,
	item: {
		timestamp: new Date(second * 1000).toISOString().slice(0, 19) + 'Z',
		coordinate: { latitude, longitude: 1 },
		...extra,
	},
});

describe('reading keys', () => {
	it('are short, stable under key order, and ignore lastSeenTimestamp', () => {
		const a = readingKey({ timestamp: 'T', coordinate: { latitude: 1, longitude: 2 } });
		expect(a).toHaveLength(8);
		expect(readingKey({ coordinate: { longitude: 2, latitude: 1 }, timestamp: 'T' })).toBe(a);
		expect(
			readingKey({
				timestamp: 'T',
				coordinate: { latitude: 1, longitude: 2 },
				lastSeenTimestamp: 'X',
			}),
		).toBe(a);
		expect(readingKey({ timestamp: 'T', coordinate: { latitude: 1.1, longitude: 2 } })).not.toBe(a);
	});
});

describe('cursor', () => {
	it('holds the newest second and the keys of every reading at it', () => {
		const cursor = advanceCursor(undefined, [fix(10, 1), fix(12, 2), fix(12, 3), fix(11, 4)]);
		expect(cursor.ts).toBe(12_000);
		expect(cursor.keys.sort()).toEqual(
			[readingKey(fix(12, 2).item), readingKey(fix(12, 3).item)].sort(),
		);
	});

	it('a twin arriving later at the cursor second is new, the known one is not', () => {
		const cursor = advanceCursor(undefined, [fix(12, 2)]);
		const floor = floorOf(cursor);
		const known = fix(12, 2);
		const twin = fix(12, 3);
		expect(isNew(known, floor, () => readingKey(known.item))).toBe(false);
		expect(isNew(twin, floor, () => readingKey(twin.item))).toBe(true);
		expect(isNew(fix(11, 9), floor, () => 'x')).toBe(false);
		expect(isNew(fix(13, 9), floor, () => 'x')).toBe(true);
		// After the twin: both keys at the same second.
		expect(advanceCursor(cursor, [twin, known]).keys).toHaveLength(2);
	});

	it('never moves back, and an asset without readings stays "known, nothing seen"', () => {
		const cursor: Cursor = { ts: 20_000, keys: ['k'] };
		expect(advanceCursor(cursor, [fix(10, 1)])).toEqual(cursor);
		expect(advanceCursor(undefined, [])).toEqual({ ts: null, keys: [] });
	});
});

describe('saved state', () => {
	it('round-trips through its compact static data form', () => {
		const state = emptyState('fp');
		state.watermark = 1_767_225_600_000;
		state.lastPoll = 1_800_000_000_000;
		state.hints = { temperature: { order: 'n', newest: 2, trust: 5 }, location: { order: 'o' } };
		state.cursors.set('A1', {
			temperature: { ts: 1_767_225_600_000, keys: ['abcdefgh', 'ijklmnop'] },
			location: { ts: null, keys: [] },
		});
		state.cursors.set('A2', {
			temperature: { ts: 1_767_225_660_000, keys: ['qrstuvwx'] },
			location: { ts: 1_767_225_500_000, keys: ['y'] },
		});
		const saved = JSON.parse(JSON.stringify(serialiseState(state, ['temperature', 'location'])));
		expect(saved.a.A1).toBe('mjuohs00.abcdefgh.ijklmnop|-');
		expect(loadState(saved, ['temperature', 'location'], 'fp')).toEqual({
			...state,
			hints: {
				temperature: { order: 'n', newest: 2, trust: 5 },
				location: { order: 'o', newest: undefined, trust: undefined },
			},
		});
	});

	it('is dropped when the scope fingerprint or the version differs', () => {
		const saved = serialiseState(emptyState('fp'), ['temperature']);
		expect(loadState(saved, ['temperature'], 'other')).toBeNull();
		expect(loadState({ ...saved, v: 0 }, ['temperature'], 'fp')).toBeNull();
		expect(loadState({}, ['temperature'], 'fp')).toBeNull();
	});
});

describe("the asset list's embedded readings", () => {
	const cursor = advanceCursor(undefined, [fix(12, 2), fix(12, 3)]);

	it('call an asset quiet only when they show exactly what the cursor stands on', () => {
		expect(embedIsQuiet([fix(12, 3)], cursor)).toBe(true);
		expect(embedIsQuiet([fix(13, 3)], cursor)).toBe(false);
		expect(embedIsQuiet([fix(12, 4)], cursor)).toBe(false);
		expect(embedIsQuiet([], cursor)).toBe(false);
		expect(embedIsQuiet(undefined, cursor)).toBe(false);
		expect(embedIsQuiet([fix(12, 3)], { ts: null, keys: [] })).toBe(false);
	});

	it('are confirmed when they show the newest reading a list holds', () => {
		expect(observe([fix(14, 5)], cursor, [fix(14, 5), fix(13, 1), fix(12, 2)], false)).toBe(
			'confirmed',
		);
		// No older reading in the list: an oldest-first embed of a one-reading asset proves nothing.
		expect(observe([fix(14, 5)], undefined, [fix(14, 5)], false)).toBeUndefined();
		expect(
			observe([fix(13, 1)], cursor, [fix(14, 5), fix(13, 1), fix(12, 2)], false),
		).toBeUndefined();
	});

	it('are contradicted when older than a cursor from an earlier poll, and missed when wrongly quiet', () => {
		expect(observe([fix(11, 1)], cursor, [fix(14, 5), fix(11, 1)], false)).toBe('contradicted');
		expect(observe([fix(12, 2)], cursor, [fix(14, 5), fix(12, 2)], true)).toBe('missed');
	});

	it('earn trust by confirmation, lose it for good by contradiction, start over on a miss', () => {
		expect(nextTrust(0, ['confirmed', 'confirmed', undefined])).toBe(1);
		expect(nextTrust(5, [undefined])).toBe(5);
		expect(nextTrust(5, ['confirmed', 'missed'])).toBe(0);
		expect(nextTrust(5, ['confirmed', 'contradicted'])).toBe(DISTRUSTED);
		expect(nextTrust(DISTRUSTED, ['confirmed'])).toBe(DISTRUSTED);
	});

	it('never keep an asset from a full read for more than an hour', () => {
		const slot = verifySlot('AST-0001');
		const dueInHour = new Set<number>();
		const start = 1_800_000_000_000;
		for (let t = start; t < start + VERIFY_EVERY_MS; t += 30_000) {
			const due = dueSlots(t, t + 30_000);
			for (let s = 0; s < 60; s++) if (due(s)) dueInHour.add(s);
		}
		expect(dueInHour.size).toBe(60);
		expect(dueSlots(start, start + VERIFY_EVERY_MS)(slot)).toBe(true);
		expect(dueSlots(null, start)(slot)).toBe(false);
	});
});

describe('bounded concurrency', () => {
	const tick = () => new Promise((resolve) => setImmediate(resolve));

	it('never runs more than the limit at once, and keeps input order', async () => {
		let running = 0;
		let most = 0;
		const results = await mapWithLimit(
			Array.from({ length: 50 }, (_, i) => i),
			7,
			async (i) => {
				running++;
				most = Math.max(most, running);
				await tick();
				running--;
				return i * 2;
			},
		);
		expect(most).toBe(7);
		expect(results).toEqual(Array.from({ length: 50 }, (_, i) => i * 2));
	});

	it('after a failure starts nothing new, lets running tasks finish, then throws the first error', async () => {
		const started: number[] = [];
		let finished = 0;
		const run = mapWithLimit(
			Array.from({ length: 20 }, (_, i) => i),
			4,
			async (i) => {
				started.push(i);
				if (i === 1) throw new Error('boom 1');
				await tick();
				finished++;
				return i;
			},
		);
		await expect(run).rejects.toThrow('boom 1');
		expect(started).toEqual([0, 1, 2, 3]);
		expect(finished).toBe(3);
	});

	it('stops starting tasks once told to, leaving their results undefined', async () => {
		let count = 0;
		const results = await mapWithLimit([1, 2, 3, 4, 5], 1, async (i) => ++count && i, {
			stop: () => count >= 2,
		});
		expect(results).toEqual([1, 2, undefined, undefined, undefined]);
	});
});
