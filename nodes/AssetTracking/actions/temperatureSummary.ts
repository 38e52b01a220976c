import type { IDataObject, INodeProperties } from 'n8n-workflow';

import * as api from '../api';
import { DEFAULT_ACTIVATION_ENERGY_KJ } from '../coldChain/mkt';
import { summarise, type PeriodReading, type SummaryRule } from '../coldChain/summary';
import { rules } from '../helpers/validation';
import { MAX_PAGE_SIZE } from '../transport';
import type { ParamReader } from './params';
import { defineOperation, type ListPages } from './types';
import { assetIdParam, oneAssetFields } from './asset/common';
import { isoTime, periodFields, readPeriod, type Period } from './summaryPeriod';

const MINUTE = 60_000;

export const summaryOptions: INodeProperties = {
	displayName: 'Summary Options',
	name: 'summaryOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Activation Energy (kJ/mol)',
			name: 'activationEnergy',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 3 },
			default: 83.144,
			description:
				'ΔH of the mean kinetic temperature: 83.144 kJ/mol is USP &lt;1160&gt;’s, so ΔH/R is 10,000 K (R = 8.3144 J/(mol·K))',
		},
		{
			displayName: 'Alert Above (°C)',
			name: 'maxTemperature',
			type: 'number',
			typeOptions: { numberPrecision: 1 },
			default: 8,
			description: 'Readings above it are minutes above, and excursions above it are counted',
		},
		{
			displayName: 'Alert Below (°C)',
			name: 'minTemperature',
			type: 'number',
			typeOptions: { numberPrecision: 1 },
			default: 2,
			description: 'Readings below it are minutes below, and excursions below it are counted',
		},
		{
			displayName: 'Hysteresis (°C)',
			name: 'hysteresis',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 1 },
			default: 0.5,
			description:
				"How far back inside the bound a temperature must come to end an excursion, as the trigger's excursions",
		},
		{
			displayName: 'Minimum Duration (Minutes)',
			name: 'excursionMinutes',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 10,
			description:
				"How long a temperature must stay beyond a bound to count as an excursion, as the trigger's excursions",
		},
	],
};

/** The summary's bounds, excursion rule and activation energy, checked before anything is sent. */
export function readRule(p: ParamReader): SummaryRule {
	const option = (name: string, rule: ReturnType<typeof rules.number>, fallback: number) =>
		p.fromCollection<number>('summaryOptions', name, rule) ?? fallback;
	const above = option('maxTemperature', rules.number(-100, 500), 8);
	const below = option('minTemperature', rules.number(-100, 500), 2);
	p.check(p.collectionLabel('summaryOptions', 'minTemperature'), below, {
		describe: `below ${p.collectionLabel('summaryOptions', 'maxTemperature')} (${above})`,
		test: () => below < above,
	});
	return {
		excursion: {
			above,
			below,
			minimumMs: option('excursionMinutes', rules.number(0, 525_600), 10) * MINUTE,
			hysteresis: option('hysteresis', rules.number(0, 100), 0.5),
		},
		activationEnergyKj: option(
			'activationEnergy',
			rules.number(1, 1000),
			DEFAULT_ACTIVATION_ENERGY_KJ,
		),
	};
}

/**
 * The readings of one asset within the period (From ≤ timestamp ≤ To). The list's order is not
 * stated: it is read off the timestamps, and once it is known newest first the reading stops
 * after the first page that goes past From (oldest first: past To); otherwise the list is read
 * to its end. A reading listed twice (a list that shifted while it was paged) counts once.
 */
async function readingsOf(
	pages: ListPages,
	assetId: string,
	period: Period,
): Promise<PeriodReading[]> {
	const found = new Map<number, PeriodReading>();
	// A reading a minute: with To now (the default), one page holds the period and the reading
	// before From that shows the list went past it. Readings newer than To fill the next pages.
	const minutes = Math.ceil((period.to - period.from) / MINUTE);
	const firstPageSize = Math.min(MAX_PAGE_SIZE, minutes + 2);
	let previous: number | undefined;
	let order: 'unknown' | 'newestFirst' | 'oldestFirst' | 'unordered' = 'unknown';
	for await (const items of pages(api.getAssetTemperatureHistory, {
		pathParams: { assetId },
		firstPageSize,
	})) {
		let last: number | undefined;
		for (const item of items) {
			const ts = typeof item?.timestamp === 'string' ? Date.parse(item.timestamp) : Number.NaN;
			if (Number.isNaN(ts)) continue;
			if (previous !== undefined && ts !== previous && order !== 'unordered') {
				const direction = ts < previous ? 'newestFirst' : 'oldestFirst';
				order = order === 'unknown' || order === direction ? direction : 'unordered';
			}
			previous = last = ts;
			const celsius = item.degreesCelsius;
			if (ts < period.from || ts > period.to || typeof celsius !== 'number') continue;
			found.set(ts, { ts, timestamp: item.timestamp as string, celsius });
		}
		if (last === undefined) continue;
		if (order === 'newestFirst' && last < period.from) break;
		if (order === 'oldestFirst' && last > period.to) break;
	}
	return [...found.values()];
}

/**
 * Asset → Get Temperature Summary: what QA decides on for one asset and period. Mean, MKT, minutes
 * out of range, gaps and excursions (the trigger's rule, coldChain/), from the temperature list
 * paged through the transport. An operation of code (`compute`), not one request.
 */
export const getTemperatureSummary = defineOperation({
	operation: 'getTemperatureSummary',
	name: 'Get Temperature Summary',
	action: 'Get a temperature summary of an asset',
	description: 'Summarise the temperatures of an asset over a period',
	endpoint: api.getAssetTemperatureHistory,
	fields: [...oneAssetFields(), ...periodFields, summaryOptions],
	compute: async (p, pages): Promise<IDataObject> => {
		const { assetId } = assetIdParam(p);
		const { summary } = await assetSummary(pages, assetId, readPeriod(p), readRule(p));
		return summary;
	},
});

/**
 * Get Temperature Summary's output for one asset and period, and the readings it was computed
 * from: the one place that output is made. Report → Create Temperature Report prints and
 * outputs exactly this per asset, so whatever the summary says, the report says.
 */
export async function assetSummary(
	pages: ListPages,
	assetId: string,
	period: Period,
	rule: SummaryRule,
): Promise<{ summary: IDataObject; readings: PeriodReading[] }> {
	const readings = await readingsOf(pages, assetId, period);
	const summary = {
		assetId,
		from: isoTime(period.from),
		to: isoTime(period.to),
		...summarise(readings, rule),
	};
	return { summary, readings };
}
