/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-imports, no-console -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// Issue 38's acceptance: Report → Create Temperature Report run through n8n's engine against the
// simulator, every figure of its JSON and of its PDF's text (poppler's pdftotext) compared with
// Get Temperature Summary run for the same assets and period; every page read by pdftotext and
// rendered by pdftoppm; the chart PNG decoded (test/harness/png.ts) at its declared size. Slow
// (test/slowTests.js): poppler-utils is a Debian package npm test does not need; report.test.ts
// runs the operation where no PDF reader is needed (bad input, as a tool, Continue On Fail).
import { execFileSync } from 'child_process';
import { createHash } from 'crypto';
import { inflateSync } from 'zlib';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { useSimulator } from '../harness/fixtures';
import { decodePng } from '../harness/png';
import { byId, ok } from './helpers';
import { at, profiledMove, START } from './profiledMove';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const iso = (ms: number) => new Date(ms).toISOString();
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A report's JSON entry without its stays: Get Temperature Summary's record. */
const figuresOf = ({ stays, ...figures }: IDataObject) => (expect(stays).toBeDefined(), figures);
const printed = (value: unknown) => (value === null ? 'none' : String(value));

/** The file of a binary property, from the base64 n8n keeps in memory. */
const fileOf = (item: INodeExecutionData, field: string) =>
	Buffer.from(item.binary![field].data, 'base64');

