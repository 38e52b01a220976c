import type { IDataObject } from 'n8n-workflow';

import * as api from '../api';
import { profileStays, type ProfileStay } from '../coldChain/profiles';
import {
	missingMinutesIn,
	ruleUse,
	summarise,
	type PeriodReading,
	type SummaryRule,
} from '../coldChain/summary';
import { MAX_PAGE_SIZE } from '../transport';
import type { ListPages, ObjectReader } from './types';
import { ruleFields } from './summaryRule';
import { isoTime, serviceTime, type Period } from './summaryPeriod';

const MINUTE = 60_000;

/** How a summary reads the service: lists page by page, and single objects. */
export interface SummaryReads {
	pages: ListPages;
	get: ObjectReader;
}

/** What one summary is of: an asset, a period and the rule that judges its readings. */
export interface SummaryRequest {
	assetId: string;
	period: Period;
	rule: SummaryRule;
}

/** What one asset's summary was made of, for a report to draw: sorted readings, spaces. */
export interface SummarySources {
	/** The period's readings, oldest first. */
	readings: PeriodReading[];
	/** The asset's space history, as the service lists it. */
	spaceHistory: IDataObject[];
	/** Its stays in the spaces of Profiles by Space (none without them). */
	stays: ProfileStay[];
	/** The asset as the service gives it. */
	asset: IDataObject;
}

/**
 * The temperature summary of one asset as an audit record (Get Temperature Summary from node
 * version 4, and Report → Create Temperature Report, which prints and outputs exactly it): who
 * (the asset's name, the space it was in at To), the period in the service's time format, the
 * rule that applied, and what the readings say, missingMinutes counting every minute of the
 * period without a reading; with Profiles by Space the profiles that judged readings (each with
 * its space's name and what it judged), with a Stability Budget the budget used. And what it was
 * computed from (the report's chart and tables). The one place the record is made: operations
 * that show summaries call it rather than assemble their own.
 */
export async function temperatureSummary(
	read: SummaryReads,
	{ assetId, period, rule }: SummaryRequest,
): Promise<{ summary: IDataObject } & SummarySources> {
	const asset = await read.get(api.getAsset, { pathParams: { assetId } });
	const readings = (await readingsOf(read.pages, assetId, period)).sort((a, b) => a.ts - b.ts);
	const spaceHistory = await spaceHistoryOf(read.pages, assetId);
	const stays = rule.profiles ? profileStays(rule.profiles, spaceHistory) : [];
	const { missingMinutes, ...summary } = summarise(readings, rule, stays);
	const { excursions, longestExcursionMinutes, ...figures } = summary;
	const { spaceProfiles, budget } = ruleUse(readings, rule, stays);
	const record: IDataObject = {
		assetId,
		assetName: typeof asset.name === 'string' ? asset.name : null,
		...spaceAt(spaceHistory, period.to),
		from: serviceTime(period.from),
		to: serviceTime(period.to),
		...ruleFields(rule),
		...(spaceProfiles
			? {
					spaceProfiles: spaceProfiles.map(({ spaceId, ...profile }) => ({
						spaceId,
						spaceName: nameIn(spaceHistory, spaceId),
						...profile,
					})),
				}
			: {}),
		...figures,
		missingMinutes: missingMinutesIn(readings, period),
		missingMinutesBetweenReadings: missingMinutes,
		excursions,
		longestExcursionMinutes,
		...budget,
	};
	return { summary: record, readings, spaceHistory, stays, asset };
}

/** An asset's space history (its space memberships, exited ones included), every page. */
export async function spaceHistoryOf(pages: ListPages, assetId: string): Promise<IDataObject[]> {
	const items: IDataObject[] = [];
	for await (const page of pages(api.getAssetSpaceHistory, { pathParams: { assetId } }))
		items.push(...page);
	return items;
}

/** A space's name as the asset's space history gives it; null when it lists none. */
function nameIn(history: readonly IDataObject[], spaceId: string): string | null {
	const named = history.find((m) => m?.spaceId === spaceId && typeof m.spaceName === 'string');
	return named ? (named.spaceName as string) : null;
}

/** The summary as versions 1 to 3 output it: the asset's id, the period, what the readings say. */
export async function summaryBeforeAudit(
	pages: ListPages,
	{ assetId, period, rule }: SummaryRequest,
): Promise<IDataObject> {
	const readings = await readingsOf(pages, assetId, period);
	return {
		assetId,
		from: isoTime(period.from),
		to: isoTime(period.to),
		...summarise(readings, rule),
	};
}

/**
 * The space the asset was in at `at`, from its space history (all of it: the list's order is not
 * stated): the membership entered at or before it and not exited by then, the latest entered
 * if several. Nulls when it was in none.
 */
function spaceAt(
	history: readonly IDataObject[],
	at: number,
): { spaceId: string | null; spaceName: string | null } {
	let found: { enteredAt: number; spaceId: string; spaceName: string | null } | undefined;
	for (const membership of history) {
		const enteredAt = Date.parse(String(membership?.enteredOn));
		if (!(enteredAt <= at) || typeof membership.spaceId !== 'string') continue;
		const exitedAt =
			typeof membership.exitedOn === 'string' ? Date.parse(membership.exitedOn) : undefined;
		const exited = exitedAt === undefined ? membership.hasExited === true : exitedAt <= at;
		if (exited || (found && found.enteredAt >= enteredAt)) continue;
		const spaceName = typeof membership.spaceName === 'string' ? membership.spaceName : null;
		found = { enteredAt, spaceId: membership.spaceId, spaceName };
	}
	return { spaceId: found?.spaceId ?? null, spaceName: found?.spaceName ?? null };
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
