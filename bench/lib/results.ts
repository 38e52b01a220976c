// The shape of bench/results/latest.json: one object per scenario case, with `requests`,
// `wallMs`, `baselineWallMs` and `ratio` (= wallMs / baselineWallMs) where they apply.
import type { BenchSettings } from './args';
import type { MachineInfo } from './machine';

export interface ScenarioResult {
	/** Unique key, e.g. "paging-100000" or "trigger-10000-c50". */
	id: string;
	scenario: 'paging' | 'token' | 'trigger' | 'triggerRaw' | 'bulk' | 'report' | 'gets';
	title: string;
	requests?: number;
	wallMs?: number;
	/** What wallMs is compared with; `baseline` says what it is. */
	baselineWallMs?: number;
	baseline?: string;
	ratio?: number;
	/** Everything else the scenario measured, by name. */
	[figure: string]: unknown;
}

export interface GoalResult {
	goal: string;
	target: string;
	measured: string;
	met: boolean;
}

export interface BenchResults {
	generatedAt: string;
	durationSeconds: number;
	machine: MachineInfo;
	settings: BenchSettings;
	scenarios: ScenarioResult[];
	goals: GoalResult[];
}

export const ratio = (value: number, baseline: number) =>
	Math.round((value / baseline) * 100) / 100;
