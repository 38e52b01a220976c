// Commands the measurement process sends to the simulator process (bench/sim/process.ts).
export type SimCommand =
	| { op: 'start'; options: object }
	/** Adds an empty workspace; answers its id. */
	| { op: 'addWorkspace'; name: string }
	| { op: 'addAssets'; workspaceId: string; count: number }
	| { op: 'addLabelledAssets'; workspaceId: string; count: number; silentFrom?: number }
	| { op: 'latency'; ms: number }
	| { op: 'advance'; ms: number }
	| { op: 'faults'; config: object | null }
	| { op: 'warm'; workspaceId: string; rounds: number }
	| { op: 'stats' }
	| { op: 'resetStats' }
	/** The requests answered since the last resetStats, in the order answered (the simulator must record exchanges). */
	| { op: 'takeRequests' }
	/** Starts a TLS front on 127.0.0.1 forwarding to the simulator; answers its origin. */
	| { op: 'tls'; keyPath: string; certPath: string }
	| { op: 'stop' };
