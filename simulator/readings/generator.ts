// How labels produce readings. The spec leaves this "not shown", so the simulator defines it:
// every reading is a pure function of (assetId, time slot), which lets any range be produced on
// demand without storing anything, and gives tests exact ground truth.
//
// - Temperature: one reading per whole minute (the spec: "one value for each minute of the hour").
// - Location: one fix per reporting slot, at a few seconds past the slot start. The reporting
//   intervals are compressed so tests see many fixes (see LOCATION_INTERVAL_MS). About one slot
//   in four carries a second fix at the very same second with a different coordinate, so
//   consumers must cope with equal timestamps. A label stays at one spot for four slots in a
//   row, so consecutive fixes often share a coordinate (which summaryLocations collapses).
import { hash32 } from '../prng';
import { iso, MINUTE } from '../time';

/** Location reporting interval per label config value, compressed from the real cadence. */
export const LOCATION_INTERVAL_MS: Record<string, number> = {
	default: 3 * MINUTE, // real service: every 20 minutes
	hourly: 6 * MINUTE,
	daily: 12 * MINUTE,
	twoDays: 24 * MINUTE,
};

/** The spec's cadence ("default (every 20 minutes), hourly, daily, twoDays"), for state-size measurements. */
export const SPEC_LOCATION_INTERVAL_MS: Record<string, number> = {
	default: 20 * MINUTE,
	hourly: 60 * MINUTE,
	daily: 24 * 60 * MINUTE,
	twoDays: 48 * 60 * MINUTE,
};

export function locationIntervalMs(reportingInterval: string, specCadence = false): number {
	const table = specCadence ? SPEC_LOCATION_INTERVAL_MS : LOCATION_INTERVAL_MS;
	return table[reportingInterval] ?? table.default;
}

export interface TemperatureItem {
	timestamp: string;
	degreesCelsius: number;
}

export interface LocationItem {
	timestamp: string;
	lastSeenTimestamp?: string;
	coordinate: { latitude: number; longitude: number; accuracy?: number };
	address?: { road?: string; city?: string; postalCode?: string; country?: string };
	error?: number;
}

export type ReadingKind = 'temperature' | 'location';

/** A reading with its sort key: time, then seq for fixes sharing a second. */
export interface Reading<T = TemperatureItem | LocationItem> {
	t: number;
	seq: number;
	item: T;
}

const round = (v: number, decimals: number) => {
	const f = 10 ** decimals;
	return Math.round(v * f) / f;
};

/**
 * A quarter of the labels sit in freezers: their curve stays within −25 to −15 °C (−23.5 to
 * −16.7 °C, a freezer profile's range), the others' runs from about −2 to 26 °C. The seed puts
 * the labelled assets of the freezers in the demo workspace's freezer space (store/seed.ts).
 */
export const isFreezerLabel = (assetId: string) => hash32(assetId, 'base') % 4 === 0;

/** Per-asset constants of the temperature curve, computed once (long reads ask for thousands). */
const curves = new Map<string, { base: number; amplitude: number; phase: number }>();
function curveOf(assetId: string) {
	let curve = curves.get(assetId);
	if (!curve) {
		const h = hash32(assetId, 'base');
		const freezer = isFreezerLabel(assetId);
		const base = freezer ? -21 + (h % 40) / 20 : 2 + (h % 200) / 10;
		curve = {
			base,
			amplitude: freezer ? 1.5 : 3,
			phase: (hash32(assetId, 'phase') % 628) / 100,
		};
		if (curves.size > 100_000) curves.clear();
		curves.set(assetId, curve);
	}
	return curve;
}

export function temperatureAt(assetId: string, minute: number): Reading<TemperatureItem> {
	const { base, amplitude, phase } = curveOf(assetId);
	const daily = amplitude * Math.sin((2 * Math.PI * minute) / 1440 + phase);
	const noise = ((hash32(assetId, minute) % 21) - 10) / 10;
	const value = Math.min(500, Math.max(-100, round(base + daily + noise, 1)));
	const t = minute * MINUTE;
	return { t, seq: 0, item: { timestamp: iso(t), degreesCelsius: value } };
}

const ROADS = ['High Street', 'Station Road', 'Mill Lane', 'Church Road', 'Park Avenue'];
const CITIES = ['London', 'Reading', 'Slough', 'Watford'];

/** The 1 or 2 location fixes of one reporting slot. */
export function locationsAtSlot(
	assetId: string,
	slot: number,
	intervalMs: number,
): Array<Reading<LocationItem>> {
	const t = slot * intervalMs + (hash32(assetId, slot, 'off') % 50) * 1000;
	const homeLat = 51.4 + (hash32(assetId, 'lat') % 2000) / 10000;
	const homeLon = -0.3 + (hash32(assetId, 'lon') % 4000) / 10000;
	const stop = Math.floor(slot / 4);
	const latitude = round(homeLat + ((hash32(assetId, stop, 'dlat') % 201) - 100) / 10000, 6);
	const longitude = round(homeLon + ((hash32(assetId, stop, 'dlon') % 201) - 100) / 10000, 6);
	const q = hash32(assetId, slot, 'q');
	const first: LocationItem = { timestamp: iso(t), coordinate: { latitude, longitude } };
	// Accuracy mostly; sometimes only the deprecated error, sometimes both.
	if (q % 4 !== 0) first.coordinate.accuracy = 5 + (q % 60);
	if (q % 4 === 0 || q % 4 === 1) first.error = 10 + (q % 90);
	if (q % 3 === 0) {
		first.address = {
			road: ROADS[q % ROADS.length],
			city: CITIES[q % CITIES.length],
			postalCode: `SL${q % 10} ${q % 9}AB`,
			country: 'United Kingdom',
		};
	}
	const out: Array<Reading<LocationItem>> = [{ t, seq: 0, item: first }];
	if (hash32(assetId, slot, 'dup') % 4 === 0) {
		out.push({
			t,
			seq: 1,
			item: {
				timestamp: iso(t),
				coordinate: {
					latitude: round(latitude + 0.0005, 6),
					longitude: round(longitude - 0.0004, 6),
					accuracy: 120 + (q % 300),
				},
			},
		});
	}
	return out;
}
