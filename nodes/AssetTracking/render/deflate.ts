/**
 * zlib-wrapped deflate (RFC 1950/1951) of one fixed-Huffman block, with LZ77 matches found through
 * a hash chain. The pack may not import node:zlib (n8n's community-package scanner forbids it), and
 * a chart's rows and a PDF page's drawing operators repeat so much that fixed codes compress them
 * nearly as well as dynamic ones: a 900 × 560 chart PNG is a few kilobytes.
 */

const WINDOW = 32_768;
const MIN_MATCH = 3;
const MAX_MATCH = 258;
/** How many earlier places of the same three bytes are tried: enough for repetitive drawings. */
const MAX_CHAIN = 24;
const HASH_BITS = 15;

const LENGTH_BASE = [
	3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
	163, 195, 227, 258,
];
const LENGTH_EXTRA = [
	0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
const DISTANCE_BASE = [
	1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049,
	3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DISTANCE_EXTRA = [
	0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
];

/** The code (index into the bases) of every match length 3–258. */
const LENGTH_CODE = new Uint8Array(MAX_MATCH + 1);
for (let code = 0; code < LENGTH_BASE.length; code++) {
	const end = code + 1 < LENGTH_BASE.length ? LENGTH_BASE[code + 1] : MAX_MATCH + 1;
	for (let length = LENGTH_BASE[code]; length < end; length++) LENGTH_CODE[length] = code;
}
LENGTH_CODE[MAX_MATCH] = 28;

function distanceCode(distance: number): number {
	let code = 0;
	while (code + 1 < DISTANCE_BASE.length && DISTANCE_BASE[code + 1] <= distance) code++;
	return code;
}

/** Bits packed least significant first, as deflate stores them. */
class BitWriter {
	private bytes = new Uint8Array(1024);
	private length = 0;
	private bits = 0;
	private count = 0;

	write(value: number, width: number) {
		this.bits |= value << this.count;
		this.count += width;
		while (this.count >= 8) {
			this.push(this.bits & 0xff);
			this.bits >>>= 8;
			this.count -= 8;
		}
	}

	/** A Huffman code: deflate stores it most significant bit first. */
	writeCode(code: number, width: number) {
		let reversed = 0;
		for (let i = 0; i < width; i++) reversed = (reversed << 1) | ((code >>> i) & 1);
		this.write(reversed, width);
	}

	finish(): Uint8Array {
		if (this.count > 0) this.push(this.bits & 0xff);
		this.bits = this.count = 0;
		return this.bytes.subarray(0, this.length);
	}

	private push(byte: number) {
		if (this.length === this.bytes.length) {
			const grown = new Uint8Array(this.bytes.length * 2);
			grown.set(this.bytes);
			this.bytes = grown;
		}
		this.bytes[this.length++] = byte;
	}
}

/** A literal byte or the end-of-block code (256), in the fixed Huffman code. */
function writeLiteral(out: BitWriter, symbol: number) {
	if (symbol < 144) out.writeCode(0x30 + symbol, 8);
	else if (symbol < 256) out.writeCode(0x190 + symbol - 144, 9);
	else if (symbol < 280) out.writeCode(symbol - 256, 7);
	else out.writeCode(0xc0 + symbol - 280, 8);
}

function writeMatch(out: BitWriter, length: number, distance: number) {
	const code = LENGTH_CODE[length];
	writeLiteral(out, 257 + code);
	if (LENGTH_EXTRA[code] > 0) out.write(length - LENGTH_BASE[code], LENGTH_EXTRA[code]);
	const dist = distanceCode(distance);
	out.writeCode(dist, 5);
	if (DISTANCE_EXTRA[dist] > 0) out.write(distance - DISTANCE_BASE[dist], DISTANCE_EXTRA[dist]);
}

/** The raw deflate stream of `data`: one final block with fixed Huffman codes. */
function deflateRaw(data: Uint8Array): Uint8Array {
	const out = new BitWriter();
	out.write(1, 1); // BFINAL
	out.write(1, 2); // BTYPE 01: fixed Huffman codes
	const head = new Int32Array(1 << HASH_BITS).fill(-1);
	const previous = new Int32Array(WINDOW);
	const hashAt = (i: number) =>
		((data[i] << 10) ^ (data[i + 1] << 5) ^ data[i + 2]) & ((1 << HASH_BITS) - 1);
	const insert = (i: number) => {
		if (i + MIN_MATCH > data.length) return;
		const h = hashAt(i);
		previous[i % WINDOW] = head[h];
		head[h] = i;
	};
	let i = 0;
	while (i < data.length) {
		let bestLength = 0;
		let bestDistance = 0;
		if (i + MIN_MATCH <= data.length) {
			let candidate = head[hashAt(i)];
			const limit = Math.min(MAX_MATCH, data.length - i);
			for (let chain = 0; candidate >= 0 && chain < MAX_CHAIN; chain++) {
				const distance = i - candidate;
				if (distance > WINDOW - 1 || distance <= 0) break;
				let length = 0;
				while (length < limit && data[candidate + length] === data[i + length]) length++;
				if (length > bestLength) {
					bestLength = length;
					bestDistance = distance;
					if (length === limit) break;
				}
				const next = previous[candidate % WINDOW];
				if (next >= candidate) break;
				candidate = next;
			}
		}
		if (bestLength >= MIN_MATCH) {
			writeMatch(out, bestLength, bestDistance);
			for (let k = 0; k < bestLength; k++) insert(i + k);
			i += bestLength;
		} else {
			writeLiteral(out, data[i]);
			insert(i);
			i++;
		}
	}
	writeLiteral(out, 256);
	return out.finish();
}

function adler32(data: Uint8Array): number {
	let a = 1;
	let b = 0;
	// 5552 bytes at most between reductions keep the sums within 32 bits (zlib's NMAX).
	for (let start = 0; start < data.length; start += 5552) {
		const end = Math.min(data.length, start + 5552);
		for (let k = start; k < end; k++) {
			a += data[k];
			b += a;
		}
		a %= 65521;
		b %= 65521;
	}
	return ((b << 16) | a) >>> 0;
}

/** The zlib stream (header, deflate, Adler-32) PNG's IDAT and PDF's FlateDecode take. */
export function zlibDeflate(data: Uint8Array): Buffer {
	const body = deflateRaw(data);
	const out = Buffer.alloc(body.length + 6);
	out[0] = 0x78; // deflate, 32 KB window
	out[1] = 0x01; // no dictionary, fastest level; (0x78 << 8 | 0x01) is a multiple of 31
	out.set(body, 2);
	out.writeUInt32BE(adler32(data), body.length + 2);
	return out;
}
