import { createHash } from 'node:crypto';

import { drawChart } from './chart';
import { BODY, ellipsis, MARGIN, SMALL, type Column, Flow } from './layout';
import type { Color } from './painter';
import { PdfDocument, type PdfPage } from './pdf';
import { fullTime, shortTime } from './time';
import {
	assetName,
	boundWords,
	budgetUsed,
	excursionWords,
	exitWords,
	figure,
	judgingOf,
	named,
	pageRule,
	periodWords,
	roomsOf,
	seriesOf,
	stateColor,
	stateOf,
	type Judging,
	type ReportAsset,
	type ReportInput,
} from './words';

export type { ReportInput, Stay } from './words';

/**
 * The PDF: a cover (workspace, period, rule, every asset's room, state and figures), then per
 * asset its rooms, rule, chart, figures in words, excursions, and the spaces and facilities it
 * was in; a review block on the last page; a footer on every page (period, page n of N, the first
 * 12 characters of the SHA-256 of the page's content above it, the source, MKT's formula).
 */
export function renderReportPdf(input: ReportInput): Buffer {
	const doc = new PdfDocument();
	const flow = new Flow(doc);
	cover(flow, input);
	for (const asset of input.assets) assetPages(flow, input, asset);
	review(flow);
	const total = doc.pages.length;
	doc.pages.forEach((page, k) => footer(page, doc, input, k + 1, total));
	return doc.toBuffer({ title: input.title, createdAt: input.generatedAt });
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function cover(flow: Flow, input: ReportInput) {
	flow.newPage(input.title);
	if (input.workspace) flow.text(`Workspace: ${input.workspace}`);
	flow.text(`Period: ${periodWords(input)} (times in ${input.timeZone})`);
	flow.text(`Covers: ${input.covers} (${plural(input.assets.length, 'asset')})`);
	const elsewhere = input.rule.profiles ? ' for readings in no listed room' : '';
	flow.text(`Rule: ${boundWords(input.rule)}${elsewhere}; ${excursionWords(input.rule)}`);
	if (input.rule.budgetMinutes !== undefined)
		flow.text(
			`Stability budget: ${input.rule.budgetMinutes} min out of range${input.rule.profiles ? ' in no listed room; Profiles by Space below set bounds and budget per room' : ''}`,
		);
	const states = input.assets.map((a) => stateOf(a.summary));
	const count = (state: string) => states.filter((s) => s === state).length;
	flow.text(
		`At a glance: ${count('In range')} in range, ${count('Out of range')} out of range without an excursion, ${count('Excursion')} with an excursion, ${count('No readings')} without readings`,
	);
	if (input.rule.profiles) {
		flow.section(`Profiles by Space (${input.rule.profiles.length})`);
		flow.table(
			[
				{ title: 'Room', share: 1 },
				{ title: 'Alert above °C', figure: true },
				{ title: 'Alert below °C', figure: true },
				{ title: 'Budget (min)', figure: true },
			],
			input.rule.profiles.map((profile) => [
				named(profile.spaceName, profile.spaceId),
				String(profile.maxTemperature),
				String(profile.minTemperature),
				String(profile.budgetMinutes),
			]),
		);
	}
	flow.section('Assets');
	const budget = input.rule.budgetMinutes !== undefined;
	const figures = (...titles: string[]): Column[] =>
		titles.map((title) => ({ title, figure: true }));
	flow.table(
		[
			{ title: 'Asset', share: 3 },
			{ title: 'Room', share: 2 },
			{ title: 'State', whole: true, color: stateColor },
			...figures(
				'Readings',
				'Mean °C',
				'MKT °C',
				'Minimum °C',
				'Maximum °C',
				'Minutes above',
				'Minutes below',
				'Excursions',
				'Missing minutes',
				...(budget ? ['Budget used'] : []),
			),
		],
		input.assets.map((a, k) => [
			assetName(a),
			roomsOf(a).join(', ') || 'none',
			states[k],
			figure(a.summary.readings),
			figure(a.summary.meanCelsius),
			figure(a.summary.mktCelsius),
			figure(a.summary.minCelsius),
			figure(a.summary.maxCelsius),
			figure(a.summary.minutesAbove),
			figure(a.summary.minutesBelow),
			figure(a.summary.excursions),
			figure(a.summary.missingMinutes),
			...(budget ? [budgetUsed(a.summary)] : []),
		]),
	);
}

const CHART_HEIGHT = 220;

/** A time of the service's format on the workflow's clocks, "none" when there is none. */
const timeOf = (value: unknown, timeZone: string) =>
	typeof value === 'string' && !Number.isNaN(Date.parse(value))
		? shortTime(Date.parse(value), timeZone)
		: 'none';

function assetPages(flow: Flow, input: ReportInput, asset: ReportAsset) {
	const tz = input.timeZone;
	const summary = asset.summary;
	flow.newPage(assetName(asset));
	flow.text(`${stateOf(summary)} · ${periodWords(input)}`, BODY, 'muted');
	flow.text(`Rooms: ${roomWords(asset, tz)}`);
	const judged = judgingOf(input, asset);
	flow.text(`Rule: ${pageRule(input, judged)}`);
	flow.y += 8;
	drawChart(
		flow.page,
		{ x: MARGIN, y: flow.y, width: flow.width, height: CHART_HEIGHT },
		seriesOf(input, asset),
		SMALL,
	);
	flow.y += CHART_HEIGHT;
	legend(flow, judged);

	flow.section('Figures');
	const n = (field: string) => figure(summary[field]);
	const pairs: Array<[string, string]> = [
		['Readings', n('readings')],
		['Missing minutes', n('missingMinutes')],
		['First reading', timeOf(summary.firstAt, tz)],
		['Last reading', timeOf(summary.lastAt, tz)],
		['Mean °C', n('meanCelsius')],
		['MKT °C', n('mktCelsius')],
		['Minimum °C (lowest reading)', n('minCelsius')],
		['Maximum °C (highest reading)', n('maxCelsius')],
		['Minutes above', n('minutesAbove')],
		['Minutes below', n('minutesBelow')],
		['Minutes out of range', outOfRange(summary)],
		['Minutes in range', n('minutesInRange')],
		['Excursions', n('excursions')],
		['Longest excursion (min)', n('longestExcursionMinutes')],
		['Missing minutes between readings', n('missingMinutesBetweenReadings')],
		['Room at the end', typeof summary.spaceName === 'string' ? summary.spaceName : 'none'],
		...((summary.consumedPercent === undefined
			? []
			: [
					['Budget (min)', n('budgetMinutes')],
					['Budget used', `${n('consumedPercent')} %`],
					['Budget used (min)', n('consumedMinutes')],
					['Budget remaining (min)', n('remainingMinutes')],
				]) as Array<[string, string]>),
	];
	const half = Math.ceil(pairs.length / 2);
	flow.table(
		[
			{ title: 'Figure', share: 1 },
			{ title: 'Value', share: 0.8 },
			{ title: 'Figure', share: 1 },
			{ title: 'Value', share: 0.8 },
		],
		pairs.slice(0, half).map(([label, value], k) => {
			const other = pairs[half + k];
			return [label, value, other?.[0] ?? '', other?.[1] ?? ''];
		}),
	);

	if (Array.isArray(summary.spaceProfiles)) rulesByRoom(flow, judged);

	flow.section(`Excursions (${asset.excursions.length})`);
	flow.text(
		'Minutes: from the reading that opened the excursion to the reading back inside (or the last reading), as Longest excursion counts them. Minutes above and below count every reading beyond a bound, a minute each.',
		SMALL,
		'muted',
	);
	if (asset.excursions.length === 0) flow.text('None in the period.', BODY, 'muted');
	else
		flow.table(
			[
				{ title: 'Beyond', share: 1 },
				{ title: 'Started', share: 1.4 },
				{ title: 'Ended', share: 1.6 },
				{ title: 'Minutes', figure: true },
				{ title: 'Peak °C', figure: true },
			],
			[...asset.excursions]
				.sort((a, b) => a.startedAt - b.startedAt)
				.map((span) => [
					`${span.direction} ${span.threshold} °C`,
					shortTime(span.startedAt, tz),
					span.endedAt === null
						? `still open at the last reading, ${shortTime(span.until, tz)}`
						: shortTime(span.endedAt, tz),
					String(Math.round((span.until - span.startedAt) / 6_000) / 10),
					String(span.peak),
				]),
		);

	flow.section(`Rooms and facilities (${asset.stays.length})`);
	if (asset.stays.length === 0)
		flow.text('No room or facility recorded in the period.', BODY, 'muted');
	else
		flow.table(
			[
				{ title: 'Kind', share: 0.6 },
				{ title: 'Name', share: 2 },
				{ title: 'Entered', share: 1.3 },
				{ title: 'Exited', share: 1.3 },
			],
			asset.stays.map((stay) => [
				stay.kind === 'Space' ? 'Room' : 'Facility',
				named(stay.name, stay.id),
				timeOf(stay.enteredOn, tz),
				exitWords(stay, (iso) => timeOf(iso, tz)),
			]),
		);
}

const outOfRange = (s: Record<string, unknown>) =>
	figure(Number(s.minutesAbove) + Number(s.minutesBelow));

/** When the asset was in which room: "Freezer 1 from … to …; Cold Room "A" from …, still there". */
function roomWords(asset: ReportAsset, timeZone: string): string {
	const rooms = asset.stays.filter((s) => s.kind === 'Space');
	if (rooms.length === 0) return 'none recorded in the period';
	return rooms
		.map(
			(s) =>
				`${named(s.name, s.id)} from ${timeOf(s.enteredOn, timeZone)}${s.exitedOn ? ` to ${timeOf(s.exitedOn, timeZone)}` : `, ${exitWords(s, (iso) => iso)}`}`,
		)
		.join('; ');
}

/** Which rule judged the asset's readings, room by room, and what each judged. */
function rulesByRoom(flow: Flow, judged: readonly Judging[]) {
	flow.section('Rules by room');
	flow.table(
		[
			{ title: 'Judged by', share: 1 },
			{ title: 'Alert above °C', figure: true },
			{ title: 'Alert below °C', figure: true },
			{ title: 'Budget (min)', figure: true },
			{ title: 'Readings', figure: true },
			{ title: 'Minutes above', figure: true },
			{ title: 'Minutes below', figure: true },
		],
		judged.map((j) => [
			j.room ?? 'No listed room (the rule on the cover)',
			String(j.above),
			String(j.below),
			figure(j.budgetMinutes),
			String(j.readings),
			String(j.minutesAbove),
			String(j.minutesBelow),
		]),
	);
}

function legend(flow: Flow, judged: readonly Judging[]) {
	const page = flow.page;
	const same = judged.every((j) => j.above === judged[0].above && j.below === judged[0].below);
	let x = MARGIN;
	const y = flow.y + 10;
	const keys: Array<[Color, 'line' | 'band', string]> = [
		['series', 'line', 'temperature (lowest and highest per column)'],
		['above', 'line', same ? `alert above ${judged[0].above} °C` : 'alert above (by room)'],
		['below', 'line', same ? `alert below ${judged[0].below} °C` : 'alert below (by room)'],
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

/** The place to sign, on the last page. */
function review(flow: Flow) {
	flow.need(120);
	flow.section('Review');
	const fields = ['Reviewed by', 'Role', 'Date', 'Signature'];
	const width = (flow.width - 3 * 10) / 4;
	const top = flow.y + 12;
	fields.forEach((title, k) => {
		const x = MARGIN + k * (width + 10);
		flow.page.text(x, top, title, SMALL, 'muted', 'bold');
		flow.page.line(
			[
				[x, top + 40],
				[x + width, top + 40],
			],
			'ink',
			0.5,
		);
	});
	flow.y = top + 40;
}

/**
 * The footer: the period, page n of N and the first 12 characters of the SHA-256 of the page's
 * content above it (its drawing operators, which follow a `% footer` comment); the data source
 * and the service's clock; MKT's formula.
 */
function footer(
	page: PdfPage,
	doc: PdfDocument,
	input: ReportInput,
	number: number,
	total: number,
) {
	const digest = createHash('sha256')
		.update(Buffer.from(page.content(), 'latin1'))
		.digest('hex')
		.slice(0, 12);
	page.comment('footer');
	const y = doc.height - 56;
	const right = (text: string, at: number, size: number) =>
		page.text(doc.width - MARGIN - page.textWidth(text, size), at, text, size, 'muted');
	page.line(
		[
			[MARGIN, y - 10],
			[doc.width - MARGIN, y - 10],
		],
		'grid',
		0.5,
	);
	page.text(MARGIN, y, `Period: ${periodWords(input)}`, 7, 'muted');
	right(`Page ${number} of ${total} · content ${digest}`, y, 7);
	const clock = `Service clock at generation: ${fullTime(input.generatedAt, input.timeZone)}.`;
	const source = ellipsis(
		`Data: Asset Tracking Service, ${input.source}.`,
		doc.width - 2 * MARGIN - page.textWidth(` ${clock}`, 7),
		(text) => page.textWidth(text, 7),
	);
	page.text(MARGIN, y + 10, `${source} ${clock}`, 7, 'muted');
	page.text(
		MARGIN,
		y + 20,
		`MKT = (ΔH/R) / −ln(Σ e^(−ΔH/(R·Ti)) / n) − 273.15, one reading a minute, ΔH = ${input.rule.activationEnergyKj} kJ/mol, R = 8.3144 J/(mol·K)`,
		7,
		'muted',
	);
}
