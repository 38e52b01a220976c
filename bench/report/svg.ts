// Horizontal grouped bar charts as plain SVG text: no chart library, nothing to install, and the
// files render on GitHub (which strips SVG inlined in Markdown, hence separate files).
export interface Bar {
	label: string;
	value: number;
	/** Shown after the bar; the formatted value by default. */
	text?: string;
	/** Index into the palette: the same series keeps its colour across groups and charts. */
	series: number;
}

export interface BarGroup {
	label: string;
	bars: Bar[];
}

export interface ChartSpec {
	title: string;
	/** Axis caption, e.g. "wall time (ms)". */
	axis: string;
	groups: BarGroup[];
	format?: (value: number) => string;
}

const PALETTE = ['#2f6fdb', '#9aa4b2', '#e07b39', '#3a9a5b', '#8e5bd0'];
const WIDTH = 820;
const LABEL_WIDTH = 230;
const VALUE_ROOM = 220;
const ROW = 20;
const GAP = 10;
const TOP = 36;
const AXIS_ROOM = 40;

const escape = (text: string) =>
	text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const defaultFormat = (value: number) =>
	value.toLocaleString('en-US', { maximumFractionDigits: 1 });

/** A "nice" axis maximum and step: 1, 2 or 5 times a power of ten. */
export function niceScale(max: number, ticks = 5): { max: number; step: number } {
	if (!(max > 0)) return { max: 1, step: 0.2 };
	const rough = max / ticks;
	const power = 10 ** Math.floor(Math.log10(rough));
	const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough)!;
	return { max: Math.ceil(max / step) * step, step };
}

export function barChart(spec: ChartSpec): string {
	const format = spec.format ?? defaultFormat;
	const plotWidth = WIDTH - LABEL_WIDTH - VALUE_ROOM;
	const { max, step } = niceScale(
		Math.max(...spec.groups.flatMap((g) => g.bars.map((b) => b.value))),
	);
	const x = (value: number) => LABEL_WIDTH + (Math.max(0, value) / max) * plotWidth;
	const parts: string[] = [];
	let y = TOP;
	for (const group of spec.groups) {
		parts.push(`<text x="8" y="${y + 13}" font-weight="bold">${escape(group.label)}</text>`);
		y += ROW;
		for (const bar of group.bars) {
			const width = Math.max(1, x(bar.value) - LABEL_WIDTH);
			parts.push(
				`<text x="${LABEL_WIDTH - 8}" y="${y + 13}" text-anchor="end">${escape(bar.label)}</text>`,
				`<rect x="${LABEL_WIDTH}" y="${y + 2}" width="${width.toFixed(1)}" height="${ROW - 5}" fill="${PALETTE[bar.series % PALETTE.length]}"/>`,
				`<text x="${(LABEL_WIDTH + width + 6).toFixed(1)}" y="${y + 13}">${escape(bar.text ?? format(bar.value))}</text>`,
			);
			y += ROW;
		}
		y += GAP;
	}
	const axisY = y;
	const grid: string[] = [];
	for (let tick = 0; tick <= max + step / 2; tick += step) {
		const tx = x(tick).toFixed(1);
		grid.push(
			`<line x1="${tx}" y1="${TOP - 4}" x2="${tx}" y2="${axisY}" stroke="#e3e6ea"/>`,
			`<text x="${tx}" y="${axisY + 14}" text-anchor="middle" fill="#555">${escape(format(tick))}</text>`,
		);
	}
	const height = axisY + AXIS_ROOM;
	return [
		`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="Helvetica, Arial, sans-serif" font-size="12">`,
		`<rect width="${WIDTH}" height="${height}" fill="#fff"/>`,
		`<text x="8" y="20" font-size="14" font-weight="bold">${escape(spec.title)}</text>`,
		...grid,
		...parts,
		`<text x="${LABEL_WIDTH + plotWidth / 2}" y="${axisY + 32}" text-anchor="middle" fill="#555">${escape(spec.axis)}</text>`,
		'</svg>',
		'',
	].join('\n');
}
