import {
	DIRECTIONS,
	type Direction,
	isBeyond,
	stepExcursion,
	type ExcursionRule,
	type OpenExcursion,
} from './excursion';
import { meanKineticTemperature } from './mkt';

/** One temperature reading of the period. */
export interface PeriodReading {
	/** Epoch ms. */
	ts: number;
	/** Its timestamp as the service wrote it. */
	timestamp: string;
	celsius: number;
}

export interface SummaryRule {
	/** The bounds, Minimum Duration and Hysteresis, as the trigger's excursions use them. */
	excursion: ExcursionRule;
	activationEnergyKj: number;
}

/** What a period's readings say, as Get Temperature Summary outputs it (after the period). */
export interface TemperatureSummary {
	readings: number;
	firstAt: string | null;
	lastAt: string | null;
	minCelsius: number | null;
	maxCelsius: number | null;
	meanCelsius: number | null;
	mktCelsius: number | null;
	minutesAbove: number;
	minutesBelow: number;
	minutesInRange: number;
	missingMinutes: number;
	excursions: number;
	longestExcursionMinutes: number;
}

const MINUTE = 60_000;
const round2 = (value: number) => Math.round(value * 100) / 100;
const round1 = (value: number) => Math.round(value * 10) / 10;
const rounded = (value: number | null) => (value === null ? null : round2(value));

/**
 * The summary of one period's readings (any order; each weighs one minute, the service records one
 * value a minute, and gaps are counted, never filled). The excursion rule starts afresh with the
 * first reading: an excursion still open after the last one counts once it has lasted the minimum,
 * and its length runs to that last reading.
 */
export function summarise(
	readings: readonly PeriodReading[],
	rule: SummaryRule,
): TemperatureSummary {
	const sorted = [...readings].sort((a, b) => a.ts - b.ts);
	const values = sorted.map((r) => r.celsius);
	const first = sorted[0];
	const last = sorted.at(-1);
	let minutesAbove = 0;
	let minutesBelow = 0;
	for (const value of values) {
		if (isBeyond(rule.excursion, 'above', value)) minutesAbove++;
		else if (isBeyond(rule.excursion, 'below', value)) minutesBelow++;
	}
	let sum = 0;
	for (const value of values) sum += value;
	return {
		readings: sorted.length,
		firstAt: first?.timestamp ?? null,
		lastAt: last?.timestamp ?? null,
		minCelsius: rounded(values.length > 0 ? values.reduce((a, b) => Math.min(a, b)) : null),
		maxCelsius: rounded(values.length > 0 ? values.reduce((a, b) => Math.max(a, b)) : null),
		meanCelsius: rounded(values.length > 0 ? sum / values.length : null),
		mktCelsius: rounded(meanKineticTemperature(values, rule.activationEnergyKj)),
		minutesAbove,
		minutesBelow,
		minutesInRange: values.length - minutesAbove - minutesBelow,
		missingMinutes: missingBetween(sorted),
		...excursionsOf(sorted, rule.excursion),
	};
}

/**
 * The clock minutes from the first reading to the last that hold none (readings sorted): what
 * versions 1 to 3 of the summary call missingMinutes, and from version 4
 * missingMinutesBetweenReadings.
 */
function missingBetween(sorted: readonly PeriodReading[]): number {
	const first = sorted[0];
	const last = sorted.at(-1);
	if (!first || !last) return 0;
	const minutes = new Set(sorted.map((r) => Math.floor(r.ts / MINUTE)));
	return Math.floor(last.ts / MINUTE) - Math.floor(first.ts / MINUTE) + 1 - minutes.size;
}

/** A summary's period (epoch ms, both ends included). */
export interface SummaryPeriod {
	from: number;
	to: number;
}

/**
 * The whole minutes of the period without a reading (any order): those before the first reading,
 * those between the first and the last that hold none, and those after the last. A reading stands
 * for its minute, so readings a minute apart miss none, wherever the period starts; a period
 * without readings misses all of its minutes.
 */
export function missingMinutesIn(
	readings: readonly PeriodReading[],
	period: SummaryPeriod,
): number {
	const sorted = [...readings].sort((a, b) => a.ts - b.ts);
	const first = sorted[0];
	const last = sorted.at(-1);
	if (!first || !last) return Math.round((period.to - period.from) / MINUTE);
	const before = Math.floor((first.ts - period.from) / MINUTE);
	const after = Math.floor((period.to - last.ts) / MINUTE);
	return Math.max(0, before) + missingBetween(sorted) + Math.max(0, after);
}

/** Excursions that started within the readings, and the longest of them (minutes, 1 decimal). */
function excursionsOf(sorted: PeriodReading[], rule: ExcursionRule) {
	const spans = excursionSpans(sorted, rule);
	const longestMs = spans.reduce(
		(longest, span) => Math.max(longest, span.until - span.startedAt),
		0,
	);
	return { excursions: spans.length, longestExcursionMinutes: round1(longestMs / MINUTE) };
}

/** One excursion of a period, as the summary counts it. */
export interface ExcursionSpan {
	direction: Direction;
	/** Epoch ms of the reading that opened it. */
	startedAt: number;
	/** Epoch ms of the reading back inside that ended it; null while it was open at the last reading. */
	endedAt: number | null;
	/** Where its length runs to: the reading that ended it, or the last reading. */
	until: number;
	/** Most extreme temperature of it (°C, as read). */
	peak: number;
}

/**
 * The excursions that started within the readings (sorted by time), above then below, each in
 * time order: what the summary counts, and what a report lists.
 */
export function excursionSpans(
	sorted: readonly PeriodReading[],
	rule: ExcursionRule,
): ExcursionSpan[] {
	const spans: ExcursionSpan[] = [];
	const last = sorted.at(-1);
	for (const direction of DIRECTIONS) {
		let open: OpenExcursion | undefined;
		for (const { ts, celsius } of sorted) {
			const step = stepExcursion(rule, direction, open, ts, celsius);
			const ended = step.ended;
			if (ended) {
				spans.push({
					direction,
					startedAt: ended.startedAt,
					endedAt: ts,
					until: ts,
					peak: ended.peak,
				});
			}
			open = step.open;
		}
		if (open?.started && last) {
			spans.push({
				direction,
				startedAt: open.startedAt,
				endedAt: null,
				until: last.ts,
				peak: open.peak,
			});
		}
	}
	return spans;
}
