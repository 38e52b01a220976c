// The service's date-time format: ISO 8601 UTC, whole seconds, exactly 20 characters
// (YYYY-MM-DDTHH:MM:SSZ). JavaScript's toISOString adds milliseconds, which the spec's
// 20-character limit forbids, so every timestamp goes through iso().

export function iso(ms: number): string {
	const whole = Math.floor(ms / 1000) * 1000;
	return new Date(whole).toISOString().slice(0, 19) + 'Z';
}

export const MINUTE = 60_000;
