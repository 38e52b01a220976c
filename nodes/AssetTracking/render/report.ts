import type { ProfileStay, SpaceProfile } from '../coldChain/profiles';
import type { ExcursionSpan } from '../coldChain/summary';
import { drawChart, type ChartSeries } from './chart';
import type { Color } from './painter';
import { PdfDocument, type FontWeight, type PdfPage } from './pdf';
import { Raster } from './raster';

/** One asset of a report: Get Temperature Summary's output for it, and what the pages draw. */
export interface ReportAsset {
	assetId: string;
	name?: string;
	/** Get Temperature Summary's output, printed field by field as it is. */
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
}

export interface ReportInput {
	title: string;
	/** What the report covers, in words ("Assets in spaces Cold room 1, Freezer 2"). */
	covers: string;
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

const MARGIN = 40;
const BOTTOM = 70;
const ROW = 13;
const SMALL = 8;
const BODY = 9;

/**
 * The PDF: a cover (period, rule, every asset's state at a glance), then per asset its chart,
 * its summary (every field of Get Temperature Summary), its excursions, and the spaces and
 * facilities it was in; a footer on every page (source, service clock, MKT formula, page).
 */
export function renderReportPdf(input: ReportInput): Buffer {
	const doc = new PdfDocument();
	const flow = new Flow(doc, input);
	cover(flow, input);
	for (const asset of input.assets) assetPages(flow, input, asset);
	const total = doc.pages.length;
	doc.pages.forEach((page, k) => footer(page, doc, input, k + 1, total));
	return doc.toBuffer({ title: input.title, createdAt: input.generatedAt });
}

/** Pages filled top to bottom: a new page (with its heading repeated) when one is full. */
class Flow {
	page!: PdfPage;
	y = 0;
	private heading = '';

	constructor(
		readonly doc: PdfDocument,
		readonly input: ReportInput,
	) {}

	newPage(heading: string) {
		this.page = this.doc.addPage();
		this.heading = heading;
		this.y = MARGIN + 16;
		this.page.text(MARGIN, this.y, heading, 14, 'ink', 'bold');
		this.y += 10;
	}

	/** Room for `height` more on this page, or a new page continuing the heading. */
	need(height: number, continued?: () => void) {
		if (this.y + height <= this.doc.height - BOTTOM) return;
		this.newPage(`${this.heading.replace(/ \(continued\)$/, '')} (continued)`);
		continued?.();
	}

	text(text: string, size = BODY, color: Color = 'ink', weight: FontWeight = 'regular') {
		this.need(size + 4);
		this.y += size + 4;
		this.page.text(MARGIN, this.y, text, size, color, weight);
	}

	section(title: string) {
		this.need(ROW * 3);
		this.y += 8;
		this.text(title, 11, 'ink', 'bold');
		this.y += 2;
	}

