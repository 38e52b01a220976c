import { NodeOperationError } from 'n8n-workflow';

import { secondOf } from '../identity';
import { ALERT_ABOVE, ALERT_BELOW, numberOption, TEMPERATURE_RANGE } from '../settings';
import { b36, p36 } from '../state/numbers';
import { serviceTimestamp } from '../timestamp';
import { assetOf, celsius, text } from '../words';
import type { EventFamily, TriggerEvent } from './family';

type Direction = 'above' | 'below';

interface Excursion {
	/** Epoch ms of the reading that opened it. */
	startedAt: number;
	/** Most extreme temperature so far (highest above, lowest below). */
	peak: number;
	/** Whether it lasted the minimum duration (excursionStarted was due). */
	started: boolean;
}

/** The open excursions of one asset, per direction; closed directions are absent. */
type ExcursionMemory = Partial<Record<Direction, Excursion>>;

interface ExcursionSettings {
	maxTemperature: number;
	minTemperature: number;
	minimumMs: number;
	hysteresis: number;
}

const MINUTE = 60_000;
const DIRECTIONS: Direction[] = ['above', 'below'];
const round1 = (value: number) => Math.round(value * 10) / 10;
/** How much longer than the Minimum Duration a sample Excursion Ended lasted. */
const SAMPLE_MINUTES = 30;

/**
 * Temperature excursions, as cold-chain platforms report them: a run of readings beyond a bound
 * that lasts the minimum duration, ended only once the temperature is back inside by the
 * hysteresis margin, so readings that hover around the bound make one excursion, not one per
 * crossing. Per asset and direction, readings in timestamp order (above; below mirrors it):
 *
 *   closed   → a reading > Alert Above opens it (pending), startedAt = its timestamp;
 *   open     → a reading ≤ Alert Above − Hysteresis closes it (excursionEnded if it had started),
 *              any other reading keeps it open and raises the peak;
 *   pending  → started once a reading is at least Minimum Duration after startedAt
 *              (excursionStarted, detectedAt = that reading's timestamp).
 *
 * Only readings newer than the newest one already folded move it (a late reading cannot reopen
 * the past). An excursion that opened before the trigger started emits its end but not its start.
 */
