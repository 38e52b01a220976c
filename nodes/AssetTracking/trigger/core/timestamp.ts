/**
 * A time as the service writes it (spec, date-time: ISO 8601 UTC, at most 20 characters, no
 * fractions), so an event's times read like the readings' and stays' own timestamps.
 */
export const serviceTimestamp = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;
