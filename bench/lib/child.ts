/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// Both ends of "one measurement in a fresh process": the orchestrator forks a measurement
// script and waits for its single result; the script reports it and exits. A fresh process
// per measurement keeps peak RSS (a process-wide high-water mark) from mixing between them.
import { fork } from 'child_process';
import { join } from 'path';

import { tsNodeEnv, tsNodeExecArgv } from './tsNode';

type Message = { ok: true; result: unknown } | { ok: false; error: string };

/** Orchestrator side: runs bench/measure/<script>.ts with `args`, resolves with its result. */
export function runChild<R>(
	script: string,
	args: object,
	timeoutMs = 300_000,
	env: Record<string, string> = {},
): Promise<R> {
	return new Promise((resolve, reject) => {
		const child = fork(join(__dirname, '..', 'measure', `${script}.ts`), [JSON.stringify(args)], {
			// --expose-gc: measurements collect garbage before reading memory, so figures do not
			// depend on when V8 last happened to run a collection.
			execArgv: tsNodeExecArgv(['--expose-gc']),
			env: tsNodeEnv(env),
			stdio: 'inherit',
		});
		let settled: Message | undefined;
		const timer = setTimeout(() => {
			settled ??= { ok: false, error: `timed out after ${timeoutMs} ms` };
			child.kill('SIGKILL');
		}, timeoutMs);
		child.on('message', (message: Message) => (settled ??= message));
		child.on('exit', (code) => {
			clearTimeout(timer);
			if (settled?.ok) resolve(settled.result as R);
			else
				reject(
					new Error(
						`${script} ${JSON.stringify(args)}: ${settled?.error ?? `exited with code ${code}`}`,
					),
				);
		});
	});
}

/** Measurement side: runs `main` with the orchestrator's args and sends back what it returns. */
export function measurement<A, R>(main: (args: A) => Promise<R>): void {
	const args = JSON.parse(process.argv[2] ?? '{}') as A;
	main(args).then(
		(result) => finish({ ok: true, result }),
		(error: Error) => finish({ ok: false, error: error.stack ?? String(error) }),
	);
}

function finish(message: Message) {
	if (process.send) process.send(message, () => process.exit(message.ok ? 0 : 1));
	else {
		console.log(JSON.stringify(message, null, 2));
		process.exit(message.ok ? 0 : 1);
	}
}
