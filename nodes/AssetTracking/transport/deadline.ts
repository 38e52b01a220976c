/**
 * One attempt's deadline (epoch ms), on one timer shared by everything that waits under it (the
 * headers, then the body). Built on AbortSignal.timeout: its timer does not hold the process
 * open, and nodes may not use setTimeout directly (n8n Cloud's rules; n8n-workflow 2.41 has no
 * cancellable sleep).
 */
export class Deadline {
	private readonly signal: AbortSignal;
	/** Who waits under the deadline now; one listener on the signal calls them (cheaper than adding and removing one each). */
	private readonly waiting = new Set<() => void>();

	constructor(readonly at: number) {
		this.signal = AbortSignal.timeout(Math.max(1, at - Date.now()));
		this.signal.addEventListener(
			'abort',
			() => {
				for (const onExpiry of [...this.waiting]) onExpiry();
				this.waiting.clear();
			},
			{ once: true },
		);
	}

	/** Calls `onExpiry` at the deadline (at once if it has passed) unless the returned cancel is called first. */
	onExpiry(onExpiry: () => void): () => void {
		if (this.signal.aborted) {
			onExpiry();
			return () => {};
		}
		this.waiting.add(onExpiry);
		return () => this.waiting.delete(onExpiry);
	}
}
