import type { Color } from './painter';
import type { FontWeight, PdfDocument, PdfPage } from './pdf';

export const MARGIN = 40;
/** Where the page's content ends: the footer's three lines below it. */
const BOTTOM = 80;
export const SMALL = 8;
export const BODY = 9;
/** Line height per point of font size. */
const LEADING = 1.25;
/** Space between two columns of a table. */
const GAP = 5;

type Measure = (text: string) => number;

/**
 * Text broken into lines no wider than `width`: at spaces, a word wider than the line at its
 * characters. With `most`, at most that many lines, the last shortened with an ellipsis.
 */
export function wrap(text: string, width: number, measure: Measure, most = Infinity): string[] {
	const lines: string[] = [];
	let line = '';
	for (const word of text.split(/\s+/).filter((w) => w !== '')) {
		const joined = line === '' ? word : `${line} ${word}`;
		if (measure(joined) <= width) {
			line = joined;
			continue;
		}
		if (line !== '') lines.push(line);
		line = word;
		// A word alone wider than the line: cut at characters, the rest on the next lines.
		while (measure(line) > width && line.length > 1) {
			let cut = line.length - 1;
			while (cut > 1 && measure(line.slice(0, cut)) > width) cut--;
			lines.push(line.slice(0, cut));
			line = line.slice(cut);
		}
	}
	if (line !== '' || lines.length === 0) lines.push(line);
	if (lines.length <= most) return lines;
	const kept = lines.slice(0, most);
	kept[most - 1] = ellipsis(`${kept[most - 1]} ${lines[most]}`, width, measure);
	return kept;
}

/** Text shortened to a width with an ellipsis; whole when it fits. */
export function ellipsis(text: string, width: number, measure: Measure): string {
	if (measure(text) <= width) return text;
	let cut = text;
	while (cut.length > 1 && measure(`${cut}…`) > width) cut = cut.slice(0, -1);
	return `${cut.trimEnd()}…`;
}

/** A table's column: a name or words (wrapped, at most `lines` lines), or a figure (never cut). */
export interface Column {
	title: string;
	/** A figure column: right-aligned, as wide as its widest unbreakable part. */
	figure?: boolean;
	/** Words never cut (a state): as a figure column, left-aligned. */
	whole?: boolean;
	/** A text column's share of the width the figures leave (1 unless given). */
	share?: number;
	/** A text column's most lines per cell (3 unless given); the last is shortened with an ellipsis. */
	lines?: number;
	color?: (cell: string) => Color;
}

/** Pages filled top to bottom: a new page (with its heading repeated) when one is full. */
export class Flow {
	page!: PdfPage;
	y = 0;
	private heading = '';

	constructor(readonly doc: PdfDocument) {}

	get width() {
		return this.doc.width - 2 * MARGIN;
	}

	measure(size: number, weight: FontWeight = 'regular'): Measure {
		return (text) => this.page.textWidth(text, size, weight);
	}

	newPage(heading: string) {
		this.page = this.doc.addPage();
		this.heading = heading;
		this.y = MARGIN;
		this.text(heading, 14, 'ink', 'bold', 3);
		this.y += 6;
	}

	/** Room for `height` more on this page, or a new page continuing the heading. */
	need(height: number, continued?: () => void) {
		if (this.y + height <= this.doc.height - BOTTOM) return;
		this.newPage(`${this.heading.replace(/ \(continued\)$/, '')} (continued)`);
		continued?.();
	}

	/** Text wrapped to the page's width (at most `most` lines). */
	text(
		text: string,
		size = BODY,
		color: Color = 'ink',
		weight: FontWeight = 'regular',
		most = Infinity,
	) {
		for (const line of wrap(text, this.width, this.measure(size, weight), most)) {
			this.need(size * LEADING + 2);
			this.y += size * LEADING + 2;
			this.page.text(MARGIN, this.y, line, size, color, weight);
		}
	}

	section(title: string) {
		this.need(BODY * LEADING * 4);
		this.y += 8;
		this.text(title, 11, 'ink', 'bold');
		this.y += 2;
	}

