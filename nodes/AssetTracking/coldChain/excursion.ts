/**
 * Temperature excursions, as cold-chain platforms report them: a run of readings beyond a bound
 * that lasts the minimum duration, ended only once the temperature is back inside by the
 * hysteresis margin, so readings that hover around the bound make one excursion, not one per
 * crossing. Per direction, readings in timestamp order (above; below mirrors it):
 *
 *   closed   → a reading > Alert Above opens it (pending), startedAt = its timestamp;
 *   open     → a reading ≤ Alert Above − Hysteresis closes it (ended, if it had started),
 *              any other reading keeps it open and raises the peak;
 *   pending  → started once a reading is at least Minimum Duration after startedAt.
 *
 * The trigger's excursion events and the action's temperature summary both step readings through
 * this one rule, so a summary counts the excursions the trigger reports.
 */
export type Direction = 'above' | 'below';

export const DIRECTIONS: readonly Direction[] = ['above', 'below'];

export interface ExcursionRule {
	/** Alert Above and Alert Below (°C): beyond them is out of range. */
	above: number;
	below: number;
	/** How far back inside a bound a temperature must come to end an excursion (°C). */
	hysteresis: number;
	/** How long an excursion lasts before it starts (ms). */
	minimumMs: number;
}

export interface OpenExcursion {
	/** Epoch ms of the reading that opened it. */
	startedAt: number;
	/** Most extreme temperature so far (highest above, lowest below). */
	peak: number;
	/** Whether it lasted the minimum duration. */
	started: boolean;
}

/** What one reading did to one direction's excursion. */
export interface ExcursionStep<E extends OpenExcursion> {
	/** The excursion open after the reading (a new one has only the fields above). */
	open: E | OpenExcursion | undefined;
	/** This reading started it (it lasted the minimum duration). */
	started?: boolean;
	/** This reading ended an excursion that had started: the excursion as it closed. */
	ended?: E;
}

export const thresholdOf = (rule: ExcursionRule, direction: Direction) =>
	direction === 'above' ? rule.above : rule.below;

/** Whether a temperature is beyond a bound (strictly: a reading on the bound is in range). */
export const isBeyond = (rule: ExcursionRule, direction: Direction, value: number) =>
	direction === 'above' ? value > rule.above : value < rule.below;

/** One reading's effect on one direction's open excursion; `open` is not changed. */
export function stepExcursion<E extends OpenExcursion>(
	rule: ExcursionRule,
	direction: Direction,
	open: E | undefined,
	ts: number,
	value: number,
): ExcursionStep<E> {
	const above = direction === 'above';
	const threshold = thresholdOf(rule, direction);
	const backInside = above
		? value <= threshold - rule.hysteresis
		: value >= threshold + rule.hysteresis;
	let excursion: E | OpenExcursion;
	if (!open) {
		if (!isBeyond(rule, direction, value)) return { open: undefined };
		excursion = { startedAt: ts, peak: value, started: false };
	} else if (backInside) {
		return { open: undefined, ended: open.started ? open : undefined };
	} else {
		excursion = { ...open, peak: above ? Math.max(open.peak, value) : Math.min(open.peak, value) };
	}
	if (excursion.started || ts - excursion.startedAt < rule.minimumMs) return { open: excursion };
	return { open: { ...excursion, started: true }, started: true };
}
