import type { IDataObject } from 'n8n-workflow';

import type { AssetTrackingClient } from '../../nodes/AssetTracking/transport';
import { OrderDetector } from '../../nodes/AssetTracking/trigger/assets/order';
import { readNewReadings } from '../../nodes/AssetTracking/trigger/assets/readings';
import {
	advance,
	baseline,
	isNew,
	reachOf,
	startingAfter,
	type KindMemory,
} from '../../nodes/AssetTracking/trigger/assets/seen';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const at = (minute: number, extra: IDataObject = {}) => ({
	timestamp: new Date(T0 + minute * 60_000).toISOString().slice(0, 19) + 'Z',
	degreesCelsius: minute / 10,
	...extra,
});

/** A list served in pages exactly as asked (limit, nextToken = offset), recording the limits. */
function fakeService(items: IDataObject[], maxPage = Infinity) {
	const limits: number[] = [];
	const client = {
		node: { name: 'Asset Tracking Trigger' },
		async request({ qs }: { qs: Record<string, string | undefined> }) {
			const limit = Math.min(Number(qs.limit), maxPage);
			limits.push(Number(qs.limit));
			const offset = qs.nextToken ? Number(qs.nextToken) : 0;
			const page = items.slice(offset, offset + limit);
			const end = offset + page.length;
			return {
				status: 200,
				requestId: 'r',
				body: end < items.length ? { items: page, nextToken: String(end) } : { items: page },
			};
		},
	};
	return { client: client as unknown as AssetTrackingClient, limits };
}

/** Readings after this minute are new (the memory's floor). */
const after = (minute: number) => startingAfter((T0 + minute * 60_000) / 1000);
const EVERYTHING_IS_NEW = startingAfter(Number.NEGATIVE_INFINITY);
/** Two minutes: a baseline reads down to two minutes behind the newest reading. */
const WINDOW_S = 120;

const read = (client: AssetTrackingClient, memory: KindMemory, hint = {}) =>
	readNewReadings(client, {
		assetId: 'A1',
		kind: 'temperature',
		memory,
		full: true,
		windowS: WINDOW_S,
		summaryLocations: false,
		hint,
	});

describe('order detection', () => {
	it('decides on the first two different timestamps and notices disagreement', () => {
		const d = new OrderDetector();
		d.see(5);
		expect(d.order).toBe('unknown');
		d.see(5);
		expect(d.order).toBe('unknown');
		d.see(3);
		expect(d.order).toBe('newestFirst');
		d.see(3);
		d.see(1);
		expect(d.order).toBe('newestFirst');
		d.see(2);
		expect(d.order).toBe('unordered');
	});
});

