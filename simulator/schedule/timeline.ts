// Changes of the store that happen at given times on the simulator's clock: consignments
// activated and deactivated, pieces entering and leaving facilities, printers going offline,
// assets of a group leaving a facility. Each change is applied once the clock has reached its
// time, before any request is answered (and before a ground-truth question), and stamps its own
// time, not the time it was applied: a poll every five minutes sees a piece that entered a
// facility two minutes before with enteredOn two minutes back, on a manual or a real clock.

interface Change {
	at: number;
	seq: number;
	apply: () => void;
}

export class Timeline {
	private changes: Change[] = [];
	private sorted = true;
	private next = 0;
	private seq = 0;

	/** `apply` runs once the clock reaches `at` (at once on the next request if `at` has passed). */
	schedule(at: number, apply: () => void): void {
		this.changes.push({ at, seq: this.seq++, apply });
		this.sorted = false;
	}

	/** Applies every change due by `now`, in time order (same time: the order they were scheduled). */
	applyDue(now: number): void {
		if (!this.sorted) {
			this.changes = this.changes.slice(this.next).sort((a, b) => a.at - b.at || a.seq - b.seq);
			this.next = 0;
			this.sorted = true;
		}
		while (this.next < this.changes.length && this.changes[this.next].at <= now) {
			this.changes[this.next++].apply();
		}
		// Applied changes are let go now and then, so a long run holds only what is still to come.
		if (this.next > 10_000) {
			this.changes = this.changes.slice(this.next);
			this.next = 0;
		}
	}
}
