// Commands the measurement process sends to the simulator process (bench/sim/process.ts).
export type SimCommand =
	| { op: 'start'; options: object }
	| { op: 'addAssets'; workspaceId: string; count: number }
	| { op: 'addLabelledAssets'; workspaceId: string; count: number; silentFrom?: number }
	| { op: 'latency'; ms: number }
	| { op: 'advance'; ms: number }
	| { op: 'faults'; config: object | null }
	| { op: 'warm'; workspaceId: string; rounds: number }
	| { op: 'stats' }
	| { op: 'resetStats' }
	| { op: 'stop' };
