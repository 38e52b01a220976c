// Get Temperature Summary's numbers on series worked out by hand (issue 28's acceptance): the
// 22 h + 2 h example of USP <1160>'s MKT, gaps, a single reading, all in range, readings exactly
// on the bounds, no reading, and the trigger's excursion rule over a period.
import { meanKineticTemperature } from '../../nodes/AssetTracking/coldChain/mkt';
import { profileAt, profileStays } from '../../nodes/AssetTracking/coldChain/profiles';
import {
	excursionSpans,
	missingMinutesIn,
	ruleUse,
	summarise,
	type PeriodReading,
} from '../../nodes/AssetTracking/coldChain/summary';

const MINUTE = 60_000;
const T0 = Date.parse('2026-03-01T00:00:00Z');
const at = (minute: number) => new Date(T0 + minute * MINUTE).toISOString().replace('.000Z', 'Z');

/** Readings a minute apart from `from` (minutes after T0), one per value. */
const series = (values: number[], from = 0): PeriodReading[] =>
	values.map((celsius, i) => ({ ts: T0 + (from + i) * MINUTE, timestamp: at(from + i), celsius }));
const repeat = (celsius: number, minutes: number) => Array<number>(minutes).fill(celsius);

const RULE = {
	excursion: { above: 8, below: 2, hysteresis: 0.5, minimumMs: 10 * MINUTE },
	activationEnergyKj: 83.144,
};

describe('temperature summary', () => {
	it('22 h at 5 °C and 2 h at 25 °C: MKT 9.83 °C fails 8 °C although the mean, 6.67 °C, passes', () => {
		const readings = series([...repeat(5, 22 * 60), ...repeat(25, 2 * 60)]);
		// Shuffled: the list's order does not matter.
		const summary = summarise([...readings].reverse(), RULE);
		expect(summary).toEqual({
			readings: 1440,
			firstAt: '2026-03-01T00:00:00Z',
			lastAt: '2026-03-01T23:59:00Z',
			minCelsius: 5,
			maxCelsius: 25,
			meanCelsius: 6.67,
			mktCelsius: 9.83,
			minutesAbove: 120,
			minutesBelow: 0,
			minutesInRange: 1320,
			missingMinutes: 0,
			// Opens at 22:00, starts at 22:10, still open at the end: counted, measured to 23:59.
			excursions: 1,
			longestExcursionMinutes: 119,
		});
	});

	it('gaps are counted, not filled: 10 minutes at 4 °C, 10 missing, 10 at 9 °C', () => {
		const readings = [...series(repeat(4, 10), 0), ...series(repeat(9, 10), 20)];
		expect(summarise(readings, RULE)).toMatchObject({
			readings: 20,
			firstAt: at(0),
			lastAt: at(29),
			missingMinutes: 10,
			meanCelsius: 6.5,
			// (ΔH/R) / −ln((10·e^(−10000/277.15) + 10·e^(−10000/282.15)) / 20) − 273.15
			mktCelsius: 6.87,
			minutesAbove: 10,
			minutesInRange: 10,
			// 9 °C from minute 20 to 29: 9 minutes after it opened, short of the 10-minute minimum.
			excursions: 0,
			longestExcursionMinutes: 0,
		});
	});

	it('a single reading is its own min, max, mean and MKT', () => {
		expect(summarise(series([3.4], 7), RULE)).toEqual({
			readings: 1,
			firstAt: at(7),
			lastAt: at(7),
			minCelsius: 3.4,
			maxCelsius: 3.4,
			meanCelsius: 3.4,
			mktCelsius: 3.4,
			minutesAbove: 0,
			minutesBelow: 0,
			minutesInRange: 1,
			missingMinutes: 0,
			excursions: 0,
			longestExcursionMinutes: 0,
		});
		// Beyond a bound with a Minimum Duration of 0: one excursion, 0 minutes long.
		const instant = { ...RULE, excursion: { ...RULE.excursion, minimumMs: 0 } };
		expect(summarise(series([9]), instant)).toMatchObject({
			minutesAbove: 1,
			excursions: 1,
			longestExcursionMinutes: 0,
		});
	});

	it('all in range: every minute in range, no excursion; MKT of 2, 8, 2, 8 °C is 5.54 °C', () => {
		expect(summarise(series([2, 8, 2, 8]), RULE)).toMatchObject({
			minutesAbove: 0,
			minutesBelow: 0,
			minutesInRange: 4,
			meanCelsius: 5,
			mktCelsius: 5.54,
			excursions: 0,
		});
	});

	it('readings exactly on the bounds are in range; a tenth beyond is not', () => {
		expect(summarise(series([8, 2, 8.1, 1.9, 8, 2]), RULE)).toMatchObject({
			minutesAbove: 1,
			minutesBelow: 1,
			minutesInRange: 4,
		});
		// Bounds of the options, not the defaults.
		const rule = { ...RULE, excursion: { ...RULE.excursion, above: -15, below: -25 } };
		expect(summarise(series([-15, -25, -14.9, -25.1]), rule)).toMatchObject({
			minutesAbove: 1,
			minutesBelow: 1,
			minutesInRange: 2,
		});
	});

	it('no reading in the period: readings 0, counts 0, times and temperatures null', () => {
		expect(summarise([], RULE)).toEqual({
			readings: 0,
			firstAt: null,
			lastAt: null,
			minCelsius: null,
			maxCelsius: null,
			meanCelsius: null,
			mktCelsius: null,
			minutesAbove: 0,
			minutesBelow: 0,
			minutesInRange: 0,
			missingMinutes: 0,
			excursions: 0,
			longestExcursionMinutes: 0,
		});
	});

	it("excursions by the trigger's rule: hovering stays one, the hysteresis ends it, the longest counts", () => {
		const values = [
			// Minute 0 opens; hovering around 8 °C keeps it open (never back to 7.5); 10 starts it.
			...[8.1, 7.9, 8.2, 7.8, 8.3, 7.9, 8.1, 7.8, 8.2, 7.9, 8.4, 8.1],
			// Minute 12 is back at 7.5: ended, 12 minutes.
			7.5,
			// Minute 13 opens below, lasts to minute 40 (started at 23), ends at 41 with 2.5: 28 minutes.
			...repeat(1.5, 28),
			2.5,
			// 5 minutes above: never started.
			...repeat(9, 5),
			5,
		];
		expect(summarise(series(values), RULE)).toMatchObject({
			excursions: 2,
			longestExcursionMinutes: 28,
			// Seven of the hovering readings are above 8 °C, and the five at 9 °C.
			minutesAbove: 7 + 5,
			minutesBelow: 28,
		});
	});
});