/** The PDF's text, page by page, as poppler reads it (layout kept, so table rows stay lines). */
function pdfPages(pdf: Buffer): string[] {
	const dir = mkdtempSync(join(tmpdir(), 'report-'));
	try {
		writeFileSync(join(dir, 'report.pdf'), pdf);
		const text = execFileSync('pdftotext', ['-layout', join(dir, 'report.pdf'), '-'], {
			encoding: 'utf8',
		});
		return text.split('\f').slice(0, -1);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

/** Every page rendered by pdftoppm, each PNG decoded. */
function renderedPages(pdf: Buffer) {
	const dir = mkdtempSync(join(tmpdir(), 'report-'));
	try {
		writeFileSync(join(dir, 'report.pdf'), pdf);
		execFileSync('pdftoppm', ['-r', '30', '-png', join(dir, 'report.pdf'), join(dir, 'page')]);
		return readdirSync(dir)
			.filter((f) => f.endsWith('.png'))
			.sort()
			.map((f) => decodePng(readFileSync(join(dir, f))));
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

async function summaries(
	t: ReturnType<typeof useSimulator>,
	ids: string[],
	period: IDataObject,
	summaryOptions: INodeParameters = {},
) {
	const r = await ok(
		t,
		{
			resource: 'asset',
			operation: 'getTemperatureSummary',
			assetId: byId('={{ $json.id }}'),
			...period,
			summaryOptions,
		},
		{ input: ids.map((id) => ({ id })), typeVersion: 4 },
	);
	return r.json;
}

const report = (parameters: IDataObject) => ({
	resource: 'report',
	operation: 'createTemperatureReport',
	...parameters,
});

/** The workflow's time zone of these reports: every time is printed on its clocks. */
const TIME_ZONE = 'Europe/Berlin';
/** The zone as the report names it, winter or summer. */
const ZONE = /\b(CET, UTC\+1|CEST, UTC\+2)\b/;

/**
 * The pages of an asset, as one text: the one headed by its name, and the pages its tables run
 * on to (headed `… (continued)`), up to the next asset's or the end.
 */
function pageOf(pages: string[], name: string): string {
	const heading = (page: string) => page.split('\n').find((line) => line.trim() !== '') ?? '';
	const first = pages.findIndex((page) => heading(page).trim() === name);
	expect(first).toBeGreaterThan(0);
	const next = pages.findIndex((page, k) => k > first && !/\(continued\)\s*$/.test(heading(page)));
	return pages.slice(first, next === -1 ? undefined : next).join('\n');
}

/** The figures of an asset's page, in words, and the summary's field each prints. */
const FIGURES: Array<[string, string]> = [
	['Readings', 'readings'],
	['Missing minutes', 'missingMinutes'],
	['Mean °C', 'meanCelsius'],
	['MKT °C', 'mktCelsius'],
	['Minimum °C (lowest reading)', 'minCelsius'],
	['Maximum °C (highest reading)', 'maxCelsius'],
	['Minutes above', 'minutesAbove'],
	['Minutes below', 'minutesBelow'],
	['Minutes in range', 'minutesInRange'],
	['Excursions', 'excursions'],
	['Longest excursion (min)', 'longestExcursionMinutes'],
	['Missing minutes between readings', 'missingMinutesBetweenReadings'],
	['Budget (min)', 'budgetMinutes'],
	['Budget used (min)', 'consumedMinutes'],
	['Budget remaining (min)', 'remainingMinutes'],
];

/**
 * Every figure of a summary printed beside its words on the asset's page, the budget used as a
 * percentage, and minutes out of range as minutes above + minutes below.
 */
function expectFiguresPrinted(page: string, summary: IDataObject) {
	const beside = (label: string, value: string) =>
		new RegExp(`(^|\\s)${escape(label)}\\s+${escape(value)}(\\s|$)`, 'm').test(page);
	const missing = FIGURES.filter(
		([label, field]) => field in summary && !beside(label, printed(summary[field])),
	);
	expect(missing).toEqual([]);
	const outOfRange = (summary.minutesAbove as number) + (summary.minutesBelow as number);
	expect(beside('Minutes out of range', String(outOfRange))).toBe(true);
	if (summary.consumedPercent !== undefined)
		// pdftotext may drop the narrow space before the percent sign.
		expect(page).toMatch(
			new RegExp(`(^|\\s)Budget used\\s+${escape(String(summary.consumedPercent))}\\s?%`, 'm'),
		);
}

/** What pdftotext must find in every report: words, the zone, no field name, no workspace ID. */
function expectWords(pages: string[], workspaceId: string) {
	const text = pages.join('\n');
	for (const word of ['Mean', 'MKT', 'Minimum', 'Maximum', 'Minutes above', 'Minutes below'])
		expect(text).toContain(word);
	for (const word of ['Missing minutes', 'Excursions', 'Longest excursion'])
		expect(text).toContain(word);
	expect(text).toMatch(ZONE);
	expect(text).toContain(`(times in ${TIME_ZONE})`);
	expect(text).toContain('Workspace: Demo Workspace');
	expect(text).not.toContain(workspaceId);
	// No camelCase field name (meanCelsius, assetId, missingMinutesBetweenReadings, …).
	expect(text.match(/\b[a-z]+[A-Z][a-z]+[A-Za-z]*\b/g) ?? []).toEqual([]);
}

/**
 * The asset's row of the cover's table: its name, room and state, then readings, mean, MKT,
 * minimum, maximum, minutes above, minutes below, excursions, missing minutes, and with a budget
 * the budget used: every number the JSON entry's.
 */
function expectCoverRow(cover: string, name: string, s: IDataObject) {
	const budget =
		s.consumedPercent === undefined
			? []
			: [`${escape(String(s.consumedPercent))}\\s?% of ${s.budgetMinutes}`];
	const cells = [
		s.readings,
		s.meanCelsius,
		s.mktCelsius,
		s.minCelsius,
		s.maxCelsius,
		s.minutesAbove,
		s.minutesBelow,
		s.excursions,
		s.missingMinutes,
	].map((v) => escape(printed(v)));
	expect(cover).toMatch(
		new RegExp(`^\\s*${escape(name)}\\s+.*?\\s+${[...cells, ...budget].join('\\s+')}(\\s|$)`, 'm'),
	);
}

/** The excursion rows of a page: [minutes, peak, direction, bound]. */
const excursionRows = (page: string) =>
	[...page.matchAll(/^\s*(above|below) (-?[\d.]+) °C\s+\d.+?\s+([\d.]+)\s+(-?[\d.]+)\s*$/gm)].map(
		(m) => [Number(m[3]), Number(m[4]), m[1], Number(m[2])] as const,
	);

/** Each page's content stream, inflated (node:zlib), in page order. */
const contents = (pdf: Buffer) =>
	[...pdf.toString('latin1').matchAll(/stream\n([\s\S]*?)\nendstream/g)].map((m) =>
		inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1'),
	);

function expectEveryPage(pdf: Buffer, pages: string[], count: number) {
	expect(pages).toHaveLength(count);
	const streams = contents(pdf);
	expect(streams).toHaveLength(count);
	pages.forEach((page, k) => {
		// The footer: the period, page n of N, the first 12 characters of the SHA-256 of the page's
		// content above the footer (the operators before its `% footer` mark).
		const footer = new RegExp(`Page ${k + 1} of ${count} . content ([0-9a-f]{12})`).exec(page);
		expect(footer).not.toBeNull();
		const [body] = streams[k].split('\n% footer\n');
		expect(footer![1]).toBe(createHash('sha256').update(body, 'latin1').digest('hex').slice(0, 12));
		expect(page).toMatch(/Period: \d+ \w{3} \d{4} \d\d:\d\d/);
		expect(page).toMatch(/Service clock at generation: \d+ \w{3} \d{4} \d\d:\d\d/);
		expect(page).toMatch(/MKT = \(.H\/R\)/);
	});
	// A place to sign, on the last page.
	for (const field of ['Reviewed by', 'Role', 'Date', 'Signature'])
		expect(pages[count - 1]).toContain(field);
	const rendered = renderedPages(pdf);
	expect(rendered).toHaveLength(count);
	for (const png of rendered) {
		// A4 (595.28 × 841.89 points) at 30 dpi.
		expect([png.width, png.height]).toEqual([249, 351]);
		// Something is drawn: not every byte is white.
		expect(png.pixels.some((byte) => byte < 200)).toBe(true);
	}
}

describe('Create Temperature Report of one asset with excursions, a gap and a move', () => {
	const t = useSimulator({ labelledAssets: 0, historyMinutes: 12 * 60 });

	it('prints and outputs exactly the figures of Get Temperature Summary', async () => {
		const { sim } = t;
		const ws = sim.seed.workspaceId;
		const [first, second] = sim.spacesOf(ws);
		const [id] = sim.addLabelledAssets(ws, 1, {
			temperatureProfile: { bound: 8, side: 'above' },
			inSpaceIds: [first.id],
			name: 'Vaccine box 7',
		});
		const start = sim.clock.now();
		sim.quietLabel(id, start + 2 * HOUR, start + 4 * HOUR);
		sim.clock.advance(5 * HOUR);
		sim.moveAsset(id, [second.id]);
		sim.clock.advance(7 * HOUR);
		const now = sim.clock.now();
		const period = { period: 'custom', from: iso(now - 20 * HOUR), to: iso(now) };

		const [summary] = await summaries(t, [id], period);
		const r = await ok(t, report({ scope: 'asset', assetId: byId(id), ...period }), {
			typeVersion: 4,
			timezone: TIME_ZONE,
		});
		expect(r.items).toHaveLength(1);
		const [item] = r.items;
		const json = item.json;
		expect((json.assets as IDataObject[]).map(figuresOf)).toEqual([summary]);
		expect(summary.assetName).toBe('Vaccine box 7');
		expect(json).toMatchObject({
			scope: 'asset',
			from: summary.from,
			to: summary.to,
			readings: summary.readings,
			missingMinutes: summary.missingMinutes,
		});
		// The series is not trivial: excursions, minutes out of range and the two-hour gap.
		expect(summary.excursions).toBeGreaterThan(0);
		expect(summary.minutesAbove).toBeGreaterThan(0);
		expect(summary.missingMinutes).toBe(120);

		// The files, as n8n's binary conventions have them.
		expect(item.binary!.report).toMatchObject({
			mimeType: 'application/pdf',
			fileExtension: 'pdf',
		});
		expect(item.binary!.report.fileName).toMatch(/^temperature-report-\d{8}T\d{4}Z\.pdf$/);
		expect(item.binary!.chart).toMatchObject({ mimeType: 'image/png', fileExtension: 'png' });
		const pdf = fileOf(item, 'report');
		expect(json.sha256).toBe(createHash('sha256').update(pdf).digest('hex'));

		const pages = pdfPages(pdf);
		expectEveryPage(pdf, pages, json.pages as number);
		expectWords(pages, sim.seed.workspaceId);
		expectCoverRow(pages[0], 'Vaccine box 7', summary);
		const page = pageOf(pages, 'Vaccine box 7');
		expectFiguresPrinted(page, summary);
		// The excursions listed are the ones counted, the longest as long.
		const rows = excursionRows(page);
		expect(rows).toHaveLength(summary.excursions as number);
		expect(Math.max(...rows.map(([minutes]) => minutes))).toBe(summary.longestExcursionMinutes);
		for (const [, peak] of rows) expect(peak).toBeGreaterThan(8);
		// Both rooms it was in during the period.
		expect(page).toContain(first.name);
		expect(page).toContain(second.name);

		const png = decodePng(fileOf(item, 'chart'));
		expect([png.width, png.height, png.colorType]).toEqual([800, 456, 3]);
		const used = new Set(png.pixels);
		// Paper, ink, grid, series, both bounds, excursion and gap colours are all drawn.
		for (const entry of [0, 1, 3, 4, 5, 6, 7, 8]) expect(used).toContain(entry);

		const perPage = pdf.length / (json.pages as number);
		const chart = fileOf(item, 'chart').length;
		console.log(
			`report of one asset, 20 h: PDF ${pdf.length} bytes, ${json.pages} pages (${Math.round(perPage)} bytes a page); PNG ${chart} bytes`,
		);
		expect(perPage).toBeLessThanOrEqual(150 * 1024);
		expect(chart).toBeLessThanOrEqual(200 * 1024);
	});
});

describe('Create Temperature Report of a space of several assets', () => {
	const t = useSimulator({ labelledAssets: 0, historyMinutes: 24 * 60 });

	it('covers the assets in the space, each with the figures of Get Temperature Summary', async () => {
		const { sim } = t;
		const ws = sim.seed.workspaceId;
		const [room, other] = sim.spacesOf(ws);
		const ids = [
			...sim.addLabelledAssets(ws, 3, {
				temperatureProfile: { bound: 8, side: 'above' },
				inSpaceIds: [room.id],
			}),
			...sim.addLabelledAssets(ws, 2, {
				temperatureProfile: { bound: 2, side: 'below' },
				inSpaceIds: [room.id],
			}),
			...sim.addLabelledAssets(ws, 2, { inSpaceIds: [room.id] }),
		];
		sim.addLabelledAssets(ws, 2, { inSpaceIds: [other.id] });
		const start = sim.clock.now();
		sim.quietLabel(ids[1], start + HOUR, start + 3 * HOUR);
		sim.clock.advance(6 * HOUR);
		const now = sim.clock.now();
		const period = { period: 'custom', from: iso(now - 24 * HOUR), to: iso(now) };

		const expected = await summaries(t, ids, period);
		const r = await ok(
			t,
			report({
				scope: 'spaces',
				workspaceId: byId(ws),
				spaceIds: { space: [{ id: byId(room.id) }] },
				...period,
			}),
			{ typeVersion: 4, timezone: TIME_ZONE },
		);
		const json = r.items[0].json;
		const assets = (json.assets as IDataObject[]).map(figuresOf);
		expect(assets.map((a) => a.assetId).sort()).toEqual([...ids].sort());
		for (const asset of assets) {
			expect(asset).toEqual(expected.find((s) => s.assetId === asset.assetId));
			expect(typeof asset.assetName).toBe('string');
		}
		const sum = (field: string) => expected.reduce((s, j) => s + (j[field] as number), 0);
		expect(json.readings).toBe(sum('readings'));
		expect(json.missingMinutes).toBe(sum('missingMinutes'));
		expect(sum('excursions')).toBeGreaterThan(0);

		const pdf = fileOf(r.items[0], 'report');
		const pages = pdfPages(pdf);
		expectEveryPage(pdf, pages, json.pages as number);
		expectWords(pages, sim.seed.workspaceId);
		for (const asset of assets) {
			const { assetName, ...summary } = asset;
			expectCoverRow(pages[0], assetName as string, summary);
			const page = pageOf(pages, assetName as string);
			expectFiguresPrinted(page, summary);
			expect(excursionRows(page)).toHaveLength(summary.excursions as number);
		}

		// The Room column names the room.
		expect(pages[0]).toContain(room.name);
		// Small multiples: two columns of panels, one per asset.
		const png = decodePng(fileOf(r.items[0], 'chart'));
		expect([png.width, png.height]).toEqual([1200, 56 + 4 * 260]);
		console.log(
			`report of a space of ${ids.length} assets, 24 h: PDF ${pdf.length} bytes, ${json.pages} pages (${Math.round(pdf.length / (json.pages as number))} bytes a page); PNG ${fileOf(r.items[0], 'chart').length} bytes`,
		);
	});
});

describe('Create Temperature Report with Profiles by Space and a Stability Budget', () => {
	const t = useSimulator({ labelledAssets: 0, historyMinutes: 60, startTime: START });

	it('judges each reading by the space it was in, as Get Temperature Summary: JSON, cover, tables and excursions agree', async () => {
		const { sim } = t;
		// The box of test/actions/summaryProfiles.test.ts (figures worked out there), a steady one
		// that stayed in the chilled room and a frozen one that stayed in the freezer.
		let steady = '';
		let frozen = '';
		const { ws, box, chilled, freezer, spaceProfiles } = profiledMove(sim, (workspace, room) => {
			[steady] = sim.addLabelledAssets(workspace, 1, {
				inSpaceIds: [room],
				name: 'Steady box',
				temperatureScript: [{ from: at('13:00'), until: at('16:00'), celsius: 4 }],
			});
			[frozen] = sim.addLabelledAssets(workspace, 1, {
				inSpaceIds: [sim.seed.freezerSpaceId],
				name: 'Frozen box',
				temperatureScript: [{ from: at('13:00'), until: at('16:00'), celsius: -20 }],
			});
		});
		const period = { period: 'custom', from: iso(at('14:00')), to: iso(at('15:00')) };
		const summaryOptions = { spaceProfiles };

		const expected = await summaries(t, [box, steady, frozen], period, summaryOptions);
		const r = await ok(
			t,
			report({
				scope: 'spaces',
				workspaceId: byId(ws),
				spaceIds: { space: [{ id: byId(chilled) }, { id: byId(freezer) }] },
				...period,
				summaryOptions,
			}),
			{ typeVersion: 4, timezone: TIME_ZONE },
		);
		const json = r.items[0].json;
		const assets = (json.assets as IDataObject[]).map(figuresOf);
		expect(assets.map((a) => a.assetId).sort()).toEqual([box, steady, frozen].sort());
		for (const asset of assets) {
			expect(asset).toEqual(expected.find((s) => s.assetId === asset.assetId));
		}
		const boxSummary = assets.find((a) => a.assetId === box)!;
		// The move changed the judging (worked out in summaryProfiles.test.ts).
		expect(boxSummary).toMatchObject({
			minutesAbove: 30,
			minutesBelow: 20,
			excursions: 2,
			consumedPercent: 41.7,
		});

		const pdf = fileOf(r.items[0], 'report');
		const pages = pdfPages(pdf);
		expectEveryPage(pdf, pages, json.pages as number);
		expectWords(pages, ws);
		const cover = pages[0];
		// The chosen space by its name, not its ID.
		expect(cover).toContain(
			'Covers: labelled assets that were in spaces Cold Room "A", Freezer 1 at any time of the period (3 assets)',
		);
		expect(cover).not.toMatch(new RegExp(`Covers:.*${chilled}`));
		expect(cover).toContain('Stability budget: 120 min out of range in no listed room');
		// The profiles, each room by its name, with its bounds and budget.
		expect(cover).toMatch(/^\s*Freezer 1\s+-15\s+-25\s+60\s*$/m);
		expect(cover).toMatch(/^\s*Cold Room "A"\s+8\s+2\s+120\s*$/m);
		for (const asset of assets) {
			const { assetName, spaceProfiles, ...summary } = asset;
			expectCoverRow(cover, assetName as string, summary);
			const page = pageOf(pages, assetName as string);
			// Every scalar figure, the budget's too.
			expectFiguresPrinted(page, summary);
			// Which rule judged how many readings: each profile used, and the rest.
			const used = spaceProfiles as IDataObject[];
			for (const p of used) {
				const cells = [p.maxTemperature, p.minTemperature, p.budgetMinutes, p.readings];
				const row = [...cells, p.minutesAbove, p.minutesBelow].map((v) => escape(String(v)));
				expect(page).toMatch(
					new RegExp(`^\\s*${escape(p.spaceName as string)}\\s+${row.join('\\s+')}\\s*$`, 'm'),
				);
			}
			// Every reading was in a listed room: no row for the rule of no listed room.
			expect(used.reduce((n, p) => n + (p.readings as number), 0)).toBe(summary.readings);
			expect(page).not.toContain('No listed room');
			expect(excursionRows(page)).toHaveLength(summary.excursions as number);
		}
		// A page judged by one room's profile states that room's bounds as its rule, never the
		// node's; a page judged by two says so.
		const frozenPage = pageOf(pages, 'Frozen box');
		expect(frozenPage).toMatch(
			/Rule: the profile of Freezer 1: alert above -15 °C, alert below -25 °C, budget 60 min;/,
		);
		expect(frozenPage).not.toContain('alert above 8 °C');
		expect(pageOf(pages, 'Steady box')).toMatch(
			/Rule: the profile of Cold Room "A": alert above 8 °C, alert below 2 °C, budget 120 min;/,
		);
		expect(pageOf(pages, 'Vaccine box 9')).toMatch(
			/Rule: each reading judged by the room it was in/,
		);
		// The box's excursions, each beyond the bound of the profile that judged it. An
		// excursion's minutes run from the reading that opened it to the reading back inside, as
		// the summary's longestExcursionMinutes: 14:00 to 14:30 above the freezer's -15 °C (30
		// readings above, minutes above 30), 14:30 to 14:50 below the chilled room's 2 °C (20).
		const rows = excursionRows(pageOf(pages, 'Vaccine box 9'));
		expect(
			rows.map(([minutes, peak, direction, bound]) => [direction, bound, minutes, peak]),
		).toEqual([
			['above', -15, 30, -12],
			['below', 2, 20, -12],
		]);
	});
});

describe('Create Temperature Report of an asset with no label', () => {
	const t = useSimulator({ labelledAssets: 2, historyMinutes: 60 });

	it('an asset with no label: no readings, as Get Temperature Summary says, and a report saying so', async () => {
		const assetId = byId(t.sim.seed.unlabelledAssetIds[0]);
		const period = { period: 'custom', from: '2026-01-01T00:00:00Z', to: '2026-01-01T06:00:00Z' };
		const summary = await ok(
			t,
			{ resource: 'asset', operation: 'getTemperatureSummary', assetId, ...period },
			{ typeVersion: 4 },
		);
		const r = await ok(t, report({ scope: 'asset', assetId, ...period }), {
			typeVersion: 4,
			timezone: TIME_ZONE,
		});
		const [only] = (r.json[0].assets as IDataObject[]).map(figuresOf);
		const figures = { ...only };
		expect([figures]).toEqual(summary.json);
		expect(figures.readings).toBe(0);
		const [cover] = pdfPages(fileOf(r.items[0], 'report'));
		expect(cover).toContain('No readings');
	});

	it("names a profile's room that no asset's history names, from the workspace's space list", async () => {
		const { sim } = t;
		const assetId = byId(sim.seed.labelledAssetIds[0]);
		const freezer = sim.seed.freezerSpaceId;
		const period = { period: 'custom', from: '2026-01-01T00:00:00Z', to: '2026-01-01T06:00:00Z' };
		const summaryOptions = {
			spaceProfiles: {
				profile: [
					{ spaceId: byId(freezer), maxTemperature: -15, minTemperature: -25, budgetMinutes: 60 },
				],
			},
		};
		const r = await ok(t, report({ scope: 'asset', assetId, ...period, summaryOptions }), {
			typeVersion: 4,
			timezone: TIME_ZONE,
		});
		const [cover] = pdfPages(fileOf(r.items[0], 'report'));
		expect(cover).toMatch(/^\s*Freezer 1\s+-15\s+-25\s+60\s*$/m);
		expect(cover).not.toContain(freezer);
	});
});
