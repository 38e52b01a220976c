import { zlibDeflate } from './deflate';

/**
 * PNG (ISO/IEC 15948) of an 8-bit palette image: signature, IHDR, PLTE, one IDAT of the rows
 * (each with filter 0) through this folder's deflate, IEND.
 */
export function encodePng(
	width: number,
	height: number,
	pixels: Uint8Array,
	palette: ReadonlyArray<readonly [number, number, number]>,
): Buffer {
	const rows = new Uint8Array((width + 1) * height);
	for (let y = 0; y < height; y++) {
		rows.set(pixels.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
	}
	const header = Buffer.alloc(13);
	header.writeUInt32BE(width, 0);
	header.writeUInt32BE(height, 4);
	header[8] = 8; // bit depth
	header[9] = 3; // colour type: palette
	return Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		chunk('IHDR', header),
		chunk('PLTE', Buffer.from(palette.flat())),
		chunk('IDAT', zlibDeflate(rows)),
		chunk('IEND', Buffer.alloc(0)),
	]);
}

function chunk(type: string, data: Buffer): Buffer {
	const out = Buffer.alloc(data.length + 12);
	out.writeUInt32BE(data.length, 0);
	out.write(type, 4, 'latin1');
	data.copy(out, 8);
	out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
	return out;
}

const CRC_TABLE = new Uint32Array(256).map((_, n) => {
	let c = n;
	for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
	return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
	let c = 0xffffffff;
	for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
	return (c ^ 0xffffffff) >>> 0;
}