describe('missing minutes of a whole period (version 4)', () => {
	// The day from T0 to its last second, as Previous Day makes it.
	const DAY = { from: T0, to: T0 + 24 * 60 * MINUTE - 1000 };

	it.each([
		['a reading every minute, from the first', series(repeat(5, 1440)), 0],
		[
			'a reading every minute, 30 s into each',
			series(repeat(5, 1440)).map((r) => ({ ...r, ts: r.ts + 30_000 })),
			0,
		],
		['the first reading at 06:00: the six hours before it', series(repeat(5, 1080), 360), 360],
		['the last reading at 23:00: the 59 minutes after it', series(repeat(5, 1381)), 59],
		[
			'late, a gap of an hour, and early',
			[...series(repeat(5, 60), 120), ...series(repeat(5, 60), 240)],
			120 + 60 + 1140,
		],
		['no reading at all: every minute of the day', [], 1440],
	])('%s', (_name, readings, expected) => {
		expect(missingMinutesIn(readings, DAY)).toBe(expected);
	});

	it('a period of 24 hours from any second: readings a minute apart miss none', () => {
		const from = T0 + 16 * MINUTE + 42_000;
		const readings = series(repeat(5, 1441), 16);
		expect(missingMinutesIn(readings, { from, to: from + 1440 * MINUTE })).toBe(0);
		// What versions 1 to 3 count: between the first and the last reading only.
		expect(summarise(series(repeat(5, 1080), 360), RULE).missingMinutes).toBe(0);
	});
});

