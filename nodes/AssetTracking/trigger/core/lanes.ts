/**
 * A saved state's table of one family's lane keys (version 6's alarms: each alarm's 3-character
 * key), so that each reference to a key is written as one capital letter, its place in the table:
 * `A` the first key. Keys beyond the 26th are written as `_` + the key itself.
 */
export class Lanes {
	readonly keys: string[];

	constructor(keys: readonly string[] = []) {
		this.keys = [...keys];
	}

	/** A key as written: its letter (added to the table when new), or `_<key>` beyond 26. */
	text(key: string): string {
		let place = this.keys.indexOf(key);
		if (place === -1 && this.keys.length < LETTERS.length) place = this.keys.push(key) - 1;
		return place === -1 ? `_${key}` : LETTERS[place];
	}

	/** The key a letter stands for (undefined: none). */
	key(letter: string): string | undefined {
		const place = LETTERS.indexOf(letter);
		return place === -1 ? undefined : this.keys[place];
	}
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
