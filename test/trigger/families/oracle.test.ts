// The oracle on small hand-made series: each rule of issue 17 and each activation decision.
import { compareEvents, line } from './compare';
import {
	expectedBudget,
	expectedExcursions,
	expectedSilence,
	expectedStays,
	judgeBy,
	MINUTE,
} from './oracle';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const at = (minute: number) => new Date(T0 + minute * MINUTE).toISOString();
const series = (values: number[], from = 1) =>
	values.map((v, i) => ({ timestamp: at(from + i), degreesCelsius: v }));
const repeat = (value: number, n: number) => Array<number>(n).fill(value);
const brief = (events: ReturnType<typeof expectedExcursions>) =>
	events.map((e) => [e.event, e.key.split('|')[2], e.fields]);

describe('oracle: excursions', () => {
	const rules = { maxTemperature: 8, minTemperature: 2, excursionMinutes: 3, hysteresis: 0.5 };

	it('opens above the bound, starts after the minimum duration, ends past the hysteresis', () => {
		// minutes 1..8: 8.1 opens at 1; 7.9/7.6 stay open; minute 4 (3 min later) starts it; 7.5 closes at 7.
		const events = expectedExcursions(
			'a',
			series([8.1, 7.9, 9.4, 7.6, 8.2, 7.6, 7.5, 9]),
			0,
			rules,
		);
		expect(brief(events)).toEqual([
			['excursionStarted', 'above', { threshold: 8, detectedAt: at(4), peakCelsius: 9.4 }],
			[
				'excursionEnded',
				'above',
				{ threshold: 8, endedAt: at(7), peakCelsius: 9.4, durationMinutes: 6 },
			],
		]);
	});

	it('a pending excursion shorter than the minimum closes silently; hovering below the hysteresis keeps it open', () => {
		expect(
			expectedExcursions('a', series([8.1, 9, 7.5, 8.1, 7.9, 8.2, 7.8, 8.1]), 0, rules).map(
				(e) => e.event,
			),
		).toEqual(['excursionStarted']);
		expect(expectedExcursions('a', series([8.1, 9, 7.5, 6]), 0, rules)).toEqual([]);
	});

	it('below mirrors above', () => {
		const events = expectedExcursions('a', series([1.9, 1.2, 2.4, 2.1, 2.5]), 0, rules);
		expect(brief(events)).toEqual([
			['excursionStarted', 'below', { threshold: 2, detectedAt: at(4), peakCelsius: 1.2 }],
			[
				'excursionEnded',
				'below',
				{ threshold: 2, endedAt: at(5), peakCelsius: 1.2, durationMinutes: 4 },
			],
		]);
	});

	it('with 0 minutes the opening reading starts it', () => {
		const events = expectedExcursions('a', series([8.5, 7]), 0, { ...rules, excursionMinutes: 0 });
		expect(brief(events)).toEqual([
			['excursionStarted', 'above', { threshold: 8, detectedAt: at(1), peakCelsius: 8.5 }],
			[
				'excursionEnded',
				'above',
				{ threshold: 8, endedAt: at(2), peakCelsius: 8.5, durationMinutes: 1 },
			],
		]);
	});

	it('activation: an excursion under way emits its end but never its start', () => {
		// Opens at minute 1, activation at minute 2, starts (silently) at 4, ends at 6.
		const events = expectedExcursions('a', series([9, 9, 9, 9, 9, 7]), T0 + 2 * MINUTE, rules);
		expect(brief(events)).toEqual([
			[
				'excursionEnded',
				'above',
				{ threshold: 8, endedAt: at(6), peakCelsius: 9, durationMinutes: 5 },
			],
		]);
		// Ended before activation: nothing.
		expect(expectedExcursions('a', series([9, 9, 9, 9, 7]), T0 + 5 * MINUTE, rules)).toEqual([]);
	});
});

