import { profileAt, type ProfileStay } from '../coldChain/profiles';
import type { ExcursionSpan } from '../coldChain/summary';
import type { Color, Painter } from './painter';
import { offsetAt, wallParts } from './time';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The service records a reading a minute: two readings further apart than this leave a gap. */
const GAP_MS = 1.5 * MINUTE;

/** What one asset's chart shows: its readings (sorted by time) over the period, and its rule. */
export interface ChartSeries {
	from: number;
	to: number;
	readings: ReadonlyArray<{ ts: number; celsius: number }>;
	/** The node's bounds: those of readings in no space of Profiles by Space. */
	above: number;
	below: number;
	/** Its stays in the spaces of Profiles by Space: their bounds, while it was in them. */
	stays?: readonly ProfileStay[];
	excursions: readonly ExcursionSpan[];
	/** The workflow's time zone: the time axis reads its wall clocks. */
	timeZone: string;
}

/** A stretch of the period judged by one pair of bounds. */
interface Bounds {
	from: number;
	to: number;
	above: number;
	below: number;
}

/**
 * The bounds over the period, stretch by stretch: the node's, and a profile's while the asset was
 * in its space (the profile in force at each stretch's start, as coldChain/profiles.ts judges).
 */
function boundsOf(series: ChartSeries): Bounds[] {
	const stays = series.stays ?? [];
	const edges = [
		series.from,
		...stays.flatMap((s) => [s.from, s.until]).filter((t) => t > series.from && t < series.to),
		series.to,
	].sort((a, b) => a - b);
	const stretches: Bounds[] = [];
	// The first stretch always (a period of one instant, From = To, has its bounds too).
	for (let k = 0; k + 1 < edges.length; k++) {
		if (k > 0 && edges[k + 1] <= edges[k]) continue;
		const profile = profileAt(stays, edges[k]);
		const above = profile?.maxTemperature ?? series.above;
		const below = profile?.minTemperature ?? series.below;
		const previous = stretches.at(-1);
		if (previous && previous.above === above && previous.below === below)
			previous.to = edges[k + 1];
		else stretches.push({ from: edges[k], to: edges[k + 1], above, below });
	}
	return stretches;
}

export interface Box {
	x: number;
	y: number;
	width: number;
	height: number;
}

/**
 * The chart of one asset in `box`: temperatures over the period as a line through at most two
 * points per column of the plot (the column's minimum and maximum, in the order they were read),
 * so the drawing's size depends on the plot's width, never on the number of readings; the bounds
 * as lines, excursions shaded, and time without readings shaded as gaps, the line broken there.
 */
export function drawChart(painter: Painter, box: Box, series: ChartSeries, fontSize: number) {
	const left = box.x + painter.textWidth('-00.0 °C', fontSize) + fontSize * 0.6;
	const plot: Box = {
		x: left,
		y: box.y + fontSize * 0.6,
		width: box.x + box.width - left,
		height: box.height - fontSize * 2.6,
	};
	const [low, high] = temperatureRange(series);
	const xOf = (ts: number) =>
		plot.x + ((ts - series.from) / Math.max(1, series.to - series.from)) * plot.width;
	const yOf = (celsius: number) =>
		plot.y + plot.height - ((celsius - low) / (high - low)) * plot.height;
	const band = (start: number, end: number, color: Color) => {
		const x0 = Math.max(plot.x, xOf(start));
		const x1 = Math.min(plot.x + plot.width, xOf(end));
		if (x1 > x0) painter.rect(x0, plot.y, Math.max(x1 - x0, 0.5), plot.height, color);
	};

	// Gaps over excursions: a gap within an excursion shows as a gap.
	for (const span of series.excursions) band(span.startedAt, span.until, 'excursion');
	for (const [start, end] of gapsOf(series)) band(start, end, 'gap');

	for (const tick of temperatureTicks(low, high)) {
		const y = yOf(tick);
		painter.line(
			[
				[plot.x, y],
				[plot.x + plot.width, y],
			],
			'grid',
			0.5,
		);
		const label = formatTick(tick);
		painter.text(
			plot.x - painter.textWidth(label, fontSize) - fontSize * 0.4,
			y + fontSize * 0.35,
			label,
			fontSize,
			'muted',
		);
	}
	const room = painter.textWidth('00 Nov', fontSize) * 1.8;
	for (const tick of timeTicks(
		series.from,
		series.to,
		Math.max(2, Math.floor(plot.width / room)),
		series.timeZone,
	)) {
		const x = xOf(tick.at);
		painter.line(
			[
				[x, plot.y],
				[x, plot.y + plot.height],
			],
			'grid',
			0.5,
		);
		// Centred on its tick, kept within the box at its ends.
		const width = painter.textWidth(tick.label, fontSize);
		painter.text(
			Math.max(box.x, Math.min(x - width / 2, box.x + box.width - width)),
			plot.y + plot.height + fontSize * 1.5,
			tick.label,
			fontSize,
			'muted',
		);
	}
	for (const stretch of boundsOf(series)) {
		for (const [celsius, color] of [
			[stretch.above, 'above'],
			[stretch.below, 'below'],
		] as const) {
			painter.line(
				[
					[xOf(stretch.from), yOf(celsius)],
					[xOf(stretch.to), yOf(celsius)],
				],
				color,
				1,
			);
		}
	}

	const columns = Math.max(1, Math.floor(plot.width));
	for (const run of runsOf(series.readings)) {
		const points = columnPoints(run, columns, series).map(
			([column, celsius]) =>
				[plot.x + ((column + 0.5) / columns) * plot.width, yOf(celsius)] as const,
		);
		painter.line(points, 'series', 1.2);
	}
	painter.line(
		[
			[plot.x, plot.y],
			[plot.x + plot.width, plot.y],
			[plot.x + plot.width, plot.y + plot.height],
			[plot.x, plot.y + plot.height],
			[plot.x, plot.y],
		],
		'muted',
		0.5,
	);
}

