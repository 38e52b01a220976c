/**
 * What a chart is drawn on: a PDF page (vector, pdf.ts) or a raster (raster.ts, for the PNG).
 * The chart (chart.ts) draws once through this, so the PDF's chart and the PNG agree.
 * Coordinates run from the top left, in the surface's units (points or pixels).
 */
export interface Painter {
	rect(x: number, y: number, width: number, height: number, color: Color): void;
	/** A polyline through the points; `width` in the surface's units. */
	line(points: ReadonlyArray<readonly [number, number]>, color: Color, width?: number): void;
	/** Text whose baseline starts at (x, y); `size` is the text's height in the surface's units. */
	text(x: number, y: number, text: string, size: number, color?: Color): void;
	/** How wide `text` runs at `size`. */
	textWidth(text: string, size: number): number;
}

/** The few colours a report uses: each PNG palette entry and PDF colour, named by its use. */
export const COLORS = {
	paper: [255, 255, 255],
	ink: [33, 37, 41],
	muted: [108, 117, 125],
	grid: [222, 226, 230],
	series: [13, 110, 253],
	above: [220, 53, 69],
	below: [111, 66, 193],
	excursion: [248, 215, 218],
	gap: [233, 236, 239],
} as const;

export type Color = keyof typeof COLORS;

export const PALETTE: Color[] = Object.keys(COLORS) as Color[];
