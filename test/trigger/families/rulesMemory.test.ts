// Version 5's rules kept small in the saved state (issue 36's 2,000-asset acceptance): an alarm's
// space by its place among the alarm's spaces, a cumulative alarm that counted nothing yet as its
// start alone, an excursion's reminders from its start. The first saves' forms still read.
import { readRulebook } from '../../../nodes/AssetTracking/trigger/parameters/rulebook';
import type { IDataObject } from 'n8n-workflow';

import { alarms } from '../../../nodes/AssetTracking/trigger/families/alarms';
import { decodeDwell, encodeDwell } from '../../../nodes/AssetTracking/trigger/families/dwell';
import { excursions } from '../../../nodes/AssetTracking/trigger/families/excursions';
import type { AnyFamily } from '../../../nodes/AssetTracking/trigger/families/family';
import { stabilityBudget } from '../../../nodes/AssetTracking/trigger/families/stabilityBudget';
import { triggerNode } from '../helpers';

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

	it('excursions (version 6): the start in seconds back from the watermark, its milliseconds when any; version 5 (epoch ms) reads', () => {
		for (const startedAt of [T, T + 250, (BASE - 3600) * 1000]) {
			const memory = {
				below: { startedAt, peak: 1.2, started: false },
				above: { startedAt, peak: 9.8, started: true, detectedAt: T + 600_000, reminders: 1 },
			};
			const text = excursions.encode(memory as never, BASE);
			expect(text).toMatch(/^aS-?[0-9a-z]{1,4}(\.[0-9a-z]+)?~9\.8\^/);
			expect(excursions.decode(text, BASE)).toEqual(memory);
			const v5 = `as${startedAt.toString(36)}~9.8^${(600 + (T - startedAt) / 1000).toString(36)}~1,bp${startedAt.toString(36)}~1.2`;
			if (startedAt % 1000 === 0) expect(excursions.decode(v5, BASE)).toEqual(memory);
		}
	});

	it('dwell (version 6): no ":" without a start, no "." without done keys; version 5 reads', () => {
		const memory = { open: new Set(['abcd']), done: new Set(['efgh', 'ijkl']) };
		expect(encodeDwell(memory, BASE)).toBe('abcd.efghijkl');
		expect(encodeDwell({ open: new Set(['abcd']), done: new Set() }, BASE)).toBe('abcd');
		expect(decodeDwell('abcd.efghijkl', BASE)).toEqual(memory);
		expect(decodeDwell(':abcd.efghijkl', BASE)).toEqual(memory);
		const kept = { ...memory, from: (BASE - 60) * 1000 };
		expect(encodeDwell(kept, BASE)).toBe('1o:abcd.efghijkl');
		expect(decodeDwell('1o:abcd.efghijkl', BASE)).toEqual(kept);
	});
});

describe("version 6's memories: what counts from the family's start keeps no start of its own", () => {
	const node = triggerNode(5);
	const START = Math.floor(T / 1000);
	const reading = (minutes: number, degreesCelsius: number) => ({
		ts: T + minutes * 60_000,
		item: { timestamp: new Date(T + minutes * 60_000).toISOString(), degreesCelsius },
	});
	/** One poll's fold of an asset: at the activation (`quietUntil` +Infinity) or a later poll. */
	function fold(
		family: AnyFamily,
		options: IDataObject,
		memory: unknown,
		fresh: ReturnType<typeof reading>[],
		activation: boolean,
		started: number | undefined,
	) {
		const selected = new Set(family.events.map((e) => e.value));
		const settings = family.settings({
			node,
			options,
			version: 5,
			selected,
			rules: readRulebook({ node, options, version: 5, selected }),
		});
		return family.fold({
			subject: { id: 'AST-1', inSpaces: [] },
			seeding: activation,
			firstListed: false,
			sample: false,
			settings,
			memory,
			quietUntil: activation ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY,
			now: T,
			started,
			windowS: 10_800,
			read: {
				temperature: {
					fresh,
					before: undefined,
					after: { floor: START - 14_400, newest: null, seen: new Set() },
					baseline: activation,
				},
			},
		});
	}
	const cumulative = {
		alarms: {
			alarm: [
				{
					name: 'Warm in total',
					direction: 'above',
					threshold: 8,
					delayMinutes: 2,
					counting: 'cumulative',
					severity: 'critical',
					spaceIds: [],
				},
			],
		},
	};

	it('a cumulative alarm: nothing kept at the activation; a late reading from before it does not count, one after it does', () => {
		const activation = fold(alarms, cumulative, undefined, [reading(-5, 5)], true, START);
		expect(activation.memory).toBeUndefined();
		const late = fold(alarms, cumulative, undefined, [reading(-3, 9), reading(1, 9)], false, START);
		const [count] = [...(late.memory as Map<string, unknown>).values()];
		expect(count).toEqual({ count: 1, firstAt: T + 60_000, peak: 9, raised: false });
		const raised = fold(
			alarms,
			cumulative,
			late.memory,
			[reading(-2, 9), reading(2, 9)],
			false,
			START,
		);
		expect(raised.events.map((e) => e.fields.totalMinutes)).toEqual([2]);
		// A version 5 state: no start known, the asset's own start is kept and honoured.
		const v5 = fold(alarms, cumulative, undefined, [reading(-5, 5)], true, undefined);
		const [own] = [...(v5.memory as Map<string, unknown>).values()];
		expect(own).toEqual({ count: 0, raised: false, from: START });
		expect(fold(alarms, cumulative, v5.memory, [reading(-3, 9)], false, undefined).memory).toEqual(
			v5.memory,
		);
	});

	it('the stability budget: its extremes kept, its start not; a reading from before the start does not count', () => {
		const activation = fold(
			stabilityBudget,
			{},
			undefined,
			[reading(-5, 30), reading(0, 5)],
			true,
			START,
		);
		expect(activation.memory).toEqual({ count: 0, top: 0, max: 5, min: 5 });
		expect(stabilityBudget.encode(activation.memory, BASE)).toBe('0~~5~5');
		const late = fold(
			stabilityBudget,
			{},
			activation.memory,
			[reading(-3, 30), reading(1, 30)],
			false,
			START,
		);
		expect(late.memory).toMatchObject({ count: 1, max: 30, min: 5 });
	});
});