/** The temperatures the plot spans: every reading and every bound, with a margin. */
function temperatureRange(series: ChartSeries): [number, number] {
	const bounds = boundsOf(series);
	let low = Math.min(...bounds.map((b) => b.below));
	let high = Math.max(...bounds.map((b) => b.above));
	for (const { celsius } of series.readings) {
		if (celsius < low) low = celsius;
		if (celsius > high) high = celsius;
	}
	const margin = Math.max(0.5, (high - low) * 0.08);
	return [low - margin, high + margin];
}

function temperatureTicks(low: number, high: number): number[] {
	const step = [0.5, 1, 2, 5, 10, 20, 50, 100].find((s) => (high - low) / s <= 6) ?? 200;
	const ticks: number[] = [];
	for (let t = Math.ceil(low / step) * step; t <= high; t += step)
		ticks.push(Math.round(t * 10) / 10);
	return ticks;
}

/** A temperature tick with its unit: "-20 °C", "2.5 °C". */
const formatTick = (celsius: number) =>
	`${Number.isInteger(celsius) ? celsius : celsius.toFixed(1)} °C`;

/**
 * At most `most` times along the axis, on the wall clocks of `timeZone`: hours for a period of up
 * to two days, days beyond (the zone's offset at From places them; a tick's label is its own time).
 */
function timeTicks(
	from: number,
	to: number,
	most: number,
	timeZone: string,
): Array<{ at: number; label: string }> {
	const span = to - from;
	const shift = offsetAt(from, timeZone);
	const label = (at: number, daily: boolean) => {
		const { day, clock } = wallParts(at, timeZone);
		return daily || clock === '00:00' ? day : clock;
	};
	const daily = span > 2 * DAY;
	const step = daily
		? ([DAY, 2 * DAY, 4 * DAY, 7 * DAY].find((s) => span / s <= most) ?? 14 * DAY)
		: ([HOUR, 2 * HOUR, 3 * HOUR, 4 * HOUR, 6 * HOUR, 12 * HOUR].find((s) => span / s <= most) ??
			DAY);
	const first = Math.ceil((from + shift) / (daily ? DAY : step)) * (daily ? DAY : step) - shift;
	const ticks = [];
	for (let at = first; at <= to; at += step) ticks.push({ at, label: label(at, daily) });
	return ticks;
}

/** The readings in runs without a gap between neighbours. */
function runsOf<R extends { ts: number }>(readings: readonly R[]): R[][] {
	const runs: R[][] = [];
	let run: R[] = [];
	for (const reading of readings) {
		if (run.length > 0 && reading.ts - run[run.length - 1].ts > GAP_MS) {
			runs.push(run);
			run = [];
		}
		run.push(reading);
	}
	if (run.length > 0) runs.push(run);
	return runs;
}

/** The stretches of the period without readings: before the first, between runs, after the last. */
export function gapsOf(
	series: Pick<ChartSeries, 'from' | 'to' | 'readings'>,
): Array<[number, number]> {
	const gaps: Array<[number, number]> = [];
	let previous = series.from - MINUTE;
	for (const { ts } of series.readings) {
		if (ts - previous > GAP_MS)
			gaps.push([previous === series.from - MINUTE ? series.from : previous, ts]);
		previous = ts;
	}
	if (series.to - previous > GAP_MS)
		gaps.push([previous === series.from - MINUTE ? series.from : previous, series.to]);
	return gaps;
}

/** A run's minimum and maximum per plot column, in the order they were read: [column, °C]. */
function columnPoints(
	run: ReadonlyArray<{ ts: number; celsius: number }>,
	columns: number,
	series: ChartSeries,
): Array<[number, number]> {
	const points: Array<[number, number]> = [];
	const span = Math.max(1, series.to - series.from);
	let column = -1;
	let min = { ts: 0, celsius: 0 };
	let max = min;
	const flush = () => {
		if (column < 0) return;
		if (min === max || min.celsius === max.celsius) points.push([column, min.celsius]);
		else if (min.ts < max.ts) points.push([column, min.celsius], [column, max.celsius]);
		else points.push([column, max.celsius], [column, min.celsius]);
	};
	for (const reading of run) {
		const at = Math.min(
			columns - 1,
			Math.max(0, Math.floor(((reading.ts - series.from) / span) * columns)),
		);
		if (at !== column) {
			flush();
			column = at;
			min = max = reading;
		} else if (reading.celsius < min.celsius) min = reading;
		else if (reading.celsius > max.celsius) max = reading;
	}
	flush();
	return points;
}
