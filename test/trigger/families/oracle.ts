// The independent ground truth of issue 17: which events the trigger must emit, computed from
// the simulator's data (readings, memberships, facility stays, poll times) by the rules
// and the contract's decisions (/work/EVENTS-CONTRACT.md). Imports nothing from nodes/: if the
// trigger's rules drift, the scenario tests see it.

export const MINUTE = 60_000;

/** One expected event: its identity (family key) and the fields whose values must match. */
export interface ExpectedEvent {
	key: string;
	event: string;
	assetId: string;
	fields: Record<string, unknown>;
}

export interface TemperaturePoint {
	timestamp: string;
	degreesCelsius: number;
}

export interface ExcursionRules {
	maxTemperature: number;
	minTemperature: number;
	excursionMinutes: number;
	hysteresis: number;
}

export const DEFAULT_RULES: ExcursionRules = {
	maxTemperature: 8,
	minTemperature: 2,
	excursionMinutes: 10,
	hysteresis: 0.5,
};

const ms = (iso: string) => Date.parse(iso);
const round1 = (v: number) => Math.round(v * 10) / 10;

/** Identity keys, shared by the oracle and by the reading of emitted items (timestamps as epoch ms). */
export const keys = {
	excursion: (assetId: string, event: string, direction: string, startedAt: string) =>
		`${assetId}|${event}|${direction}|${ms(startedAt)}`,
	space: (assetId: string, event: string, spaceId: string, enteredOn: string) =>
		`${assetId}|${event}|${spaceId}|${ms(enteredOn)}`,
	facility: (assetId: string, event: string, facilityId: string, enteredOn: string) =>
		`${assetId}|${event}|${facilityId}|${ms(enteredOn)}`,
	silence: (assetId: string, event: string, lastSeenAt: string) =>
		`${assetId}|${event}|${ms(lastSeenAt)}`,
};

/**
 * Excursions of one asset. `readings` in any order (sorted here by time); readings at or before
 * `activatedAt` were folded silently at activation: an excursion opened then never emits its
 * excursionStarted, but emits excursionEnded if it had started and closes after activation.
 */
export function expectedExcursions(
	assetId: string,
	readings: TemperaturePoint[],
	activatedAt: number,
	rules: ExcursionRules = DEFAULT_RULES,
): ExpectedEvent[] {
	const sorted = [...readings].sort((a, b) => ms(a.timestamp) - ms(b.timestamp));
	const out: ExpectedEvent[] = [];
	for (const direction of ['above', 'below'] as const) {
		const sign = direction === 'above' ? 1 : -1;
		const threshold = direction === 'above' ? rules.maxTemperature : rules.minTemperature;
		// Signed so that "above" logic serves both: beyond opens, back inside past the hysteresis closes.
		const beyond = (v: number) => sign * v > sign * threshold;
		const back = (v: number) => sign * v <= sign * threshold - rules.hysteresis;
		let open: { startedAt: string; peak: number; started: boolean; seeded: boolean } | null = null;
		for (const r of sorted) {
			const t = ms(r.timestamp);
			const silent = t <= activatedAt;
			const v = r.degreesCelsius;
			if (open === null) {
				if (!beyond(v)) continue;
				open = { startedAt: r.timestamp, peak: v, started: false, seeded: silent };
			} else if (back(v)) {
				if (open.started && !silent) {
					out.push({
						key: keys.excursion(assetId, 'excursionEnded', direction, open.startedAt),
						event: 'excursionEnded',
						assetId,
						fields: {
							threshold,
							endedAt: r.timestamp,
							peakCelsius: open.peak,
							durationMinutes: round1((t - ms(open.startedAt)) / MINUTE),
						},
					});
				}
				open = null;
				continue;
			} else {
				open.peak = sign > 0 ? Math.max(open.peak, v) : Math.min(open.peak, v);
			}
			if (!open.started && t - ms(open.startedAt) >= rules.excursionMinutes * MINUTE) {
				open.started = true;
				if (!open.seeded) {
					out.push({
						key: keys.excursion(assetId, 'excursionStarted', direction, open.startedAt),
						event: 'excursionStarted',
						assetId,
						fields: { threshold, detectedAt: r.timestamp, peakCelsius: open.peak },
					});
				}
			}
		}
	}
	return out;
}

export interface Stay {
	/** spaceId or facilityId */
	id: string;
	enteredOn: number;
	exitedOn: number | null;
}

/**
 * Entered/left events of memberships (family 'space') or facility stays ('facility') between
 * activation (exclusive: what exists then seeds the state) and `upTo` (the last successful poll,
 * inclusive). A record appears when entered; its exit appears at exitedOn.
 */
export function expectedStays(
	assetId: string,
	family: 'space' | 'facility',
	stays: Stay[],
	activatedAt: number,
	upTo: number,
): ExpectedEvent[] {
	const [entered, left, key] =
		family === 'space'
			? (['enteredSpace', 'leftSpace', keys.space] as const)
			: (['enteredFacility', 'leftFacility', keys.facility] as const);
	const iso = (t: number) => new Date(t).toISOString();
	const out: ExpectedEvent[] = [];
	for (const s of stays) {
		if (s.enteredOn > upTo) continue;
		if (s.enteredOn > activatedAt)
			out.push({
				key: key(assetId, entered, s.id, iso(s.enteredOn)),
				event: entered,
				assetId,
				fields: {},
			});
		if (s.exitedOn !== null && s.exitedOn > activatedAt && s.exitedOn <= upTo) {
			out.push({
				key: key(assetId, left, s.id, iso(s.enteredOn)),
				event: left,
				assetId,
				fields: { exitedOn: s.exitedOn },
			});
		}
	}
	return out;
}

/**
 * Silence of one asset. `readingTimes`: every reading's timestamp (any kind, epoch ms).
 * `pollTimes`: the service clock at each successful poll, the activation first. Strictly older
 * than `silentAfterMinutes` at a poll → wentSilent once (none at activation); the first new reading
 * after it → reportingAgain once (also for an asset already silent at activation).
 */
export function expectedSilence(
	assetId: string,
	readingTimes: number[],
	pollTimes: number[],
	silentAfterMinutes: number,
): ExpectedEvent[] {
	const times = [...readingTimes].sort((a, b) => a - b);
	const newestAt = (p: number) => {
		let newest: number | null = null;
		for (const t of times) if (t <= p) newest = t;
		return newest;
	};
	const iso = (t: number) => new Date(t).toISOString();
	const out: ExpectedEvent[] = [];
	let silentSince: number | null = null;
	pollTimes.forEach((p, i) => {
		const newest = newestAt(p);
		if (newest === null) return;
		if (silentSince !== null && newest > silentSince) {
			const resumedAt = times.find((t) => t > (silentSince as number)) as number;
			out.push({
				key: keys.silence(assetId, 'reportingAgain', iso(silentSince)),
				event: 'reportingAgain',
				assetId,
				fields: { resumedAt, silentMinutes: Math.floor((resumedAt - silentSince) / MINUTE) },
			});
			silentSince = null;
		}
		if (silentSince === null && p - newest > silentAfterMinutes * MINUTE) {
			silentSince = newest;
			if (i > 0) {
				out.push({
					key: keys.silence(assetId, 'wentSilent', iso(newest)),
					event: 'wentSilent',
					assetId,
					fields: { silentMinutes: Math.floor((p - newest) / MINUTE) },
				});
			}
		}
	});
	return out;
}
