// Version 5's rules kept small in the saved state (issue 36's 2,000-asset acceptance): an alarm's
// space by its place among the alarm's spaces, a cumulative alarm that counted nothing yet as its
// start alone, an excursion's reminders from its start. The first saves' forms still read.
import { alarms } from '../../../nodes/AssetTracking/trigger/families/alarms';
import { excursions } from '../../../nodes/AssetTracking/trigger/families/excursions';

const BASE = 1_800_000_000;
const T = Date.parse('2027-01-15T10:00:00Z');

describe("version 5's memories in the saved state", () => {
	it('alarms: an episode in a space by its index, a zero count by its start; the first form reads', () => {
		const memory = new Map<string, unknown>([
			[
				'abc',
				{
					startedAt: T,
					peak: 9.8,
					started: true,
					raisedAt: T + 300_000,
					reminders: 2,
					spaceIndex: 1,
				},
			],
			['def', { count: 0, raised: false, from: BASE - 60 }],
			['ghi', { count: 3, firstAt: T, peak: 8.4, raised: false, from: BASE - 60 }],
			['jkl', { count: 0, raised: true }],
		]);
		const text = alarms.encode(memory as never, BASE);
		expect(text).not.toMatch(/@/);
		expect(text).toMatch(/defz[0-9a-z]+(,|$)/);
		expect(alarms.decode(text, BASE)).toEqual(memory);
		// The first saves: the space's id, and a count with its raised field.
		const first = alarms.decode(
			'abce2s~9.8~2s~1@SPC-0001,ghic3~2s~8.4~~1o',
			BASE,
		) as unknown as Map<string, Record<string, unknown>>;
		expect(first.get('abc')).toMatchObject({ spaceId: 'SPC-0001', reminders: 1 });
		expect(first.get('ghi')).toMatchObject({ count: 3, peak: 8.4, raised: false, from: BASE - 60 });
	});

	it('excursions: detectedAt in seconds after the start; the first form (seconds since the epoch) reads', () => {
		const memory = {
			above: { startedAt: T, peak: 9.8, started: true, detectedAt: T + 600_000, reminders: 1 },
		};
		const text = excursions.encode(memory as never, BASE);
		expect(text).toContain('^go~1');
		expect(excursions.decode(text, BASE)).toEqual(memory);
		const first = `as${T.toString(36)}~9.8!${((T + 600_000) / 1000).toString(36)}~1`;
		expect(excursions.decode(first, BASE)).toEqual(memory);
	});
});
