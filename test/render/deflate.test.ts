/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// The pack's own deflate (render/deflate.ts), read back by node:zlib: every kind of input comes
// back byte for byte, and what repeats (a chart's rows) shrinks.
import { inflateSync } from 'zlib';

import { zlibDeflate } from '../../nodes/AssetTracking/render/deflate';

/** A deterministic byte stream (xorshift), `alphabet` symbols wide. */
function noise(length: number, alphabet: number, seed = 7): Buffer {
	const out = Buffer.alloc(length);
	let x = seed;
	for (let i = 0; i < length; i++) {
		x ^= x << 13;
		x ^= x >>> 17;
		x ^= x << 5;
		out[i] = (x >>> 0) % alphabet;
	}
	return out;
}

describe('zlibDeflate', () => {
	it.each([
		['nothing', Buffer.alloc(0)],
		['one byte', Buffer.from([200])],
		['text that repeats', Buffer.from('abcabcabd'.repeat(5000))],
		['one byte 100,000 times (matches of 258 at distance 1)', Buffer.alloc(100_000, 7)],
		['noise of every byte (literals, 9-bit codes)', noise(70_000, 256)],
		['noise of four bytes (short matches at every distance)', noise(70_000, 4)],
		[
			'rows of a picture: the same row 300 times, beyond the 32 KB window',
			Buffer.concat(Array.from({ length: 300 }, () => noise(901, 9, 3))),
		],
	])('%s comes back byte for byte', (_name, data) => {
		const packed = zlibDeflate(data);
		expect(inflateSync(packed).equals(data)).toBe(true);
		// The zlib header: deflate with a 32 KB window, its check bits a multiple of 31.
		expect(packed[0]).toBe(0x78);
		expect((packed[0] * 256 + packed[1]) % 31).toBe(0);
	});

	it('shrinks what repeats: the same 901-byte row 300 times to under 2% of it', () => {
		const rows = Buffer.concat(Array.from({ length: 300 }, () => noise(901, 9, 3)));
		expect(zlibDeflate(rows).length).toBeLessThan(rows.length * 0.02);
	});
});
