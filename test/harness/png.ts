/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// A PNG decoder for tests (node:zlib's inflate is fine outside nodes/): it checks the signature
// and every chunk's CRC, and unfilters the rows (all five filters) of 8-bit greyscale, RGB,
// palette and RGBA images, so both the chart PNG and pdftoppm's pages are read back.
import { inflateSync } from 'zlib';

export interface DecodedPng {
	width: number;
	height: number;
	colorType: number;
	/** Bytes per pixel. */
	channels: number;
	/** Unfiltered rows, width × channels bytes each. */
	pixels: Buffer;
	palette?: Buffer;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
	let c = n;
	for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
	return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
	let c = 0xffffffff;
	for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
	return (c ^ 0xffffffff) >>> 0;
};

export function decodePng(file: Buffer): DecodedPng {
	if (!file.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG: bad signature');
	let at = 8;
	let header: Buffer | undefined;
	let palette: Buffer | undefined;
	const data: Buffer[] = [];
	let ended = false;
	while (at < file.length) {
		const length = file.readUInt32BE(at);
		const type = file.toString('latin1', at + 4, at + 8);
		const body = file.subarray(at + 8, at + 8 + length);
		if (crc32(file.subarray(at + 4, at + 8 + length)) !== file.readUInt32BE(at + 8 + length)) {
			throw new Error(`PNG chunk ${type}: bad CRC`);
		}
		if (type === 'IHDR') header = body;
		else if (type === 'PLTE') palette = body;
		else if (type === 'IDAT') data.push(body);
		else if (type === 'IEND') ended = true;
		at += length + 12;
	}
	if (!header || !ended) throw new Error('PNG without IHDR or IEND');
	const width = header.readUInt32BE(0);
	const height = header.readUInt32BE(4);
	const colorType = header[9];
	if (header[8] !== 8 || header[12] !== 0)
		throw new Error('only 8-bit, non-interlaced PNGs are read');
	const channels = CHANNELS[colorType];
	const raw = inflateSync(Buffer.concat(data));
	const stride = width * channels;
	if (raw.length !== height * (stride + 1)) {
		throw new Error(`PNG data of ${raw.length} bytes, ${height * (stride + 1)} declared`);
	}
	const pixels = Buffer.alloc(height * stride);
	for (let y = 0; y < height; y++) {
		const filter = raw[y * (stride + 1)];
		const row = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
		for (let x = 0; x < stride; x++) {
			const left = x >= channels ? pixels[y * stride + x - channels] : 0;
			const up = y > 0 ? pixels[(y - 1) * stride + x] : 0;
			const upLeft = y > 0 && x >= channels ? pixels[(y - 1) * stride + x - channels] : 0;
			const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter];
			if (predictor === undefined) throw new Error(`PNG row ${y}: filter ${filter}`);
			pixels[y * stride + x] = (row[x] + predictor) & 0xff;
		}
	}
	return { width, height, colorType, channels, pixels, palette };
}

function paeth(a: number, b: number, c: number): number {
	const p = a + b - c;
	const pa = Math.abs(p - a);
	const pb = Math.abs(p - b);
	const pc = Math.abs(p - c);
	return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}