describe('oracle: profiles by space (issue 28)', () => {
	const rules = { maxTemperature: 8, minTemperature: 2, excursionMinutes: 3, hysteresis: 0.5 };
	const node = { maxTemperature: 8, minTemperature: 2, budgetMinutes: 120 };
	const profiles = {
		F: { maxTemperature: -15, minTemperature: -25, budgetMinutes: 60 },
		C: { maxTemperature: 8, minTemperature: 2, budgetMinutes: 120 },
	};
	// In the freezer from minute 0, the chilled room from minute 6 (entered last: it decides).
	const memberships = [
		{ spaceId: 'F', enteredOn: T0, exitedOn: T0 + 6 * MINUTE },
		{ spaceId: 'C', enteredOn: T0 + 6 * MINUTE, exitedOn: null },
		{ spaceId: 'dock', enteredOn: T0 - 60 * MINUTE, exitedOn: null },
	];
	const judge = judgeBy(memberships, profiles, node);

	it('judges a reading by the space at its timestamp: enteredOn included, exitedOn excluded', () => {
		expect(judge(T0 - MINUTE)).toEqual(node);
		expect(judge(T0)).toEqual({ spaceId: 'F', ...profiles.F });
		expect(judge(T0 + 6 * MINUTE - 1)).toMatchObject({ spaceId: 'F' });
		expect(judge(T0 + 6 * MINUTE)).toMatchObject({ spaceId: 'C' });
	});

	it('a profile change ends the open excursion at the first reading of the new one, which opens its own', () => {
		// −12 °C from minute 1 (above −15 in the freezer), moved to the chilled room at 6.
		const events = expectedExcursions('a', series(repeat(-12, 10), 1), 0, rules, judge);
		expect(brief(events)).toEqual([
			[
				'excursionStarted',
				'above',
				{ threshold: -15, detectedAt: at(4), peakCelsius: -12, spaceId: 'F' },
			],
			[
				'excursionEnded',
				'above',
				{ threshold: -15, endedAt: at(6), peakCelsius: -12, durationMinutes: 5, spaceId: 'F' },
			],
			[
				'excursionStarted',
				'below',
				{ threshold: 2, detectedAt: at(9), peakCelsius: -12, spaceId: 'C' },
			],
		]);
	});

	it('the budget: a minute per reading out of its own bounds, each share once, of the budget in force', () => {
		// Minutes 1–5 in the freezer at −12 °C (5 of 60), 6–10 in the chilled room (5 more of 120).
		const events = expectedBudget('a', series(repeat(-12, 10), 1), T0, judge, [5, 8, 10]);
		const freezer = { budgetMinutes: 60, maxTemperature: -12, minTemperature: -12, spaceId: 'F' };
		expect(events.map((e) => [e.key, e.fields])).toEqual([
			[
				'a|budgetConsumed|5',
				{ ...freezer, consumedMinutes: 3, remainingMinutes: 57, reachedAt: at(3) },
			],
			[
				'a|budgetConsumed|8',
				{ ...freezer, consumedMinutes: 5, remainingMinutes: 55, reachedAt: at(5) },
			],
		]);
		// 10 minutes are 10 % of the freezer's 60, not of the chilled room's 120, which judges them.
	});

	it('the budget counts from the activation second on, readings of that second included, and never resets', () => {
		const values = [9, 9, 9, 5, 9, 9, 1, 5];
		const hundred = () => ({ ...node, budgetMinutes: 100 });
		// Activation at minute 2: the readings of minutes 2 to 7 are judged, 4 of them beyond.
		const events = expectedBudget('a', series(values, 0), T0 + 2 * MINUTE, hundred, [1, 2, 3, 4]);
		expect(events.map((e) => [e.key, e.fields.consumedMinutes, e.fields.reachedAt])).toEqual([
			['a|budgetConsumed|2', 2, at(4)],
			['a|budgetConsumed|3', 3, at(5)],
			['a|budgetConsumed|4', 4, at(6)],
		]);
		// 1 % was reached by the reading of the activation's second: counted, but not an event.
		expect(events[2].fields).toMatchObject({ maxTemperature: 9, minTemperature: 1 });
	});
});

