/** Defaults of the options; the parameter list repeats them as literals, as n8n's lint wants. */
export const TRIGGER_DEFAULTS = {
	concurrency: 10,
	lookBackMinutes: 0,
	lateWindowMinutes: 180,
} as const;
