/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// The measurement side of the simulator process: starts it, sends it commands, stops it.
import { fork, type ChildProcess } from 'child_process';
import { join } from 'path';

import type { Seed, SimulatorOptions, SimulatorStats } from '../../simulator';
import { tsNodeExecArgv, tsNodeEnv } from '../lib/tsNode';
import type { SimCommand } from './protocol';

export interface RemoteEndpoint {
	baseUrl: string;
	authUrl: string;
	tokenUrl: string;
	clientId: string;
	clientSecret: string;
	seed: Seed;
}

export class RemoteSimulator {
	private nextId = 0;
	private readonly pending = new Map<
		number,
		{ resolve: (v: unknown) => void; reject: (e: Error) => void }
	>();

	private constructor(
		private readonly child: ChildProcess,
		readonly endpoint: RemoteEndpoint,
	) {}

	static async start(options: SimulatorOptions = {}): Promise<RemoteSimulator> {
		const child = fork(join(__dirname, 'process.ts'), [], {
			execArgv: tsNodeExecArgv(),
			env: tsNodeEnv(),
			stdio: 'inherit',
		});
		const remote = new RemoteSimulator(child, undefined as unknown as RemoteEndpoint);
		child.on('message', (message: { id: number; result?: unknown; error?: string }) => {
			const waiting = remote.pending.get(message.id);
			remote.pending.delete(message.id);
			if (message.error !== undefined)
				waiting?.reject(new Error(`simulator process: ${message.error}`));
			else waiting?.resolve(message.result);
		});
		child.on('exit', (code) => {
			for (const waiting of remote.pending.values())
				waiting.reject(new Error(`simulator process exited (${code})`));
			remote.pending.clear();
		});
		const endpoint = (await remote.send({ op: 'start', options })) as RemoteEndpoint;
		(remote as { endpoint: RemoteEndpoint }).endpoint = endpoint;
		return remote;
	}

	send(command: SimCommand): Promise<unknown> {
		const id = this.nextId++;
		return new Promise((resolve, reject) => {
			this.pending.set(id, { resolve, reject });
			this.child.send({ id, command });
		});
	}

	/** Request counters, and the simulator process's CPU time so far (ms). */
	async stats(): Promise<SimulatorStats & { cpuMs: number }> {
		return (await this.send({ op: 'stats' })) as SimulatorStats & { cpuMs: number };
	}

	async stop(): Promise<void> {
		if (this.child.exitCode !== null) return;
		const exited = new Promise((resolve) => this.child.once('exit', resolve));
		await this.send({ op: 'stop' }).catch(() => undefined);
		await exited;
	}
}