describe('reading an asset list down to the floor', () => {
	const history = Array.from({ length: 50 }, (_, i) => at(i));

	it('newest first: stops at the first page that reaches the floor', async () => {
		const { client, limits } = fakeService([...history].reverse());
		const result = await read(client, after(47), { order: 'n', newest: 2 });
		expect(result.order).toBe('newestFirst');
		expect(limits).toEqual([3]);
		expect(result.readings.map((r) => r.item.timestamp)).toEqual(
			[at(49), at(48), at(47)].map((x) => x.timestamp),
		);
	});

	it('newest first: reads down to the floor of the window, past readings already seen', async () => {
		// The memory remembers minutes 41..47 (the window behind 47); new readings 48, 49 and a
		// late 44 can only be found by reading down to the floor at 40.
		const memory: KindMemory = {
			floor: (T0 + 40 * 60_000) / 1000,
			newest: (T0 + 47 * 60_000) / 1000,
			seen: new Set([41, 42, 43, 45, 46, 47].map((m) => String((T0 + m * 60_000) / 1000))),
		};
		const { client, limits } = fakeService([...history].reverse());
		const result = await read(client, memory, { order: 'n', newest: 2 });
		// First page: 6 remembered + 2 new + 1 older; the late 44 needs one more page.
		expect(limits[0]).toBe(9);
		expect(limits).toHaveLength(2);
		expect(result.readings.some((r) => r.item.timestamp === at(40).timestamp)).toBe(true);
		expect(result.readings.map((r) => r.item.timestamp)).toContain(at(44).timestamp);
	});

	it('between sweeps a read stops at the newest reading seen, and the floor stays for the sweep', async () => {
		// Minutes 41..47 remembered except 44, which arrives late; 48 and 49 are new. The asset
		// list showed 49 as the newest reading: the first page holds 49, 48 and the known 47.
		const memory: KindMemory = {
			floor: (T0 + 40 * 60_000) / 1000,
			newest: (T0 + 47 * 60_000) / 1000,
			seen: new Set([41, 42, 43, 45, 46, 47].map((m) => String((T0 + m * 60_000) / 1000))),
		};
		const list = [...history].reverse();
		const newestOnly = fakeService(list);
		const horizon = (T0 + 49 * 60_000) / 1000;
		const quick = await readNewReadings(newestOnly.client, {
			assetId: 'A1',
			kind: 'temperature',
			memory,
			full: false,
			horizon,
			windowS: WINDOW_S,
			summaryLocations: false,
			hint: { order: 'n' },
		});
		expect(newestOnly.limits).toEqual([3]);
		expect(quick.readings.map((r) => (r.ts - T0) / 60_000)).toEqual([49, 48, 47]);
		const between = advance(memory, 'temperature', quick.readings, WINDOW_S, false);
		expect(between.floor).toBe(memory.floor);
		expect(between.newest).toBe(horizon);
		// The sweep reads down to the floor, where the late 44 is still new.
		const sweep = fakeService(list);
		const full = await read(sweep.client, between, { order: 'n' });
		const late = full.readings.filter((r) => isNew(between, 'temperature', r));
		expect(late.map((r) => (r.ts - T0) / 60_000)).toEqual([44]);
		expect(advance(between, 'temperature', full.readings, WINDOW_S).floor).toBe(
			horizon - reachOf(WINDOW_S),
		);
	});

	it('the first page holds what can have been uploaded since the newest reading seen', async () => {
		// Nine minutes since the newest seen (40), at a temperature a minute: one page of 9 + 1.
		const { client, limits } = fakeService([...history].reverse());
		const memory: KindMemory = {
			floor: (T0 + 38 * 60_000) / 1000,
			newest: (T0 + 40 * 60_000) / 1000,
			seen: new Set([39, 40].map((m) => String((T0 + m * 60_000) / 1000))),
		};
		const result = await readNewReadings(client, {
			assetId: 'A1',
			kind: 'temperature',
			memory,
			full: false,
			horizon: (T0 + 49 * 60_000 + 30_000) / 1000,
			windowS: WINDOW_S,
			summaryLocations: false,
			hint: { order: 'n', newest: 1 },
		});
		expect(limits).toEqual([11]);
		expect(result.readings.filter((r) => isNew(memory, 'temperature', r))).toHaveLength(9);
	});

	it('newest first with one-reading pages: each page alone is ambiguous, the sequence is not', async () => {
		const { client, limits } = fakeService([...history].reverse(), 1);
		const result = await read(client, after(47), { order: 'n', newest: 2 });
		expect(result.order).toBe('newestFirst');
		// 49, 48, 47 (at the floor: everything after it is older still).
		expect(limits).toHaveLength(3);
		expect(result.readings).toHaveLength(3);
	});

	it('a single-reading first page below the floor does not stop the read while the order is unknown', async () => {
		// Oldest first, one per page: the first reading is older than the floor, but newer ones follow.
		const { client, limits } = fakeService(history, 1);
		const result = await read(client, after(47));
		expect(result.order).toBe('oldestFirst');
		expect(result.readings).toHaveLength(50);
		// After the order is known, pages of the maximum are asked for.
		expect(limits.slice(2).every((l) => l === 10_000)).toBe(true);
	});

	it('oldest first: reads to the end; a known order asks for the biggest page at once', async () => {
		const { client, limits } = fakeService(history);
		const result = await read(client, after(47), { order: 'o' });
		expect(result.readings).toHaveLength(50);
		expect(limits).toEqual([10_000]);
	});

	it('an unordered list is read to the end, and the next poll reads it whole at once', async () => {
		const shuffled = [at(1), at(40), at(3), at(49), at(2), at(10)];
		const first = fakeService(shuffled, 2);
		const result = await read(first.client, after(45), { order: 'n', newest: 1 });
		expect(result.order).toBe('unordered');
		expect(result.readings).toHaveLength(6);
		const next = fakeService(shuffled);
		await read(next.client, after(45), { order: 'u', newest: 1 });
		expect(next.limits).toEqual([10_000]);
	});

	it('readings sharing the cursor second across a page boundary are all read', async () => {
		const twins = [
			at(49),
			at(48, { degreesCelsius: 1 }),
			at(48, { degreesCelsius: 2 }),
			at(48, { degreesCelsius: 3 }),
			at(47),
			at(46),
		];
		const { client } = fakeService(twins, 2);
		const result = await read(client, after(47), { order: 'n', newest: 1 });
		expect(result.readings.map((r) => r.item.degreesCelsius)).toEqual([4.9, 1, 2, 3, 4.7, 4.6]);
	});

	it('the first poll reads down to the reach behind the newest reading, and no further', async () => {
		const list = [
			at(49, { degreesCelsius: 1 }),
			at(49, { degreesCelsius: 2 }),
			...[...history].reverse().slice(1),
		];
		const { client, limits } = fakeService(list);
		const result = await read(client, baseline());
		// One page sized for the reach at a temperature a minute (the 2-minute window and its
		// 20-second sweep period: 3), plus one new and one older.
		expect(limits).toEqual([5]);
		const minutes = result.readings.map((r) => (r.ts - T0) / 60_000);
		// The floor is 2 minutes 20 seconds behind 49: the read must reach below it.
		expect(Math.min(...minutes)).toBeLessThanOrEqual(46);
		expect(result.readings.length).toBeLessThan(list.length);
	});

	it('an asset that never had a reading before is read completely', async () => {
		const { client, limits } = fakeService([...history].reverse());
		const result = await read(client, EVERYTHING_IS_NEW);
		expect(result.readings).toHaveLength(50);
		expect(limits).toEqual([10_000]);
	});

	it('many new readings: later pages are sized from the reading rate, not one small page at a time', async () => {
		const long = Array.from({ length: 3000 }, (_, i) => at(i)).reverse();
		const { client, limits } = fakeService(long);
		const result = await read(client, after(1000), { order: 'n', newest: 1 });
		expect(limits.length).toBeLessThanOrEqual(3);
		expect(result.readings.some((r) => r.ts < T0 + 1000 * 60_000)).toBe(true);
	});

	it('readings without a usable timestamp are left out and reported', async () => {
		const warnings: string[] = [];
		const { client } = fakeService([at(3), { degreesCelsius: 1 }, at(2)]);
		const result = await readNewReadings(client, {
			assetId: 'A1',
			kind: 'temperature',
			memory: EVERYTHING_IS_NEW,
			full: true,
			windowS: WINDOW_S,
			summaryLocations: false,
			hint: {},
			warn: (m) => warnings.push(m),
		});
		expect(result.readings).toHaveLength(2);
		expect(warnings).toHaveLength(1);
	});

	it('a nextToken served twice stops the read with an error', async () => {
		const client = {
			node: { name: 'x' },
			request: async () => ({
				status: 200,
				requestId: 'r',
				body: { items: [at(1)], nextToken: 'same' },
			}),
		} as unknown as AssetTrackingClient;
		await expect(read(client, EVERYTHING_IS_NEW)).rejects.toThrow(/same nextToken twice/);
	});
});
