import type { Simulator } from '../../simulator';

// Polls cut by n8n's poll budget, deterministically. The trigger measures its budget with
// Date.now() (nodes/AssetTracking/trigger/poll/budget.ts: no asset's reads start after 60% of it, no
// further page is fetched after 90%). A test that sets a budget in milliseconds and lets this
// machine's speed decide where the poll stops proves nothing about the slow case. Here, while a
// poll runs, Date.now() moves on by the API requests the simulator has received since the poll
// began, so the same poll stops at the same place on any machine: at concurrency 1 exactly, and
// at higher concurrency wherever the lanes happen to be when the count is reached.

/** The budget n8n is said to give a cut poll (ms); only the shares of it matter. */
export const CUT_BUDGET_MS = 60_000;

/** How far the poll's clock has moved (ms) once the simulator received `requests` API requests. */
export type Cut = (requests: number) => number;

/**
 * No further asset's reads start once `k` API requests were received (the asset list counts):
 * at concurrency 1, the asset list and k - 1 single-page reads, plus the rest of an asset whose
 * reads had started. Pages of reads already started go on until 1.5 k requests.
 */
export const afterRequests =
	(k: number): Cut =>
	(requests) =>
		(requests * 0.6 * CUT_BUDGET_MS) / k;

/**
 * Once the asset list and one page of a read were received, the budget is all but spent: every
 * read already started stops after the page it has (a read cut between its pages) and nothing
 * else starts.
 */
export const afterFirstPage: Cut = (requests) => (requests >= 2 ? 0.95 * CUT_BUDGET_MS : 0);

/** Nothing but the asset list: the budget is spent once it was received, before the first read. */
export const nothingRead: Cut = (requests) => (requests >= 1 ? CUT_BUDGET_MS : 0);

/** Runs `poll` with Date.now() moved on by `cut` of the simulator's requests since it began. */
export async function withCut<T>(sim: Simulator, cut: Cut, poll: () => Promise<T>): Promise<T> {
	const realNow = Date.now.bind(Date);
	const from = sim.stats.requests;
	const clock = jest
		.spyOn(Date, 'now')
		.mockImplementation(() => realNow() + cut(sim.stats.requests - from));
	try {
		return await poll();
	} finally {
		clock.mockRestore();
	}
}

/** The poll options that go with a cut: n8n's budget, as getPollBudgetMs answers it. */
export const CUT_POLL = { budgetMs: CUT_BUDGET_MS };

/**
 * The poll options of a poll that is not to be cut: a budget this machine's speed never reaches
 * (a day), so an oracle that counts such a poll as complete holds on a loaded machine too. Only
 * the cuts above cut a poll.
 */
export const UNCUT_POLL = { budgetMs: 24 * 60 * 60_000 };
