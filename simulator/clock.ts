// The simulator's notion of "now". Token lifetimes, readings and timestamps all use it, so a
// manual clock lets tests make time pass instantly and deterministically.

export type ClockMode = 'real' | 'manual';

export class Clock {
	private manualNow: number;
	/** For the real clock: shift applied to Date.now() by advance()/set(). */
	private offset = 0;

	constructor(
		private readonly mode: ClockMode,
		startTime: number,
	) {
		this.manualNow = startTime;
	}

	now(): number {
		return this.mode === 'manual' ? this.manualNow : Date.now() + this.offset;
	}

	advance(ms: number): void {
		if (!Number.isFinite(ms) || ms < 0)
			throw new Error('clock.advance needs a non-negative number of ms');
		if (this.mode === 'manual') this.manualNow += ms;
		else this.offset += ms;
	}

	set(ms: number): void {
		if (!Number.isFinite(ms)) throw new Error('clock.set needs a finite epoch ms');
		if (this.mode === 'manual') this.manualNow = ms;
		else this.offset = ms - Date.now();
	}
}
