import type { ProfileStay, SpaceProfile } from '../coldChain/profiles';
import type { ExcursionSpan } from '../coldChain/summary';
import type { ChartSeries } from './chart';
import type { Color } from './painter';
import { fullTime, wallTime, zoneWords } from './time';

/** One asset of a report: Get Temperature Summary's output for it, and what the pages draw. */
export interface ReportAsset {
	assetId: string;
	name?: string;
	/** Get Temperature Summary's output: its figures are printed as they are. */
	summary: Record<string, unknown>;
	readings: ReadonlyArray<{ ts: number; celsius: number }>;
	excursions: readonly ExcursionSpan[];
	/** Its stays in the spaces of Profiles by Space: the bounds that judged its readings there. */
	profileStays?: readonly ProfileStay[];
	/** The spaces and facilities it was in during the period. */
	stays: readonly Stay[];
}

export interface Stay {
	kind: 'Space' | 'Facility';
	id: string;
	name: string;
	enteredOn: string;
	exitedOn?: string;
	/** It has left, whether or not the service says when (exitedOn). */
	exited?: boolean;
}

/** When a stay ended, in words: its time, "left, time not given" or "still there". */
export const exitWords = (stay: Stay, time: (iso: string) => string) =>
	stay.exitedOn ? time(stay.exitedOn) : stay.exited ? 'left, time not given' : 'still there';

export interface ReportInput {
	title: string;
	/** What the report covers, in words ("labelled assets that were in space Cold room 1 …"). */
	covers: string;
	/** The workspace's name (its ID where the service gave none). */
	workspace?: string;
	/** The workflow's time zone: every time is printed on its wall clocks. */
	timeZone: string;
	from: number;
	to: number;
	rule: {
		above: number;
		below: number;
		hysteresis: number;
		excursionMinutes: number;
		activationEnergyKj: number;
		/** The Stability Budget of readings in no profiled space (minutes); absent: none set. */
		budgetMinutes?: number;
		/** Profiles by Space, each with its space's name when the service gave it. */
		profiles?: ReadonlyArray<SpaceProfile & { spaceName?: string }>;
	};
	/** Where the data came from (the service's address) and its clock at generation (epoch ms). */
	source: string;
	generatedAt: number;
	assets: readonly ReportAsset[];
}

/** A name, or the ID where there is none. */
export const named = (name: unknown, id: unknown) =>
	typeof name === 'string' && name !== '' ? name : String(id ?? '');

export const assetName = (asset: ReportAsset) => named(asset.name, asset.assetId);

/** A figure as the JSON has it; "none" for null. */
export const figure = (value: unknown) =>
	value === null || value === undefined ? 'none' : String(value);

/** An asset's state at a glance, from its summary. */
export function stateOf(summary: Record<string, unknown>): string {
	if (Number(summary.readings) === 0) return 'No readings';
	if (Number(summary.excursions) > 0) return 'Excursion';
	if (Number(summary.minutesAbove) + Number(summary.minutesBelow) > 0) return 'Out of range';
	return 'In range';
}

export const stateColor = (state: string): Color =>
	state === 'Excursion' ? 'above' : state === 'In range' ? 'ink' : 'muted';

/** The budget an asset used, as its summary says: "37.5 % of 120 min"; empty without a budget. */
export const budgetUsed = (summary: Record<string, unknown>) =>
	summary.consumedPercent === undefined
		? ''
		: `${figure(summary.consumedPercent)} % of ${figure(summary.budgetMinutes)} min`;

/** The rooms (spaces) an asset was in during the period, by name, each once. */
export const roomsOf = (asset: ReportAsset) => [
	...new Set(asset.stays.filter((s) => s.kind === 'Space').map((s) => named(s.name, s.id))),
];

/** A rule that judged some of an asset's readings: a room's profile, or the node's bounds. */
export interface Judging {
	/** The room whose profile it is; undefined: the node's bounds (readings in no listed room). */
	room?: string;
	above: number;
	below: number;
	budgetMinutes?: number;
	readings: number;
	minutesAbove: number;
	minutesBelow: number;
}

/**
 * Which rules judged the asset's readings: each room's profile that judged some (its summary's
 * spaceProfiles), and the node's bounds for the rest, when any reading was judged by them or no
 * profile judged any.
 */
export function judgingOf(input: ReportInput, asset: ReportAsset): Judging[] {
	const summary = asset.summary;
	const used = Array.isArray(summary.spaceProfiles)
		? (summary.spaceProfiles as Array<Record<string, unknown>>)
		: [];
	const judged: Judging[] = used.map((p) => ({
		room: named(p.spaceName, p.spaceId),
		above: Number(p.maxTemperature),
		below: Number(p.minTemperature),
		budgetMinutes: Number(p.budgetMinutes),
		readings: Number(p.readings),
		minutesAbove: Number(p.minutesAbove),
		minutesBelow: Number(p.minutesBelow),
	}));
	const rest = (field: 'readings' | 'minutesAbove' | 'minutesBelow') =>
		Number(summary[field]) - judged.reduce((sum, j) => sum + j[field], 0);
	if (judged.length === 0 || rest('readings') > 0)
		judged.push({
			above: input.rule.above,
			below: input.rule.below,
			budgetMinutes: input.rule.budgetMinutes,
			readings: rest('readings'),
			minutesAbove: rest('minutesAbove'),
			minutesBelow: rest('minutesBelow'),
		});
	return judged;
}

/** A rule's bounds in words: "alert above 8 °C, alert below 2 °C". */
export const boundWords = (j: { above: number; below: number }) =>
	`alert above ${j.above} °C, alert below ${j.below} °C`;

/** How an excursion is judged, in words: the duration, the hysteresis, MKT's ΔH. */
export const excursionWords = (rule: ReportInput['rule']) =>
	`an excursion lasts at least ${rule.excursionMinutes} min beyond a bound and ends ${rule.hysteresis} °C back inside it; MKT with ΔH ${rule.activationEnergyKj} kJ/mol`;

/** Every reading's rule, as the asset's page states it: a room's profile, the node's, or by room. */
export function pageRule(input: ReportInput, judged: readonly Judging[]): string {
	if (judged.length > 1)
		return `each reading judged by the room it was in (Rules by room below); ${excursionWords(input.rule)}`;
	const [only] = judged;
	const budget = only.budgetMinutes === undefined ? '' : `, budget ${only.budgetMinutes} min`;
	const whose = only.room === undefined ? '' : `the profile of ${only.room}: `;
	return `${whose}${boundWords(only)}${budget}; ${excursionWords(input.rule)}`;
}

/** The period in words: "28 Nov 2026 07:00 to 29 Nov 2026 07:00 CET, UTC+1" (each end's zone when they differ). */
export function periodWords(input: Pick<ReportInput, 'from' | 'to' | 'timeZone'>): string {
	const { from, to, timeZone } = input;
	const zone = zoneWords(to, timeZone);
	return zoneWords(from, timeZone) === zone
		? `${wallTime(from, timeZone)} to ${wallTime(to, timeZone)} ${zone}`
		: `${fullTime(from, timeZone)} to ${fullTime(to, timeZone)}`;
}

/** What an asset's chart draws. */
export function seriesOf(input: ReportInput, asset: ReportAsset): ChartSeries {
	return {
		from: input.from,
		to: input.to,
		readings: asset.readings,
		above: input.rule.above,
		below: input.rule.below,
		stays: asset.profileStays,
		excursions: asset.excursions,
		timeZone: input.timeZone,
	};
}
