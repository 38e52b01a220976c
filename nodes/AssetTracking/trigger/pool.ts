/**
 * Runs `task` over `inputs` with at most `limit` running at once, results in input order.
 *
 * On the first failure no further task starts; the ones already running are allowed to finish
 * (nothing is left running behind the poll), then the first error is thrown.
 */
export async function mapWithLimit<T, R>(inputs: readonly T[], limit: number, task: (input: T) => Promise<R>): Promise<R[]> {
	const results = new Array<R>(inputs.length);
	let next = 0;
	let failure: { error: unknown } | undefined;
	const lane = async () => {
		while (failure === undefined && next < inputs.length) {
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
