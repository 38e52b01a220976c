// Deterministic randomness. Nothing in the simulator uses Math.random: the same seed must
// always give the same data, ids and random faults, so tests can pin expectations.

/** mulberry32: tiny, fast, good enough for test data. Returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** FNV-1a over the joined parts, finished with a murmur-style mix: a stable 32-bit hash. */
export function hash32(...parts: Array<string | number>): number {
	let h = 0x811c9dc5;
	const s = parts.join('\u0001');
	for (let i = 0; i < s.length; i++) {
		h ^= s.charCodeAt(i);
		h = Math.imul(h, 0x01000193);
	}
	h ^= h >>> 16;
	h = Math.imul(h, 0x85ebca6b);
	h ^= h >>> 13;
	h = Math.imul(h, 0xc2b2ae35);
	h ^= h >>> 16;
	return h >>> 0;
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const HEX = '0123456789abcdef';

/** A seeded random source with the helpers the seed and the fault injector need. */
export class Rng {
	private readonly next01: () => number;

	constructor(seed: number) {
		this.next01 = mulberry32(seed);
	}

	float(): number {
		return this.next01();
	}

	/** Integer in [min, max] inclusive. */
	int(min: number, max: number): number {
		return min + Math.floor(this.next01() * (max - min + 1));
	}

	pick<T>(items: readonly T[]): T {
		return items[this.int(0, items.length - 1)];
	}

	alnum(length: number): string {
		let s = '';
		for (let i = 0; i < length; i++) s += ALNUM[this.int(0, ALNUM.length - 1)];
		return s;
	}

	hex(length: number): string {
		let s = '';
		for (let i = 0; i < length; i++) s += HEX[this.int(0, 15)];
		return s;
	}

	/** A version-4-shaped UUID (8-4-4-4-12 hex) drawn from this seeded stream. */
	uuid(): string {
		const variant = '89ab'[this.int(0, 3)];
		return `${this.hex(8)}-${this.hex(4)}-4${this.hex(3)}-${variant}${this.hex(3)}-${this.hex(12)}`;
	}
}
