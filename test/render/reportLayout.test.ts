// The report's layout with long names and figures such as -20.61 and 116.7 %: every text the
// PDF and the PNG draw lies within its page or image, every figure whole, a long name wrapped or
// shortened with an ellipsis; the PNG's letters (small, quotes, °) all in its font. The drawing
// calls are recorded (PdfPage.text, Raster.text) and the files read back.
import { glyphPixels } from '../../nodes/AssetTracking/render/font';
import { PdfPage } from '../../nodes/AssetTracking/render/pdf';
import { Raster } from '../../nodes/AssetTracking/render/raster';
import { renderChartPng } from '../../nodes/AssetTracking/render/chartPng';
import { renderReportPdf } from '../../nodes/AssetTracking/render/report';
import { decodePng } from '../harness/png';
import { CHILLED, FREEZER, layoutInput, LONG_NAME } from './layoutInput';

interface Drawn {
	x: number;
	text: string;
	size: number;
	width: number;
	/** The surface's width: the page's or the image's. */
	surface: number;
}

/** Every text drawn while `draw` runs, on PDF pages or rasters. */
function recorded(draw: () => void): Drawn[] {
	const drawn: Drawn[] = [];
	const pdfText = PdfPage.prototype.text;
	const pdf = jest.spyOn(PdfPage.prototype, 'text').mockImplementation(function (
		this: PdfPage,
		...args: Parameters<PdfPage['text']>
	) {
		const [x, , text, size, , weight] = args;
		drawn.push({ x, text, size, width: this.textWidth(text, size, weight), surface: 595.28 });
		pdfText.apply(this, args);
	});
	const rasterText = Raster.prototype.text;
	const raster = jest.spyOn(Raster.prototype, 'text').mockImplementation(function (
		this: Raster,
		...args: Parameters<Raster['text']>
	) {
		const [x, , text, size] = args;
		drawn.push({ x, text, size, width: this.textWidth(text, size), surface: this.width });
		rasterText.apply(this, args);
	});
	try {
		draw();
	} finally {
		pdf.mockRestore();
		raster.mockRestore();
	}
	return drawn;
}

/** The input, with the figures the layout must hold: -20.61 °C and 116.7 % of the budget. */
function input() {
	const report = layoutInput(3);
	Object.assign(report.assets[0].summary, { consumedPercent: 116.7, budgetMinutes: 120 });
	Object.assign(report.assets[1].summary, { minCelsius: -20.61, meanCelsius: -20.61 });
	return report;
}

const FIGURES = [
	'readings',
	'meanCelsius',
	'mktCelsius',
	'minCelsius',
	'maxCelsius',
	'minutesAbove',
	'minutesBelow',
	'excursions',
	'missingMinutes',
] as const;

describe('The report PDF with long names and wide figures', () => {
	const report = input();
	let pdf: Buffer;
	const drawn = recorded(() => {
		pdf = renderReportPdf(report);
	});

	it('draws every text within the page margins', () => {
		const outside = drawn.filter((d) => d.x < 40 - 0.01 || d.x + d.width > d.surface - 40 + 0.01);
		expect(outside.map((d) => d.text)).toEqual([]);
		expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
	});

	it('prints every figure of every asset whole, in a cell of its own', () => {
		const texts = new Set(drawn.map((d) => d.text));
		for (const asset of report.assets) {
			for (const field of FIGURES) expect(texts).toContain(String(asset.summary[field]));
		}
		expect(texts).toContain('-20.61');
		// The budget used wraps at a space, never within its figures.
		expect(drawn.some((d) => d.text.startsWith('116.7 % of 120'))).toBe(true);
		// No figure is cut: an ellipsis never follows a digit.
		expect(drawn.filter((d) => /\d…/.test(d.text)).map((d) => d.text)).toEqual([]);
	});

	it('wraps a long name in the heading and shortens it in a cell with an ellipsis', () => {
		// The asset's page heading: its lines make the whole name.
		const heading = drawn.filter((d) => d.size === 14).map((d) => d.text);
		const start = heading.findIndex((text) => LONG_NAME.startsWith(text));
		expect(heading.slice(start, start + 2).join(' ')).toBe(LONG_NAME);
		// Its cover cell: the first words, then an ellipsis at the end of its last line.
		const cell = drawn.filter((d) => d.size < 14 && LONG_NAME.startsWith(d.text));
		expect(cell[0].text).toMatch(/^Crate "Fragile"/);
		expect(
			drawn.some(
				(d) => d.text.endsWith('…') && LONG_NAME.includes(d.text.slice(0, -1).split(' ')[0]),
			),
		).toBe(true);
		// The long room name: whole where there is room, in the profiles' table.
		expect(drawn.map((d) => d.text)).toContain(FREEZER);
	});
});

describe('The chart PNG with long names and wide figures', () => {
	const report = input();
	let png: Buffer = Buffer.alloc(0);
	const drawn = recorded(() => {
		png = renderChartPng(report);
	});

	it('decodes at its size: two columns of panels, each line within the image', () => {
		const image = decodePng(png);
		expect([image.width, image.height]).toEqual([1200, 56 + 2 * 260]);
		expect(drawn.filter((d) => d.x < 0 || d.x + d.width > image.width).map((d) => d.text)).toEqual(
			[],
		);
	});

	it("names each panel's asset, state, MKT, rooms and rules, the figures whole", () => {
		const texts = drawn.map((d) => d.text);
		for (const asset of report.assets) {
			const mkt = `MKT ${String(asset.summary.mktCelsius)} °C`;
			expect(texts.some((t) => t.includes(mkt))).toBe(true);
		}
		// A panel keeps within its half of the image (600 pixels): its name is shortened.
		const titles = texts.filter((t) => t.includes(': Excursion'));
		expect(titles).toHaveLength(3);
		expect(titles.find((t) => t.startsWith('Crate "Fragile" #7'))).toMatch(/…: Excursion/);
		// The rooms and each one's rule: the freezer's and the chilled room's bounds.
		expect(texts.some((t) => t.includes(': -25 to -15 °C') && t.startsWith('Freezer 1'))).toBe(
			true,
		);
		expect(texts.some((t) => t.includes(`${CHILLED}: 2 to 8 °C`) || t.includes('more room'))).toBe(
			true,
		);
		// The temperature axis carries its unit.
		expect(texts).toContain('-20 °C');
	});

	it('draws every character of its text from the font: small letters, quotes, °', () => {
		const unknown = glyphPixels('\u0001');
		const missing = [...new Set(drawn.flatMap((d) => [...d.text]))].filter(
			(char) => char !== '?' && glyphPixels(char) === unknown,
		);
		expect(missing).toEqual([]);
		expect(glyphPixels('a')).not.toEqual(glyphPixels('A'));
		for (const char of ['"', '“', '”', '°', 'é']) expect(glyphPixels(char)).not.toBe(unknown);
	});

	it('one asset: 800 × 456, its name as the title', () => {
		const one = { ...report, assets: report.assets.slice(1, 2) };
		const texts: string[] = [];
		const single = recorded(() => {
			const image = decodePng(renderChartPng(one));
			expect([image.width, image.height]).toEqual([800, 456]);
		});
		texts.push(...single.map((d) => d.text));
		// The title: the asset's name whole, the workspace's shortened to the image's width.
		expect(texts[0]).toMatch(/^Roll cage 002 · Main warehouse "North" & c/);
		expect(texts.some((t) => t.includes('mean -20.61 °C'))).toBe(true);
	});
});