	/**
	 * A table whose figures are never cut: each figure column is as wide as its widest word, the
	 * text columns share the rest (their cells wrap, then end with an ellipsis); should the
	 * figures not fit at the body's size, the whole table is set smaller. Its header again atop
	 * every page it continues on.
	 */
	table(columns: Column[], rows: string[][]) {
		// Smaller until the names have room (not below 6.5 points), or at least the figures do.
		let size = BODY;
		let widths = columnWidths(columns, rows, size, this, true);
		while (!widths && size > 6.5) widths = columnWidths(columns, rows, (size -= 0.5), this, true);
		widths ??= columnWidths(columns, rows, size, this, false);
		while (!widths && size > 3) widths = columnWidths(columns, rows, (size -= 0.5), this, false);
		widths ??= columns.map(() => (this.width - GAP * (columns.length - 1)) / columns.length);
		const lefts = widths.map((_, k) => widths!.slice(0, k).reduce((a, w) => a + w + GAP, MARGIN));
		const titleSize = Math.min(SMALL, size);
		const line = size * LEADING;
		const header = () => {
			const titles = columns.map((c, k) =>
				wrap(c.title, widths![k], this.measure(titleSize, 'bold')),
			);
			const height = Math.max(...titles.map((t) => t.length)) * titleSize * LEADING;
			this.y += 4;
			titles.forEach((lines, k) =>
				lines.forEach((text, n) => {
					const x = columns[k].figure
						? lefts[k] + widths![k] - this.page.textWidth(text, titleSize, 'bold')
						: lefts[k];
					this.page.text(
						x,
						this.y + (n + 1) * titleSize * LEADING,
						text,
						titleSize,
						'muted',
						'bold',
					);
				}),
			);
			this.y += height + 3;
			this.page.line(
				[
					[MARGIN, this.y],
					[this.doc.width - MARGIN, this.y],
				],
				'grid',
				0.5,
			);
		};
		this.need(line * 4);
		header();
		for (const row of rows) {
			const cells = row.map((cell, k) =>
				wrap(
					cell,
					widths![k],
					this.measure(size),
					fixedWidth(columns[k]) ? Infinity : (columns[k].lines ?? 3),
				),
			);
			const height = Math.max(...cells.map((c) => c.length)) * line + 3;
			this.need(height, header);
			cells.forEach((lines, k) =>
				lines.forEach((text, n) => {
					const column = columns[k];
					const x = column.figure
						? lefts[k] + widths![k] - this.page.textWidth(text, size)
						: lefts[k];
					const color = column.color?.(row[k]) ?? 'ink';
					this.page.text(x, this.y + (n + 1) * line, text, size, color);
				}),
			);
			this.y += height;
		}
	}
}

/**
 * The columns' widths at a size: a figure column as wide as its widest word (header's or
 * cell's), or its widest cell when that is narrow; the text columns the rest by their shares.
 * Undefined when the figures do not fit, or, when `roomy`, when the text columns are left too
 * narrow (the table is then set smaller).
 */
function columnWidths(
	columns: Column[],
	rows: string[][],
	size: number,
	flow: Flow,
	roomy: boolean,
): number[] | undefined {
	const cell = flow.measure(size);
	const title = flow.measure(Math.min(SMALL, size), 'bold');
	const widest = (texts: string[], measure: Measure) => Math.max(0, ...texts.map(measure));
	const words = (text: string) => text.split(/\s+/);
	const fixed = columns.map((c, k) => {
		if (!fixedWidth(c)) return 0;
		const cells = rows.map((r) => r[k] ?? '');
		const longestWord = Math.max(widest(cells.flatMap(words), cell), widest(words(c.title), title));
		// A short figure with its unit stays on one line ("37.5 % of 120 min" may wrap).
		return Math.max(longestWord, Math.min(widest(cells, cell), 60));
	});
	const text = columns.filter((c) => !fixedWidth(c));
	const free = flow.width - GAP * (columns.length - 1) - fixed.reduce((a, b) => a + b, 0);
	const shares = text.reduce((a, c) => a + (c.share ?? 1), 0);
	if (text.length === 0 || free < 0) return free < 0 ? undefined : fixed;
	const widths = columns.map((c, k) =>
		fixedWidth(c) ? fixed[k] : (free * (c.share ?? 1)) / shares,
	);
	// Too narrow: a text column that cannot hold its longest word, or a first column (the name)
	// that cannot hold a name of up to 90 points on one line.
	const cramped = columns.some((c, k) => {
		if (fixedWidth(c)) return false;
		const cells = rows.map((r) => r[k] ?? '');
		const first = columns.findIndex((other) => !fixedWidth(other)) === k;
		return (
			widths[k] < Math.min(widest(cells.flatMap(words), cell), 120) ||
			(first && widths[k] < Math.min(widest(cells, cell), 90))
		);
	});
	return cramped && roomy ? undefined : widths;
}

const fixedWidth = (c: Column) => c.figure === true || c.whole === true;
