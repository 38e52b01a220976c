/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// The simulator in a process of its own, driven over IPC by bench/sim/remote.ts.
//
// Why a separate process: the service is remote for real users, so its CPU work must not
// compete with the node on the same thread, and its memory must not count in the node's
// peak RSS (each measurement reads process.resourceUsage().maxRSS of its own process).
import { readFileSync } from 'fs';
import { connect, type AddressInfo } from 'net';
import { createServer as createTlsServer, type Server as TlsServer } from 'tls';

import { Simulator, type RandomFaultConfig, type SimulatorOptions } from '../../simulator';
import type { SimCommand } from './protocol';

let sim: Simulator | undefined;
let tlsFront: TlsServer | undefined;

/**
 * HTTPS in front of the simulator, in this process: the server's share of every handshake is
 * spent here, not in the measured client. Each TLS connection is piped to one TCP connection.
 */
async function startTlsFront(
	target: Simulator,
	keyPath: string,
	certPath: string,
): Promise<string> {
	const port = Number(new URL(target.baseUrl).port);
	tlsFront = createTlsServer(
		{ key: readFileSync(keyPath), cert: readFileSync(certPath) },
		(socket) => {
			const upstream = connect(port, '127.0.0.1');
			socket.pipe(upstream).pipe(socket);
			const close = () => {
				socket.destroy();
				upstream.destroy();
			};
			socket.on('error', close);
			upstream.on('error', close);
			socket.on('close', close);
			upstream.on('close', close);
		},
	);
	await new Promise<void>((resolve) => tlsFront!.listen(0, '127.0.0.1', resolve));
	return `https://127.0.0.1:${(tlsFront.address() as AddressInfo).port}`;
}

const cpuMs = () => {
	const { user, system } = process.cpuUsage();
	return (user + system) / 1000;
};

/**
 * Lists a workspace through the simulator's own HTTP front, discarding the pages, so that its
 * code is compiled before the first measured run; the measurement process stays untouched.
 */
async function warmList(target: Simulator, workspaceId: string, rounds: number): Promise<void> {
	const basic = Buffer.from(`${target.clientId}:${target.clientSecret}`).toString('base64');
	const tokenResponse = await fetch(`${target.tokenUrl}?grant_type=client_credentials`, {
		method: 'POST',
		headers: {
			authorization: `Basic ${basic}`,
			'content-type': 'application/x-www-form-urlencoded',
		},
	});
	const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
	for (let round = 0; round < rounds; round++) {
		let nextToken: string | undefined;
		do {
			const query = `limit=10000${nextToken ? `&nextToken=${encodeURIComponent(nextToken)}` : ''}`;
			const response = await fetch(`${target.baseUrl}/workspaces/${workspaceId}/assets?${query}`, {
				headers: { authorization: `Bearer ${token}` },
			});
			nextToken = ((await response.json()) as { nextToken?: string }).nextToken;
		} while (nextToken);
	}
}

function need(): Simulator {
	if (!sim) throw new Error('simulator not started');
	return sim;
}

async function handle(command: SimCommand): Promise<unknown> {
	switch (command.op) {
		case 'start': {
			sim = new Simulator({ recordExchanges: false, ...(command.options as SimulatorOptions) });
			await sim.start();
			return {
				baseUrl: sim.baseUrl,
				authUrl: sim.authUrl,
				tokenUrl: sim.tokenUrl,
				clientId: sim.clientId,
				clientSecret: sim.clientSecret,
				seed: sim.seed,
			};
		}
		case 'addWorkspace':
			return need().addWorkspace(command.name);
		case 'addAssets':
			need().addAssets(command.workspaceId, command.count);
			return null;
		case 'addLabelledAssets':
			return need().addLabelledAssets(command.workspaceId, command.count, {
				silentFrom: command.silentFrom,
			});
		case 'latency':
			need().latencyMs = command.ms;
			return null;
		case 'advance':
			need().clock.advance(command.ms);
			return null;
		case 'faults':
			need().faults.random(command.config as RandomFaultConfig | null);
			return null;
		case 'warm':
			await warmList(need(), command.workspaceId, command.rounds);
			return null;
		case 'stats':
			// The simulator's own CPU time comes along: it shares this machine with the client.
			return { ...structuredClone(need().stats), cpuMs: cpuMs() };
		case 'resetStats':
			need().resetStats();
			return null;
		case 'takeRequests': {
			const requests = need().log.map((e) => ({
				method: e.method,
				url: e.rawQuery ? `${e.rawPath}?${e.rawQuery}` : e.rawPath,
				status: e.status,
				token: e.operation === 'POST /oauth2/token',
			}));
			need().log.length = 0;
			return requests;
		}
		case 'tls':
			return await startTlsFront(need(), command.keyPath, command.certPath);
		case 'stop':
			tlsFront?.close();
			await sim?.stop();
			setImmediate(() => process.exit(0));
			return null;
	}
}

process.on('message', (message: { id: number; command: SimCommand }) => {
	handle(message.command).then(
		(result) => process.send!({ id: message.id, result }),
		(error: Error) => process.send!({ id: message.id, error: error.stack ?? String(error) }),
	);
});
// The controller went away (crash, Ctrl-C): do not linger.
process.on('disconnect', () => process.exit(0));
