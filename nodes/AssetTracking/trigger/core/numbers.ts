/** Numbers in the saved state: base 36, seconds counted back from the state's watermark. */
export const b36 = (n: number) => n.toString(36);
export const p36 = (text: string) => parseInt(text, 36);

/** A second as its distance back from `base` (negative distances get a leading `-`). */
export const back = (second: number, base: number) => b36(base - second);
export function fromBack(text: string, base: number): number | undefined {
	const n = p36(text);
	return /^-?[0-9a-z]+$/.test(text) && Number.isFinite(n) ? base - n : undefined;
}
