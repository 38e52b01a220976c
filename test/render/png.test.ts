// The chart PNG's encoder (render/png.ts through render/raster.ts), read back by the test
// decoder: size, palette and every pixel as drawn.
import { COLORS, PALETTE } from '../../nodes/AssetTracking/render/painter';
import { Raster } from '../../nodes/AssetTracking/render/raster';
import { decodePng } from '../harness/png';

describe('Raster.toPng', () => {
	it('decodes at its declared size, with the palette and the pixels drawn', () => {
		const raster = new Raster(37, 21);
		raster.rect(2, 3, 10, 5, 'excursion');
		raster.line(
			[
				[0, 20],
				[36, 0],
			],
			'series',
			1,
		);
		raster.text(14, 18, 'A1', 7, 'ink');
		const png = decodePng(raster.toPng());
		expect([png.width, png.height, png.colorType]).toEqual([37, 21, 3]);
		expect([...png.palette!]).toEqual(PALETTE.flatMap((color) => [...COLORS[color]]));
		const at = (x: number, y: number) => PALETTE[png.pixels[y * 37 + x]];
		expect(at(2, 3)).toBe('excursion');
		expect(at(11, 7)).toBe('excursion');
		expect(at(12, 8)).toBe('paper');
		expect(at(0, 20)).toBe('series');
		expect(at(36, 0)).toBe('series');
		// The "A" of the bitmap font: its apex, one pixel right of its left edge, on the top row.
		expect(at(15, 11)).toBe('ink');
		expect(at(14, 11)).toBe('paper');
	});
});
