import type { IPollFunctions } from 'n8n-workflow';

/** Share of n8n's poll budget after which no further asset's reads start. */
const START_SHARE = 0.6;
/** Share after which a read already started fetches no further page (it ends incomplete). */
const PAGE_SHARE = 0.9;

/**
 * n8n's poll budget (getPollBudgetMs, n8n 2.38 on): how long one poll may take. A poll of many
 * assets on a slow link reads part of its plan within it and the next poll starts where it
 * stopped. Nothing read past the budget is lost, because only what a poll read to the end moves
 * the trigger's memory: an asset whose reads did not all start, or a read stopped between its
 * pages, keeps its memories as they were (fold.ts). Without a budget (an older n8n), no limit.
 */
export class PollBudget {
	private readonly startUntil: number;
	private readonly pageUntil: number;

	constructor(ctx: IPollFunctions, startedAt: number) {
		const budgetMs = typeof ctx.getPollBudgetMs === 'function' ? ctx.getPollBudgetMs() : Infinity;
		const ms = Number.isFinite(budgetMs) && budgetMs >= 0 ? budgetMs : Infinity;
		this.startUntil = startedAt + ms * START_SHARE;
		this.pageUntil = startedAt + ms * PAGE_SHARE;
	}

	/** Whether another asset's reads may start. */
	mayStart(): boolean {
		return Date.now() < this.startUntil;
	}

	/** Whether a read under way may fetch its next page. */
	mayContinue(): boolean {
		return Date.now() < this.pageUntil;
	}
}