	/** A table: its header again atop every page it continues on. */
	table(columns: Column[], rows: string[][]) {
		const header = () => {
			this.y += ROW;
			columns.forEach((c) => this.page.text(MARGIN + c.x, this.y, c.title, SMALL, 'muted', 'bold'));
			this.page.line(
				[
					[MARGIN, this.y + 3],
					[this.doc.width - MARGIN, this.y + 3],
				],
				'grid',
				0.5,
			);
		};
		this.need(ROW * 2);
		header();
		for (const row of rows) {
			this.need(ROW, header);
			this.y += ROW;
			row.forEach((cell, k) => {
				const column = columns[k];
				const text = fit(this.page, cell, column.width, BODY);
				const x = column.right
					? MARGIN + column.x + column.width - this.page.textWidth(text, BODY)
					: MARGIN + column.x;
				this.page.text(x, this.y, text, BODY, column.color?.(cell) ?? 'ink');
			});
		}
	}
}

interface Column {
	title: string;
	x: number;
	width: number;
	right?: boolean;
	color?: (cell: string) => Color;
}

/** Text cut to a width, with an ellipsis. */
function fit(page: PdfPage, text: string, width: number, size: number): string {
	if (page.textWidth(text, size) <= width) return text;
	let cut = text;
	while (cut.length > 1 && page.textWidth(`${cut}…`, size) > width) cut = cut.slice(0, -1);
	return `${cut}…`;
}

/** A time as the report prints it: UTC, to the second. */
export const printedTime = (ms: number) =>
	new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

const printedRule = (rule: ReportInput['rule']) =>
	`Alert above ${rule.above} °C, alert below ${rule.below} °C, hysteresis ${rule.hysteresis} °C, minimum duration ${rule.excursionMinutes} min, ΔH ${rule.activationEnergyKj} kJ/mol`;

/** The budget's line of the cover: whose budget judges which readings. */
const printedBudget = (rule: ReportInput['rule']) =>
	`Stability budget: ${rule.budgetMinutes} min out of range${rule.profiles ? ' in no listed space; Profiles by Space below set bounds and budget per space' : ''}`;

/** A space as the report names it: by name, its ID beside it. */
const spaceLabel = (id: string, name: unknown) =>
	typeof name === 'string' && name !== '' ? `${name} (${id})` : id;

/** The budget an asset used, as its summary says: "37.5% of 120 min"; absent without a budget. */
const budgetUsed = (summary: Record<string, unknown>) =>
	summary.consumedPercent === undefined
		? ''
		: `${figure(summary.consumedPercent)}% of ${figure(summary.budgetMinutes)} min`;

/** An asset's state at a glance, from its summary. */
export function stateOf(summary: Record<string, unknown>): string {
	if (Number(summary.readings) === 0) return 'No readings';
	if (Number(summary.excursions) > 0) return 'Excursion';
	if (Number(summary.minutesAbove) + Number(summary.minutesBelow) > 0) return 'Out of range';
	return 'In range';
}

const stateColor = (state: string): Color =>
	state === 'Excursion' ? 'above' : state === 'In range' ? 'ink' : 'muted';

const label = (asset: ReportAsset) => asset.name ?? asset.assetId;
const figure = (value: unknown) => (value === null || value === undefined ? 'none' : String(value));

/** The columns of the cover's table of assets: the figures, the last only with a budget. */
const COVER_TITLES = [
	'Asset',
	'State',
	'Readings',
	'Mean °C',
	'MKT °C',
	'Min °C',
	'Max °C',
	'Out (min)',
	'Excursions',
	'Missing',
	'Budget used',
];

function cover(flow: Flow, input: ReportInput) {
	flow.newPage(input.title);
	flow.text(`Period: ${printedTime(input.from)} to ${printedTime(input.to)} UTC`);
	flow.text(
		`Covers: ${input.covers} (${input.assets.length} asset${input.assets.length === 1 ? '' : 's'})`,
	);
	flow.text(`Rule: ${printedRule(input.rule)}`);
	if (input.rule.budgetMinutes !== undefined) flow.text(printedBudget(input.rule));
	const states = input.assets.map((a) => stateOf(a.summary));
	const count = (state: string) => states.filter((s) => s === state).length;
	flow.text(
		`At a glance: ${count('In range')} in range, ${count('Out of range')} out of range without an excursion, ${count('Excursion')} with an excursion, ${count('No readings')} without readings`,
	);
	if (input.rule.profiles) {
		flow.section(`Profiles by Space (${input.rule.profiles.length})`);
		flow.table(
			[
				{ title: 'Space', x: 0, width: 240 },
				{ title: 'Alert above °C', x: 244, width: 80, right: true },
				{ title: 'Alert below °C', x: 328, width: 80, right: true },
				{ title: 'Budget (min)', x: 412, width: 80, right: true },
			],
			input.rule.profiles.map((profile) => [
				spaceLabel(profile.spaceId, profile.spaceName),
				String(profile.maxTemperature),
				String(profile.minTemperature),
				String(profile.budgetMinutes),
			]),
		);
	}
	flow.section('Assets');
	const outOfRange = (s: Record<string, unknown>) =>
		Number(s.minutesAbove) + Number(s.minutesBelow);
	const budget = input.rule.budgetMinutes !== undefined;
	// With a budget, the columns narrow to make room for the budget used; the gaps share the rest.
	const widths = budget
		? [96, 54, 36, 32, 30, 29, 29, 36, 44, 28, 71]
		: [130, 60, 40, 38, 36, 34, 34, 40, 44, 23];
	const gap = (flow.doc.width - 2 * MARGIN - widths.reduce((a, b) => a + b)) / (widths.length - 1);
	let x = 0;
	const columns: Column[] = widths.map((width, k) => {
		const column: Column = { title: COVER_TITLES[k], x, width, right: k >= 2 };
		x += width + gap;
		return k === 1 ? { ...column, color: stateColor } : column;
	});
	flow.table(
		columns,
		input.assets.map((a, k) => [
			label(a),
			states[k],
			figure(a.summary.readings),
			figure(a.summary.meanCelsius),
			figure(a.summary.mktCelsius),
			figure(a.summary.minCelsius),
			figure(a.summary.maxCelsius),
			figure(outOfRange(a.summary)),
			figure(a.summary.excursions),
			figure(a.summary.missingMinutes),
			...(budget ? [budgetUsed(a.summary)] : []),
		]),
	);
}

const CHART_HEIGHT = 230;

function assetPages(flow: Flow, input: ReportInput, asset: ReportAsset) {
	flow.newPage(asset.name ? `${asset.name} (${asset.assetId})` : asset.assetId);
	flow.text(
		`${stateOf(asset.summary)} · ${printedTime(input.from)} to ${printedTime(input.to)} UTC`,
		BODY,
		'muted',
	);
	flow.y += 8;
	drawChart(
		flow.page,
		{ x: MARGIN, y: flow.y, width: flow.doc.width - 2 * MARGIN, height: CHART_HEIGHT },
		seriesOf(input, asset),
		SMALL,
	);
	flow.y += CHART_HEIGHT;
	legend(flow);

	flow.section('Summary (Get Temperature Summary)');
	const fields = Object.entries(asset.summary).filter(
		([, value]) => typeof value !== 'object' || value === null,
	);
	const half = Math.ceil(fields.length / 2);
	const rows = fields.slice(0, half).map(([key, value], k) => {
		const other = fields[half + k];
		return [key, figure(value), other?.[0] ?? '', other ? figure(other[1]) : ''];
	});
	flow.table(
		[
			// Field names whole (missingMinutesBetweenReadings is the longest): an audit reads them.
			{ title: 'Field', x: 0, width: 137 },
			{ title: 'Value', x: 139, width: 120 },
			{ title: 'Field', x: 262, width: 137 },
			{ title: 'Value', x: 401, width: 114 },
		],
		rows,
	);

	if (Array.isArray(asset.summary.spaceProfiles)) rulesBySpace(flow, input, asset);

	flow.section(`Excursions (${asset.excursions.length})`);
	if (asset.excursions.length === 0) flow.text('None in the period.', BODY, 'muted');
	else
		flow.table(
			[
				{ title: 'Beyond', x: 0, width: 60 },
				{ title: 'Started (UTC)', x: 64, width: 110 },
				{ title: 'Ended (UTC)', x: 178, width: 120 },
				{ title: 'Minutes', x: 302, width: 60, right: true },
				{ title: 'Peak °C', x: 366, width: 60, right: true },
			],
			[...asset.excursions]
				.sort((a, b) => a.startedAt - b.startedAt)
				.map((span) => [
					`${span.direction} ${span.threshold} °C`,
					printedTime(span.startedAt),
					span.endedAt === null ? `open at ${printedTime(span.until)}` : printedTime(span.endedAt),
					String(Math.round((span.until - span.startedAt) / 6_000) / 10),
					String(span.peak),
				]),
		);

	flow.section(`Spaces and facilities (${asset.stays.length})`);
	if (asset.stays.length === 0)
		flow.text('No space or facility recorded in the period.', BODY, 'muted');
	else
		flow.table(
			[
				{ title: 'Kind', x: 0, width: 44 },
				{ title: 'Name', x: 48, width: 150 },
				{ title: 'ID', x: 202, width: 100 },
				{ title: 'Entered', x: 306, width: 100 },
				{ title: 'Exited', x: 410, width: 105 },
			],
			asset.stays.map((stay) => [
				stay.kind,
				stay.name,
				stay.id,
				stay.enteredOn,
				stay.exitedOn ?? 'still there',
			]),
		);
}

/**
 * Which rule judged the asset's readings, space by space (its summary's spaceProfiles), and the
 * node's bounds for the rest: the bounds, the budget and the minutes each judged.
 */
function rulesBySpace(flow: Flow, input: ReportInput, asset: ReportAsset) {
	const used = asset.summary.spaceProfiles as Array<Record<string, unknown>>;
	const sum = (field: string) => used.reduce((total, p) => total + Number(p[field]), 0);
	const rest = (field: string) => String(Number(asset.summary[field]) - sum(field));
	const { above, below, budgetMinutes } = input.rule;
	flow.section('Rules by space');
	flow.table(
		[
			{ title: 'Judged by', x: 0, width: 190 },
			{ title: 'Above °C', x: 194, width: 46, right: true },
			{ title: 'Below °C', x: 244, width: 46, right: true },
			{ title: 'Budget (min)', x: 294, width: 56, right: true },
			{ title: 'Readings', x: 354, width: 50, right: true },
			{ title: 'Min above', x: 408, width: 50, right: true },
			{ title: 'Min below', x: 462, width: 53, right: true },
		],
		[
			...used.map((p) => [
				spaceLabel(String(p.spaceId), p.spaceName),
				figure(p.maxTemperature),
				figure(p.minTemperature),
				figure(p.budgetMinutes),
				figure(p.readings),
				figure(p.minutesAbove),
				figure(p.minutesBelow),
			]),
			[
				'elsewhere (the bounds of the rule)',
				String(above),
				String(below),
				figure(budgetMinutes),
				rest('readings'),
				rest('minutesAbove'),
				rest('minutesBelow'),
			],
		],
	);
}

function legend(flow: Flow) {
	const page = flow.page;
	const { above, below, profiles } = flow.input.rule;
	let x = MARGIN;
	const y = flow.y + 10;
	const keys: Array<[Color, 'line' | 'band', string]> = [
		['series', 'line', 'temperature (min and max per column)'],
		['above', 'line', profiles ? 'alert above (by space)' : `alert above ${above} °C`],
		['below', 'line', profiles ? 'alert below (by space)' : `alert below ${below} °C`],
		['excursion', 'band', 'excursion'],
		['gap', 'band', 'no readings'],
	];
	for (const [color, kind, text] of keys) {
		if (kind === 'band') page.rect(x, y - 7, 12, 8, color);
		else
			page.line(
				[
					[x, y - 3],
					[x + 12, y - 3],
				],
				color,
				color === 'series' ? 1.2 : 1,
			);
		page.text(x + 16, y, text, SMALL, 'muted');
		x += 24 + page.textWidth(text, SMALL);
	}
	flow.y = y;
}

function seriesOf(input: ReportInput, asset: ReportAsset): ChartSeries {
	return {
		from: input.from,
		to: input.to,
		readings: asset.readings,
		above: input.rule.above,
		below: input.rule.below,
		stays: asset.profileStays,
		excursions: asset.excursions,
	};
}

function footer(
	page: PdfPage,
	doc: PdfDocument,
	input: ReportInput,
	number: number,
	total: number,
) {
	const y = doc.height - 46;
	page.line(
		[
			[MARGIN, y - 10],
			[doc.width - MARGIN, y - 10],
		],
		'grid',
		0.5,
	);
	page.text(
		MARGIN,
		y,
		`Data: Asset Tracking Service, ${input.source}. Service clock at generation: ${new Date(input.generatedAt).toISOString().replace('.000Z', 'Z')}.`,
		7,
		'muted',
	);
	page.text(
		MARGIN,
		y + 10,
		`MKT = (ΔH/R) / −ln(Σ e^(−ΔH/(R·Ti)) / n) − 273.15, one reading a minute, ΔH = ${input.rule.activationEnergyKj} kJ/mol, R = 8.3144 J/(mol·K)`,
		7,
		'muted',
	);
	const pageLabel = `Page ${number} of ${total}`;
	page.text(doc.width - MARGIN - page.textWidth(pageLabel, 8), y + 10, pageLabel, 8, 'muted');
}

/** Panels of the chart PNG at most: beyond them, the assets most out of range are shown. */
const MAX_PANELS = 12;

/**
 * The chart PNG for chat: one asset's chart, or small multiples (up to 12 panels, the assets with
 * excursions and most minutes out of range first) with each asset's name and state.
 */
export function renderChartPng(input: ReportInput): Buffer {
	const chosen = [...input.assets]
		.sort((a, b) => rank(b) - rank(a) || label(a).localeCompare(label(b)))
		.slice(0, MAX_PANELS);
	const columns = chosen.length <= 1 ? 1 : chosen.length <= 4 ? 2 : 3;
	const panelWidth = columns === 1 ? 800 : columns === 2 ? 480 : 400;
	const panelHeight = columns === 1 ? 400 : 250;
	const rows = Math.max(1, Math.ceil(chosen.length / columns));
	const top = 56;
	const raster = new Raster(columns * panelWidth, top + rows * panelHeight);
	const shown =
		chosen.length < input.assets.length
			? `${chosen.length} of ${input.assets.length} assets, most out of range first`
			: `${input.assets.length} asset${input.assets.length === 1 ? '' : 's'}`;
	raster.text(12, 26, input.assets.length === 1 ? label(input.assets[0]) : input.title, 21);
	raster.text(
		12,
		46,
		`${printedTime(input.from)} – ${printedTime(input.to)} UTC · ${shown}`.replace('·', '-'),
		14,
		'muted',
	);
	chosen.forEach((asset, k) => {
		const x = (k % columns) * panelWidth;
		const y = top + Math.floor(k / columns) * panelHeight;
		const summary = asset.summary;
		const heading =
			columns === 1
				? `${stateOf(summary)}, mean ${figure(summary.meanCelsius)} °C, MKT ${figure(summary.mktCelsius)} °C, ${figure(summary.excursions)} excursions`
				: `${label(asset)}: ${stateOf(summary)}, MKT ${figure(summary.mktCelsius)} °C`;
		raster.text(
			x + 12,
			y + 20,
			heading.slice(0, Math.floor((panelWidth - 24) / 12)),
			14,
			stateColor(stateOf(summary)),
		);
		drawChart(
			raster,
			{ x: x + 8, y: y + 28, width: panelWidth - 20, height: panelHeight - 34 },
			seriesOf(input, asset),
			14,
		);
	});
	return raster.toPng();
}

const rank = (asset: ReportAsset) =>
	Number(asset.summary.excursions) * 1e6 +
	Number(asset.summary.minutesAbove) +
	Number(asset.summary.minutesBelow);
