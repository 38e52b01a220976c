export interface PoolOptions<T> {
	/**
	 * Asked before each task starts; false leaves that task unstarted and stops the lane (the
	 * budget ran out). Tasks an earlier answer let through may still start in other lanes.
	 */
	mayStart?: (input: T) => boolean;
}

/**
 * Runs `task` over `inputs` with at most `limit` running at once, results in input order.
 * A task that never started (see `mayStart`) leaves `undefined` in its place.
 *
 * On the first failure no further task starts; the ones already running are allowed to finish
 * (nothing is left running behind the poll), then the first error is thrown.
 */
export async function mapWithLimit<T, R>(
	inputs: readonly T[],
	limit: number,
	task: (input: T) => Promise<R>,
	options: PoolOptions<T> = {},
): Promise<Array<R | undefined>> {
	const results = new Array<R | undefined>(inputs.length).fill(undefined);
	let next = 0;
	let failure: { error: unknown } | undefined;
	const lane = async () => {
		while (failure === undefined && next < inputs.length) {
			if (options.mayStart && !options.mayStart(inputs[next])) return;
			const index = next++;
			try {
				results[index] = await task(inputs[index]);
			} catch (error) {
				failure ??= { error };
			}
		}
	};
	const lanes = Math.max(1, Math.min(Math.floor(limit), inputs.length));
	await Promise.all(Array.from({ length: lanes }, lane));
	if (failure) throw failure.error;
	return results;
}

/** mapWithLimit for tasks that must all run. */
export async function mapAll<T, R>(
	inputs: readonly T[],
	limit: number,
	task: (input: T) => Promise<R>,
): Promise<R[]> {
	return (await mapWithLimit(inputs, limit, task)) as R[];
}