describe('oracle: spaces and facilities', () => {
	const stays = [
		{ id: 's1', enteredOn: T0, exitedOn: T0 + 10 * MINUTE }, // present at activation, leaves after
		{ id: 's2', enteredOn: T0 + 10 * MINUTE, exitedOn: T0 + 12 * MINUTE }, // both after
		{ id: 's3', enteredOn: T0 + 12 * MINUTE, exitedOn: null }, // still inside
		{ id: 's4', enteredOn: T0 + 30 * MINUTE, exitedOn: null }, // after the last poll
	];
	it('seeds what exists at activation, then entered and left once each', () => {
		const events = expectedStays('a', 'space', stays, T0 + 5 * MINUTE, T0 + 20 * MINUTE);
		expect(events.map((e) => `${e.event} ${e.key.split('|')[2]}`)).toEqual([
			'leftSpace s1',
			'enteredSpace s2',
			'leftSpace s2',
			'enteredSpace s3',
		]);
		expect(
			expectedStays('a', 'facility', stays, T0 + 5 * MINUTE, T0 + 20 * MINUTE).map((e) => e.event),
		).toEqual(['leftFacility', 'enteredFacility', 'leftFacility', 'enteredFacility']);
	});
});

describe('oracle: silence', () => {
	const readings = [0, 1, 2, 200, 201].map((m) => T0 + m * MINUTE);
	it('went silent once at the first poll past the limit, reporting again once', () => {
		const polls = [0, 60, 121, 122, 123, 180, 205, 210].map((m) => T0 + m * MINUTE);
		const events = expectedSilence('a', readings, polls, 120);
		expect(events.map((e) => [e.event, e.fields])).toEqual([
			['wentSilent', { silentMinutes: 121 }], // poll 123: 123 - 2 > 120 strictly (122 is not)
			['reportingAgain', { resumedAt: T0 + 200 * MINUTE, silentMinutes: 198 }],
		]);
		expect(events[0].key).toBe(`a|wentSilent|${T0 + 2 * MINUTE}`);
	});
	it('already silent at activation: no wentSilent, but reportingAgain', () => {
		const events = expectedSilence(
			'a',
			readings,
			[150, 205].map((m) => T0 + m * MINUTE),
			120,
		);
		expect(events.map((e) => e.event)).toEqual(['reportingAgain']);
	});
	it('an asset with no reading is never silent', () => {
		expect(
			expectedSilence(
				'a',
				[],
				[0, 500].map((m) => T0 + m * MINUTE),
				120,
			),
		).toEqual([]);
	});
});

describe('compareEvents', () => {
	it('counts lost, duplicated, unexpected and mismatched values', () => {
		const expected = expectedExcursions('a', series([9, 9, 9, 9, 7]), 0, {
			maxTemperature: 8,
			minTemperature: 2,
			excursionMinutes: 3,
			hysteresis: 0.5,
		});
		const started = {
			event: 'excursionStarted',
			assetId: 'a',
			direction: 'above',
			threshold: 8,
			startedAt: at(1),
			detectedAt: at(4),
			peakCelsius: 9,
		};
		const ok = compareEvents(expected, [
			started,
			{
				event: 'excursionEnded',
				assetId: 'a',
				direction: 'above',
				threshold: 8,
				startedAt: at(1),
				endedAt: at(5),
				durationMinutes: 4,
				peakCelsius: 9,
			},
		]);
		expect(line(ok)).toBe('events expected 2, emitted 2, lost 0, duplicated 0');
		expect(ok.mismatched).toEqual([]);
		const bad = compareEvents(expected, [
			started,
			started,
			{ ...started, peakCelsius: 10, startedAt: at(2) },
			{ event: 'temperatureReading', assetId: 'a' },
		]);
		expect([bad.lost, bad.duplicated, bad.unexpected.length]).toEqual([1, 1, 1]);
		expect(compareEvents(expected, [{ ...started, detectedAt: at(3) }]).mismatched).toHaveLength(1);
	});
});
