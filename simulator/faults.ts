// Fault injection: queued deterministic rules first (in order), then seeded random faults.
import { Rng } from './prng';
import type { FaultRule, RandomFaultConfig } from './types';

export interface FaultTarget {
	method: string;
	/** Full raw path ('/v1/assets/abc') and the part under the base ('/assets/abc'). */
	rawPath: string;
	relativePath: string;
	operationTemplate: string | null;
	token: boolean;
}

export interface FaultDecision {
	status: number;
	retryAfter?: string;
	drop: boolean;
}

interface QueuedRule {
	rule: FaultRule;
	remaining: number;
}

export class FaultInjector {
	private readonly rules: QueuedRule[] = [];
	private randomConfig: RandomFaultConfig | null = null;
	private readonly rng: Rng;

	constructor(seed: number) {
		this.rng = new Rng(seed ^ 0x5eed_fa17);
	}

	queue(...rules: FaultRule[]): void {
		for (const rule of rules) {
			if (!rule.drop && rule.status === undefined)
				throw new Error('a fault rule needs a status or drop: true');
			this.rules.push({ rule, remaining: rule.times ?? 1 });
		}
	}

	random(cfg: RandomFaultConfig | null): void {
		if (cfg && (cfg.rate < 0 || cfg.rate > 1 || cfg.kinds.length === 0))
			throw new Error('random faults need 0 <= rate <= 1 and at least one kind');
		this.randomConfig = cfg;
	}

	clear(): void {
		this.rules.length = 0;
		this.randomConfig = null;
	}

	take(target: FaultTarget): FaultDecision | null {
		const at = this.rules.findIndex((q) => matches(q.rule, target));
		if (at >= 0) {
			const q = this.rules[at];
			if (--q.remaining <= 0) this.rules.splice(at, 1);
			return {
				status: q.rule.drop ? 0 : (q.rule.status as number),
				retryAfter: q.rule.retryAfter,
				drop: q.rule.drop === true,
			};
		}
		const cfg = this.randomConfig;
		if (!cfg || target.token || this.rng.float() >= cfg.rate) return null;
		switch (this.rng.pick(cfg.kinds)) {
			case '429':
				return { status: 429, drop: false };
			case '429-retry-after':
				return { status: 429, retryAfter: String(cfg.retryAfterSeconds ?? 1), drop: false };
			case '500':
				return { status: 500, drop: false };
			case '503':
				return { status: 503, drop: false };
			case 'drop':
				return { status: 0, drop: true };
		}
	}
}

function matches(rule: FaultRule, t: FaultTarget): boolean {
	const m = rule.match ?? {};
	if ((m.token === true) !== t.token) return false;
	if (m.method && m.method.toUpperCase() !== t.method) return false;
	if (m.path === undefined) return true;
	if (typeof m.path === 'string')
		return m.path === t.operationTemplate || m.path === t.relativePath || m.path === t.rawPath;
	m.path.lastIndex = 0;
	if (m.path.test(t.relativePath)) return true;
	m.path.lastIndex = 0;
	return m.path.test(t.rawPath);
}
