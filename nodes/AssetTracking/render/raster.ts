import { glyphPixels, GLYPH_ADVANCE, GLYPH_HEIGHT } from './font';
import { COLORS, PALETTE, type Color, type Painter } from './painter';
import { encodePng } from './png';

/** A palette image in memory that a chart draws on (Painter), written out as a PNG. */
export class Raster implements Painter {
	private readonly pixels: Uint8Array;

	constructor(
		readonly width: number,
		readonly height: number,
	) {
		this.pixels = new Uint8Array(width * height); // paper: palette entry 0
	}

	rect(x: number, y: number, width: number, height: number, color: Color) {
		const index = PALETTE.indexOf(color);
		const x0 = Math.max(0, Math.round(x));
		const x1 = Math.min(this.width, Math.round(x + width));
		const y0 = Math.max(0, Math.round(y));
		const y1 = Math.min(this.height, Math.round(y + height));
		for (let row = y0; row < y1; row++)
			this.pixels.fill(index, row * this.width + x0, row * this.width + x1);
	}

	line(points: ReadonlyArray<readonly [number, number]>, color: Color, width = 1) {
		const index = PALETTE.indexOf(color);
		const thick = Math.max(1, Math.round(width * 1.5));
		for (let k = 1; k < points.length; k++) this.segment(points[k - 1], points[k], index, thick);
		if (points.length === 1) this.segment(points[0], points[0], index, thick);
	}

	/** Text in the bitmap font, scaled to whole pixels: `size` is the capitals' height. */
	text(x: number, y: number, text: string, size: number, color: Color = 'ink') {
		const index = PALETTE.indexOf(color);
		const scale = Math.max(1, Math.round(size / GLYPH_HEIGHT));
		let left = Math.round(x);
		const top = Math.round(y) - GLYPH_HEIGHT * scale;
		for (const char of text) {
			for (const [gx, gy] of glyphPixels(char)) {
				for (let dy = 0; dy < scale; dy++) {
					for (let dx = 0; dx < scale; dx++)
						this.plot(left + gx * scale + dx, top + gy * scale + dy, index);
				}
			}
			left += GLYPH_ADVANCE * scale;
		}
	}

	textWidth(text: string, size: number): number {
		return [...text].length * GLYPH_ADVANCE * Math.max(1, Math.round(size / GLYPH_HEIGHT));
	}

	toPng(): Buffer {
		return encodePng(
			this.width,
			this.height,
			this.pixels,
			PALETTE.map((color) => COLORS[color]),
		);
	}

	/** Bresenham's line, `thick` pixels square at every step. */
	private segment(
		from: readonly [number, number],
		to: readonly [number, number],
		index: number,
		thick: number,
	) {
		let x = Math.round(from[0]);
		let y = Math.round(from[1]);
		const x1 = Math.round(to[0]);
		const y1 = Math.round(to[1]);
		const dx = Math.abs(x1 - x);
		const dy = -Math.abs(y1 - y);
		const sx = x < x1 ? 1 : -1;
		const sy = y < y1 ? 1 : -1;
		let error = dx + dy;
		const half = Math.floor((thick - 1) / 2);
		for (;;) {
			for (let a = 0; a < thick; a++)
				for (let b = 0; b < thick; b++) this.plot(x - half + a, y - half + b, index);
			if (x === x1 && y === y1) return;
			const e2 = 2 * error;
			if (e2 >= dy) {
				error += dy;
				x += sx;
			}
			if (e2 <= dx) {
				error += dx;
				y += sy;
			}
		}
	}

	private plot(x: number, y: number, index: number) {
		if (x >= 0 && y >= 0 && x < this.width && y < this.height)
			this.pixels[y * this.width + x] = index;
	}
}