export const excursions: EventFamily<ExcursionMemory, ExcursionSettings> = {
	name: 'excursions',
	events: [
		{
			value: 'excursionStarted',
			name: 'Excursion Started',
			description:
				'A temperature beyond Alert Above or Below for at least the Minimum Duration (once per excursion)',
		},
		{
			value: 'excursionEnded',
			name: 'Excursion Ended',
			description:
				'A started excursion is over: the temperature is back inside the bound by the Hysteresis, with its duration and peak',
		},
	],
	options: [
		{
			displayName: 'Minimum Duration (Minutes)',
			name: 'excursionMinutes',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 10,
			description:
				'How long a temperature must stay beyond Alert Above or Below before Excursion Started is emitted. 0 starts an excursion with its first reading.',
			displayOptions: { show: { '/events': ['excursionStarted', 'excursionEnded'] } },
		},
		{
			displayName: 'Hysteresis (°C)',
			name: 'hysteresis',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 1 },
			default: 0.5,
			description:
				'How far back inside the bound a temperature must come to end an excursion (below Alert Above by this much, above Alert Below by this much), so readings hovering around the bound do not end and restart it',
			displayOptions: { show: { '/events': ['excursionStarted', 'excursionEnded'] } },
		},
	],
	settings: ({ node, options }) => {
		const maxTemperature = numberOption(
			node,
			options,
			'maxTemperature',
			ALERT_ABOVE,
			8,
			...TEMPERATURE_RANGE,
		);
		const minTemperature = numberOption(
			node,
			options,
			'minTemperature',
			ALERT_BELOW,
			2,
			...TEMPERATURE_RANGE,
		);
		if (!(minTemperature < maxTemperature)) {
			throw new NodeOperationError(
				node,
				`"${ALERT_BELOW}" must be below "${ALERT_ABOVE}" for excursions: ${minTemperature} is not below ${maxTemperature}`,
			);
		}
		const minutes = numberOption(
			node,
			options,
			'excursionMinutes',
			'Minimum Duration (Minutes)',
			10,
			0,
			525_600,
		);
		const hysteresis = numberOption(node, options, 'hysteresis', 'Hysteresis (°C)', 0.5, 0, 100);
		return { maxTemperature, minTemperature, minimumMs: minutes * MINUTE, hysteresis };
	},
	readings: () => ['temperature'],
	fold: ({ settings, memory, readings, quietUntil }) => {
		const list = readings.temperature;
		const open: ExcursionMemory = { ...memory };
		const events: TriggerEvent[] = [];
		if (!list) return { memory, events };
		const folded = list.before?.newest ?? Number.NEGATIVE_INFINITY;
		for (const reading of list.fresh) {
			const value = reading.item.degreesCelsius;
			if (typeof value !== 'number' || secondOf(reading.ts) <= folded) continue;
			for (const direction of DIRECTIONS) {
				const made = step(settings, direction, open, reading.ts, value);
				// A start counts from the reading that opened the excursion, an end from its own.
				if (made && made.news > quietUntil) events.push(made.event);
			}
		}
		return { memory: open.above || open.below ? open : undefined, events };
	},
	encode: (memory) =>
		DIRECTIONS.filter((d) => memory[d])
			.map((d) => {
				const { startedAt, peak, started } = memory[d]!;
				return `${d[0]}${started ? 's' : 'p'}${b36(startedAt)}~${peak}`;
			})
			.join(','),
	decode: (text) => {
		const memory: ExcursionMemory = {};
		for (const part of text.split(',')) {
			const match = /^([ab])([ps])([0-9a-z]+)~(-?[0-9.]+)$/.exec(part);
			if (!match) continue;
			const startedAt = p36(match[3]);
			const peak = Number(match[4]);
			if (!Number.isFinite(startedAt) || !Number.isFinite(peak)) continue;
			memory[match[1] === 'a' ? 'above' : 'below'] = { startedAt, peak, started: match[2] === 's' };
		}
		return memory.above || memory.below ? memory : undefined;
	},
	// An excursion above Alert Above that reached the asset's newest temperature: started the
	// Minimum Duration before it, or (ended) SAMPLE_MINUTES longer ago; its peak is the highest
	// reading read, or one degree above the bound.
	sample: (event, { settings, readings, now }) => {
		const list = readings.temperature ?? [];
		const newest = list.at(-1)?.ts ?? now;
		const values = list
			.map((r) => r.item.degreesCelsius)
			.filter((v): v is number => typeof v === 'number');
		const threshold = settings.maxTemperature;
		const peakCelsius = round1(Math.max(threshold + 1, ...values));
		if (event === 'excursionStarted') {
			return {
				direction: 'above',
				threshold,
				startedAt: serviceTimestamp(newest - settings.minimumMs),
				detectedAt: serviceTimestamp(newest),
				peakCelsius,
			};
		}
		const startedAt = newest - settings.minimumMs - SAMPLE_MINUTES * MINUTE;
		return {
			direction: 'above',
			threshold,
			startedAt: serviceTimestamp(startedAt),
			endedAt: serviceTimestamp(newest),
			durationMinutes: round1((newest - startedAt) / MINUTE),
			peakCelsius,
		};
	},
	summary: (item) => {
		const beyond = `${text(item.direction, 'beyond')} ${celsius(item.threshold)}`;
		const peak = `peak ${celsius(item.peakCelsius)}`;
		if (item.event === 'excursionEnded') {
			return `${assetOf(item)} was ${beyond} for ${text(item.durationMinutes, '?')} min until ${text(item.endedAt, 'an unknown time')} (${peak})`;
		}
		return `${assetOf(item)} has been ${beyond} since ${text(item.startedAt, 'an unknown time')} (${peak} so far)`;
	},
};

/** One reading's effect on one direction; returns the event it makes, if any. */
function step(
	settings: ExcursionSettings,
	direction: Direction,
	open: ExcursionMemory,
	ts: number,
	value: number,
): { event: TriggerEvent; news: number } | undefined {
	const above = direction === 'above';
	const threshold = above ? settings.maxTemperature : settings.minTemperature;
	const beyond = above ? value > threshold : value < threshold;
	const backInside = above
		? value <= threshold - settings.hysteresis
		: value >= threshold + settings.hysteresis;
	let excursion = open[direction];
	if (!excursion) {
		if (!beyond) return undefined;
		excursion = open[direction] = { startedAt: ts, peak: value, started: false };
	} else if (backInside) {
		delete open[direction];
		if (!excursion.started) return undefined;
		return {
			news: ts,
			event: {
				event: 'excursionEnded',
				at: ts,
				fields: {
					direction,
					threshold,
					startedAt: serviceTimestamp(excursion.startedAt),
					endedAt: serviceTimestamp(ts),
					durationMinutes: round1((ts - excursion.startedAt) / MINUTE),
					peakCelsius: excursion.peak,
				},
			},
		};
	} else {
		excursion.peak = above ? Math.max(excursion.peak, value) : Math.min(excursion.peak, value);
	}
	if (excursion.started || ts - excursion.startedAt < settings.minimumMs) return undefined;
	excursion.started = true;
	return {
		news: excursion.startedAt,
		event: {
			event: 'excursionStarted',
			at: ts,
			fields: {
				direction,
				threshold,
				startedAt: serviceTimestamp(excursion.startedAt),
				detectedAt: serviceTimestamp(ts),
				peakCelsius: excursion.peak,
			},
		},
	};
}
