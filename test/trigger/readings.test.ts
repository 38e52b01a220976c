import type { IDataObject } from 'n8n-workflow';

import type { AssetTrackingClient } from '../../nodes/AssetTracking/transport';
import {
	EVERYTHING_IS_NEW,
	floorAt,
	NOTHING_IS_NEW,
	type Floor,
} from '../../nodes/AssetTracking/trigger/cursor';
import { OrderDetector } from '../../nodes/AssetTracking/trigger/order';
import { readNewReadings } from '../../nodes/AssetTracking/trigger/readings';

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

const read = (client: AssetTrackingClient, floor: Floor, hint = {}) =>
	readNewReadings(client, {
		assetId: 'A1',
		kind: 'temperature',
		floor,
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

	it('newest first: stops at the first page that reaches below the cursor', async () => {
		const { client, limits } = fakeService([...history].reverse());
		const result = await read(client, floorAt(T0 + 47 * 60_000), { order: 'n', newest: 2 });
		expect(result.order).toBe('newestFirst');
		expect(limits).toEqual([4]);
		expect(result.readings.map((r) => r.item.timestamp)).toEqual(
			[at(49), at(48), at(47), at(46)].map((x) => x.timestamp),
		);
	});

	it('newest first with one-reading pages: each page alone is ambiguous, the sequence is not', async () => {
		const { client, limits } = fakeService([...history].reverse(), 1);
		const result = await read(client, floorAt(T0 + 47 * 60_000), { order: 'n', newest: 2 });
		expect(result.order).toBe('newestFirst');
		// 49, 48, 47 (at the floor: a twin may follow), 46 (below: stop).
		expect(limits).toHaveLength(4);
		expect(result.readings).toHaveLength(4);
	});

	it('a single-reading first page below the floor does not stop the read while the order is unknown', async () => {
		// Oldest first, one per page: the first reading is older than the floor, but newer ones follow.
		const { client, limits } = fakeService(history, 1);
		const result = await read(client, floorAt(T0 + 47 * 60_000));
		expect(result.order).toBe('oldestFirst');
		expect(result.readings).toHaveLength(50);
		// After the order is known, pages of the maximum are asked for.
		expect(limits.slice(2).every((l) => l === 10_000)).toBe(true);
	});

	it('oldest first: reads to the end; a known order asks for the biggest page at once', async () => {
		const { client, limits } = fakeService(history);
		const result = await read(client, floorAt(T0 + 47 * 60_000), { order: 'o' });
		expect(result.readings).toHaveLength(50);
		expect(limits).toEqual([10_000]);
	});

	it('an unordered list is read to the end, and the next poll reads it whole at once', async () => {
		const shuffled = [at(1), at(40), at(3), at(49), at(2), at(10)];
		const first = fakeService(shuffled, 2);
		const result = await read(first.client, floorAt(T0 + 45 * 60_000), { order: 'n', newest: 1 });
		expect(result.order).toBe('unordered');
		expect(result.readings).toHaveLength(6);
		const next = fakeService(shuffled);
		await read(next.client, floorAt(T0 + 45 * 60_000), { order: 'u', newest: 1 });
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
		const result = await read(client, floorAt(T0 + 48 * 60_000), { order: 'n', newest: 1 });
		expect(result.readings.map((r) => r.item.degreesCelsius)).toEqual([4.9, 1, 2, 3, 4.7, 4.6]);
	});

	it('the first poll reads only down to just below the newest second', async () => {
		const list = [
			at(49, { degreesCelsius: 1 }),
			at(49, { degreesCelsius: 2 }),
			...[...history].reverse().slice(1),
		];
		const { client, limits } = fakeService(list);
		const result = await read(client, NOTHING_IS_NEW);
		expect(limits).toEqual([3]);
		expect(result.readings).toHaveLength(3);
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
		const result = await read(client, floorAt(T0 + 1000 * 60_000), { order: 'n', newest: 1 });
		expect(limits.length).toBeLessThanOrEqual(3);
		expect(result.readings.some((r) => r.ts < T0 + 1000 * 60_000)).toBe(true);
	});

	it('readings without a usable timestamp are left out and reported', async () => {
		const warnings: string[] = [];
		const { client } = fakeService([at(3), { degreesCelsius: 1 }, at(2)]);
		const result = await readNewReadings(client, {
			assetId: 'A1',
			kind: 'temperature',
			floor: EVERYTHING_IS_NEW,
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
