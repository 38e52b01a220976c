/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// The service for the queue-mode test, in a process of its own (as a real service is), on
// the real clock: `api` answers the webhook executions and counts token requests, `trigger`
// feeds the active trigger (its own credential and token, so the counts stay apart). The test
// process drives them over IPC: { id, cmd, sim, args } -> { id, result } | { id, error }.
import { Simulator, type Exchange } from '../../simulator';

type Name = 'api' | 'trigger';

const sims: Record<Name, Simulator> = {
	api: new Simulator({ port: 0, clock: 'real', recordExchanges: true }),
	trigger: new Simulator({ port: 0, clock: 'real', recordExchanges: false }),
};

const describe = (sim: Simulator) => ({
	baseUrl: sim.baseUrl,
	authUrl: sim.authUrl,
	clientId: sim.clientId,
	clientSecret: sim.clientSecret,
	seed: {
		workspaceId: sim.seed.workspaceId,
		assetIds: sim.seed.assetIds,
		labelledAssetIds: sim.seed.labelledAssetIds,
	},
});

/** What the test needs to know about one exchange (not the whole bodies). */
const brief = (e: Exchange) => ({
	operation: e.operation,
	status: e.status,
	requestId: e.headers['request-id'],
	authorization: e.headers.authorization,
	requestBody: e.operation === 'POST /workspaces/{workspaceId}/assets' ? e.requestBody : undefined,
});

interface Command {
	id: number;
	cmd: string;
	sim: Name;
	args?: Record<string, unknown>;
}

function handle({ cmd, sim: name, args = {} }: Command): unknown {
	const sim = sims[name];
	switch (cmd) {
		case 'info':
			return { api: describe(sims.api), trigger: describe(sims.trigger) };
		case 'set':
			if (typeof args.tokenLatencyMs === 'number') sim.tokenLatencyMs = args.tokenLatencyMs;
			if (typeof args.latencyMs === 'number') sim.latencyMs = args.latencyMs;
			return null;
		case 'expireTokens':
			sim.tokens.expireAll();
			return null;
		case 'stats':
			return {
				requests: sim.stats.requests,
				tokenRequests: sim.stats.tokenRequests,
				byOperation: sim.stats.byOperation,
			};
		case 'log':
			return sim.log.slice(Number(args.from ?? 0)).map(brief);
		case 'readingsGenerated':
			return sim
				.readingsGenerated(
					args as { kind: 'temperature'; assetIds?: string[]; after: number; upTo: number },
				)
				.map((g) => ({ assetId: g.assetId, timestamp: g.timestamp, key: g.key }));
		default:
			throw new Error(`unknown command ${cmd}`);
	}
}

async function main(): Promise<void> {
	await Promise.all(Object.values(sims).map((s) => s.start()));
	process.on('message', (message: Command) => {
		let reply: object;
		try {
			reply = { id: message.id, result: handle(message) };
		} catch (error) {
			reply = { id: message.id, error: error instanceof Error ? error.message : String(error) };
		}
		process.send?.(reply);
	});
	// The parent went away (even by SIGKILL): stop.
	process.on('disconnect', () => {
		void Promise.all(Object.values(sims).map((s) => s.stop())).finally(() => process.exit(0));
	});
	process.send?.({ ready: true });
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
