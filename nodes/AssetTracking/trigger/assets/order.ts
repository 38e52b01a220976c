/**
 * The service does not say in which order it lists readings, so the order is read off the
 * timestamps themselves, across page boundaries: the first two different timestamps decide it,
 * and any later pair that disagrees marks the list as unordered.
 *
 * Equal timestamps say nothing, so a page of one reading, or of readings that all share one
 * second, leaves the order unknown until a later page decides it. Only a list known to be
 * newest-first lets a reader stop early; anything else is read to the end.
 */
export type ListOrder = 'unknown' | 'newestFirst' | 'oldestFirst' | 'unordered';

export class OrderDetector {
	private previous?: number;
	private current: ListOrder = 'unknown';

	get order(): ListOrder {
		return this.current;
	}

	/** Feeds the next timestamp (epoch ms) in list order. */
	see(ts: number): void {
		const previous = this.previous;
		this.previous = ts;
		if (previous === undefined || ts === previous || this.current === 'unordered') return;
		const direction: ListOrder = ts < previous ? 'newestFirst' : 'oldestFirst';
		if (this.current === 'unknown') this.current = direction;
		else if (this.current !== direction) this.current = 'unordered';
	}
}

/** One-letter form kept in the trigger's state, used only to size the next poll's first page. */
export const ORDER_HINT: Record<ListOrder, string | undefined> = {
	unknown: undefined,
	newestFirst: 'n',
	oldestFirst: 'o',
	unordered: 'u',
};
