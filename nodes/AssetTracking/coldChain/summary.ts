import {
	DIRECTIONS,
	type Direction,
	isBeyond,
	stepExcursion,
	thresholdOf,
	type ExcursionRule,
	type OpenExcursion,
} from './excursion';
import { meanKineticTemperature } from './mkt';
import { profileAt, ruleOf, type ProfileStay, type Profiles, type SpaceProfile } from './profiles';

/** One temperature reading of the period. */
export interface PeriodReading {
	/** Epoch ms. */
	ts: number;
	/** Its timestamp as the service wrote it. */
	timestamp: string;
	celsius: number;
}

export interface SummaryRule {
	/**
	 * The bounds, Minimum Duration and Hysteresis, as the trigger's excursions use them; the bounds
	 * those of readings in no profiled space.
	 */
	excursion: ExcursionRule;
	activationEnergyKj: number;
	/** Profiles by Space, as the trigger's (profiles.ts); absent: every reading by the bounds above. */
	profiles?: Profiles;
	/**
	 * The Stability Budget of readings in no profiled space (minutes); absent: the summary has no
	 * budget figures.
	 */
	budgetMinutes?: number;
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
 * and its length runs to that last reading. With Profiles by Space, `stays` (profileStays of the
 * asset's space history) say which profile judges each reading, as the trigger judges it.
 */
export function summarise(
	readings: readonly PeriodReading[],
	rule: SummaryRule,
	stays: readonly ProfileStay[] = [],
): TemperatureSummary {
	const sorted = [...readings].sort((a, b) => a.ts - b.ts);
	const values = sorted.map((r) => r.celsius);
	const first = sorted[0];
	const last = sorted.at(-1);
	const { minutesAbove, minutesBelow } = totalOf(judge(sorted, rule.excursion, stays));
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
		...excursionsOf(sorted, rule.excursion, stays),
	};
}

/** The minutes one rule judged out of range: a reading beyond a bound counts one. */
interface Judged {
	readings: number;
	minutesAbove: number;
	minutesBelow: number;
}

/**
 * Each reading (sorted) judged by the profile in force at its timestamp, else the node's bounds:
 * the minutes per profile (by space id; '' the node's bounds), in the order first used, and the
 * profile of the last reading.
 */
function judge(
	sorted: readonly PeriodReading[],
	rule: ExcursionRule,
	stays: readonly ProfileStay[],
) {
	const byProfile = new Map<string, Judged & { profile?: SpaceProfile }>();
	let last: SpaceProfile | undefined;
	for (const { ts, celsius } of sorted) {
		last = stays.length > 0 ? profileAt(stays, ts) : undefined;
		const judged = ruleOf(rule, last);
		const key = last?.spaceId ?? '';
		const counts = byProfile.get(key) ?? {
			profile: last,
			readings: 0,
			minutesAbove: 0,
			minutesBelow: 0,
		};
		byProfile.set(key, counts);
		counts.readings++;
		if (isBeyond(judged, 'above', celsius)) counts.minutesAbove++;
		else if (isBeyond(judged, 'below', celsius)) counts.minutesBelow++;
	}
	return { byProfile, last };
}

const totalOf = ({ byProfile }: ReturnType<typeof judge>): Judged =>
	[...byProfile.values()].reduce(
		(sum, judged) => ({
			readings: sum.readings + judged.readings,
			minutesAbove: sum.minutesAbove + judged.minutesAbove,
			minutesBelow: sum.minutesBelow + judged.minutesBelow,
		}),
		{ readings: 0, minutesAbove: 0, minutesBelow: 0 },
	);

/** A profile of Profiles by Space that judged readings of the period, and what it judged. */
export interface ProfileUse extends SpaceProfile, Judged {}

/**
 * The stability budget over the period, named as the trigger's Stability Budget Consumed names
 * it: every reading beyond its bounds consumed a minute (no minimum duration, no hysteresis), and
 * the budget is the one in force at the last reading (its profile's, else the node's), as the
 * trigger compares its count with the budget in force at each reading. The count is the period's,
 * where the trigger's runs from its activation and never resets.
 */
export interface BudgetUse {
	budgetMinutes: number;
	consumedMinutes: number;
	remainingMinutes: number;
	/** consumedMinutes as a share of budgetMinutes (%, 1 decimal). */
	consumedPercent: number;
}

/**
 * What the rule's Profiles by Space and Stability Budget say of the period: the profiles that
 * judged its readings (when the rule has profiles) and the budget used (when it has a budget).
 */
export function ruleUse(
	readings: readonly PeriodReading[],
	rule: SummaryRule,
	stays: readonly ProfileStay[],
): { spaceProfiles?: ProfileUse[]; budget?: BudgetUse } {
	if (!rule.profiles && rule.budgetMinutes === undefined) return {};
	const sorted = [...readings].sort((a, b) => a.ts - b.ts);
	const judged = judge(sorted, rule.excursion, stays);
	const use: { spaceProfiles?: ProfileUse[]; budget?: BudgetUse } = {};
	if (rule.profiles) {
		use.spaceProfiles = [...judged.byProfile.values()].flatMap(({ profile, ...counts }) =>
			profile ? [{ ...profile, ...counts }] : [],
		);
	}
	if (rule.budgetMinutes !== undefined) {
		const budgetMinutes = judged.last?.budgetMinutes ?? rule.budgetMinutes;
		const { minutesAbove, minutesBelow } = totalOf(judged);
		const consumedMinutes = minutesAbove + minutesBelow;
		use.budget = {
			budgetMinutes,
			consumedMinutes,
			remainingMinutes: Math.max(0, budgetMinutes - consumedMinutes),
			consumedPercent: round1((consumedMinutes * 100) / budgetMinutes),
		};
	}
	return use;
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
function excursionsOf(sorted: PeriodReading[], rule: ExcursionRule, stays: readonly ProfileStay[]) {
	const spans = excursionSpans(sorted, rule, stays);
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
	/** The bound it went beyond (°C): its profile's, else the node's. */
	threshold: number;
	/** The space of the profile that judged it (Profiles by Space); absent: the node's bounds. */
	spaceId?: string;
}

/**
 * The excursions that started within the readings (sorted by time), above then below, each in
 * time order: what the summary counts, and what a report lists. With Profiles by Space, as the
 * trigger's excursions: a reading judged by another profile than the open excursion's ends it
 * (counted if it had started), and the new profile judges that reading afresh.
 */
export function excursionSpans(
	sorted: readonly PeriodReading[],
	rule: ExcursionRule,
	stays: readonly ProfileStay[] = [],
): ExcursionSpan[] {
	const spans: ExcursionSpan[] = [];
	const last = sorted.at(-1);
	for (const direction of DIRECTIONS) {
		let open: (OpenExcursion & { profile?: SpaceProfile }) | undefined;
		const close = (excursion: NonNullable<typeof open>, endedAt: number | null, until: number) =>
			spans.push({
				direction,
				startedAt: excursion.startedAt,
				endedAt,
				until,
				peak: excursion.peak,
				threshold: thresholdOf(ruleOf(rule, excursion.profile), direction),
				...(excursion.profile ? { spaceId: excursion.profile.spaceId } : {}),
			});
		for (const { ts, celsius } of sorted) {
			const profile = stays.length > 0 ? profileAt(stays, ts) : undefined;
			if (open && open.profile !== profile) {
				if (open.started) close(open, ts, ts);
				open = undefined;
			}
			const step = stepExcursion(ruleOf(rule, profile), direction, open, ts, celsius);
			if (step.ended) close(step.ended, ts, ts);
			// A new excursion is the profile's that opened it; one kept open keeps its profile.
			open = step.open && !open ? { ...step.open, profile } : step.open;
		}
		if (open?.started && last) close(open, null, last.ts);
	}
	return spans;
}
