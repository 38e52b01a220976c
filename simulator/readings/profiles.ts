// Opt-in temperature profiles for event tests: a curve that lives near one bound, with calm
// stretches, hovering (8.1, 7.9, 8.2, 7.8 …) and excursions of varying length. Still a pure
// function of (asset, minute), so any range is produced on demand and is the exact ground truth.
import { hash32 } from '../prng';

export interface HoverProfile {
	/** The bound the curve lives around (e.g. 8 for 'above', 2 for 'below'). */
	bound: number;
	/** Which side the excursions go to. */
	side: 'above' | 'below';
	/** Minutes per block; each block is calm, hovering or an excursion (chosen by hash). Default 60. */
	blockMinutes?: number;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/** The temperature of an asset with a hover profile at a whole minute. */
export function hoverTemperature(assetId: string, minute: number, p: HoverProfile): number {
	const block = p.blockMinutes ?? 60;
	const b = Math.floor(minute / block);
	const within = minute - b * block;
	const sign = p.side === 'above' ? 1 : -1;
	const mode = hash32(assetId, b, 'mode') % 3;
	const jitter = (hash32(assetId, minute, 'j') % 5) / 10; // 0 … 0.4
	const calm = p.bound - sign * (1.3 + jitter); // safely inside (past the hysteresis)
	if (mode === 0) return round1(calm);
	if (mode === 1) {
		// Hovering: ±0.1/0.2 around the bound for the middle of the block, calm at both ends.
		if (within < 5 || within >= block - 5) return round1(calm);
		const step = [0.1, -0.1, 0.2, -0.2][hash32(assetId, minute, 'h') % 4];
		return round1(p.bound + step);
	}
	// An excursion of 1 … block-10 minutes starting a few minutes into the block.
	const start = 3 + (hash32(assetId, b, 's') % 5);
	const length = 1 + (hash32(assetId, b, 'l') % Math.max(1, block - 10));
	if (within < start || within >= start + length) return round1(calm);
	return round1(p.bound + sign * (0.3 + (hash32(assetId, minute, 'x') % 16) / 10));
}

/**
 * A scripted temperature (end-to-end tests on the real clock): each step holds `celsius` for the
 * readings with from <= time < until (epoch ms); the first step that covers a reading wins, and
 * outside every step the asset keeps its usual curve. Like the curves, a pure function of time,
 * so readings already served never change as long as steps are only added for the future.
 */
export interface TemperatureStep {
	from: number;
	until: number;
	celsius: number;
}

/** The scripted temperature at a time, or undefined where no step covers it. */
export function scriptedTemperature(steps: TemperatureStep[], t: number): number | undefined {
	return steps.find((step) => step.from <= t && t < step.until)?.celsius;
}
