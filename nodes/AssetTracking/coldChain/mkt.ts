/**
 * Mean kinetic temperature (USP <1160>): the single temperature that does the same thermal damage
 * as a recorded series,
 *
 *   MKT = (ΔH/R) / −ln( Σ tᵢ·e^(−ΔH/(R·Tᵢ)) / Σ tᵢ ) − 273.15
 *
 * with Tᵢ in kelvin and tᵢ the time each reading stands for (here every reading weighs the same:
 * one minute). USP's ΔH is 83.144 kJ/mol and R 8.3144 J/(mol·K), so ΔH/R is 10,000 K.
 */
export const DEFAULT_ACTIVATION_ENERGY_KJ = 83.144;
/** The gas constant as USP <1160> gives it, J/(mol·K). */
const GAS_CONSTANT = 8.3144;
const KELVIN = 273.15;

/** The MKT (°C) of temperatures (°C) of equal weight; null for none. */
export function meanKineticTemperature(
	celsius: readonly number[],
	activationEnergyKj = DEFAULT_ACTIVATION_ENERGY_KJ,
): number | null {
	if (celsius.length === 0) return null;
	const ratio = (activationEnergyKj * 1000) / GAS_CONSTANT;
	// The mean of e^(−ΔH/RT) through its largest term (log-sum-exp): the terms of a freezer's
	// readings are around e^−50, and a long series of them stays exact.
	const exponents = celsius.map((c) => -ratio / (c + KELVIN));
	let largest = -Infinity;
	for (const e of exponents) largest = Math.max(largest, e);
	let sum = 0;
	for (const e of exponents) sum += Math.exp(e - largest);
	const logMean = largest + Math.log(sum / exponents.length);
	return ratio / -logMean - KELVIN;
}