describe('mean kinetic temperature', () => {
	it('is the hand-computed value, and weighs warm readings more than a mean does', () => {
		// 10000 / −ln((e^(−10000/273.15) + e^(−10000/293.15)) / 2) − 273.15
		expect(meanKineticTemperature([0, 20])).toBeCloseTo(14.816, 3);
		expect(meanKineticTemperature([])).toBeNull();
		expect(meanKineticTemperature(repeat(-20, 60))).toBeCloseTo(-20, 9);
	});

	it('takes the activation energy: 60 kJ/mol weighs the 2 hours at 25 °C less (8.59 °C)', () => {
		const series22and2 = [...repeat(5, 22 * 60), ...repeat(25, 2 * 60)];
		expect(meanKineticTemperature(series22and2, 60)).toBeCloseTo(8.5886, 4);
	});

	it('stays exact where e^(−ΔH/RT) is below what a double holds: a month at −100 °C, 1,000 kJ/mol', () => {
		expect(meanKineticTemperature(repeat(-100, 31 * 1440), 1000)).toBeCloseTo(-100, 6);
	});
});

describe('Profiles by Space (coldChain/profiles.ts, as the trigger judges)', () => {
	const FREEZER = {
		spaceId: 'freezer',
		maxTemperature: -15,
		minTemperature: -25,
		budgetMinutes: 60,
	};
	const ROOM = { spaceId: 'room', maxTemperature: 8, minTemperature: 2, budgetMinutes: 120 };
	const profiles = new Map([FREEZER, ROOM].map((p) => [p.spaceId, p]));
	// In the freezer from minute 0 to 30, then the room from 30 on.
	const history = [
		{ spaceId: 'freezer', enteredOn: at(0), exitedOn: at(30), hasExited: true },
		{ spaceId: 'room', enteredOn: at(30) },
		// Exited, but when is not said: it judges nothing.
		{ spaceId: 'freezer', enteredOn: at(40), hasExited: true },
		// A space without a profile.
		{ spaceId: 'dock', enteredOn: at(0) },
	];
	const stays = profileStays(profiles, history);
	// −12 °C for 50 minutes, then 5 °C for 11.
	const readings = series([...repeat(-12, 50), ...repeat(5, 11)]);

	it('a reading is judged by the space it was in at its timestamp, the one entered last first', () => {
		expect(stays.map((s) => [s.profile.spaceId, s.from, s.until])).toEqual([
			['room', T0 + 30 * MINUTE, Number.POSITIVE_INFINITY],
			['freezer', T0, T0 + 30 * MINUTE],
		]);
		expect(profileAt(stays, T0 + 29 * MINUTE)).toBe(FREEZER);
		expect(profileAt(stays, T0 + 30 * MINUTE)).toBe(ROOM);
		expect(profileAt(stays, T0 - MINUTE)).toBeUndefined();
		expect(profileStays(new Map(), history)).toEqual([]);
	});

	it('the move ends the freezer excursion at the first reading judged by the room, which judges it afresh', () => {
		const rule = { ...RULE, profiles, budgetMinutes: 90 };
		expect(summarise(readings, rule, stays)).toMatchObject({
			minutesAbove: 30,
			minutesBelow: 20,
			minutesInRange: 11,
			excursions: 2,
			longestExcursionMinutes: 30,
		});
		expect(excursionSpans(readings, rule.excursion, stays)).toEqual([
			{
				direction: 'above',
				startedAt: T0,
				endedAt: T0 + 30 * MINUTE,
				until: T0 + 30 * MINUTE,
				peak: -12,
				threshold: -15,
				spaceId: 'freezer',
			},
			{
				direction: 'below',
				startedAt: T0 + 30 * MINUTE,
				endedAt: T0 + 50 * MINUTE,
				until: T0 + 50 * MINUTE,
				peak: -12,
				threshold: 2,
				spaceId: 'room',
			},
		]);
		expect(ruleUse(readings, rule, stays)).toEqual({
			spaceProfiles: [
				{ ...FREEZER, readings: 30, minutesAbove: 30, minutesBelow: 0 },
				{ ...ROOM, readings: 31, minutesAbove: 0, minutesBelow: 20 },
			],
			// The room's budget judged the last reading.
			budget: {
				budgetMinutes: 120,
				consumedMinutes: 50,
				remainingMinutes: 70,
				consumedPercent: 41.7,
			},
		});
		// Without profiles: the node's bounds judge all; no spaceProfiles, the node's budget.
		expect(ruleUse(readings, { ...RULE, budgetMinutes: 40 }, [])).toEqual({
			budget: { budgetMinutes: 40, consumedMinutes: 50, remainingMinutes: 0, consumedPercent: 125 },
		});
		expect(ruleUse(readings, RULE, [])).toEqual({});
	});
});
