/**
 * A value observed at each poll that emits on change (a printer's isOnline, an asset group's
 * availability). The memory is the last known value; a value the service leaves out is unknown,
 * emits nothing and changes nothing. A subject's first known value is where it starts when the
 * family was already watching it unknown since its start (`u`), and news when it was first seen
 * after the start (`n`): a printer added offline emits printerOffline. A change that flips back
 * between two polls is not seen.
 */
export type Observed = boolean | 'u' | 'n';

/** What a poll's value does: whether it emits, and the memory after it. */
export function observe(
	value: boolean | undefined,
	memory: Observed | undefined,
	seeding: boolean,
): { emits: boolean; next: Observed } {
	if (value === undefined) return { emits: false, next: memory ?? (seeding ? 'u' : 'n') };
	if (typeof memory === 'boolean') return { emits: value !== memory, next: value };
	return { emits: memory === 'n' || (memory === undefined && !seeding), next: value };
}

/** One character in the saved state: 1, 0, u, n. */
export const encodeObserved = (value: Observed) =>
	value === true ? '1' : value === false ? '0' : value;

export function decodeObserved(char: string): Observed | undefined {
	if (char === '1') return true;
	if (char === '0') return false;
	return char === 'u' || char === 'n' ? char : undefined;
}
