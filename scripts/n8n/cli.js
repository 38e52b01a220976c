'use strict';
// Runs n8n CLI commands (import:credentials, import:workflow, execute) against
// a user folder. They work while a server on the same folder is running.
const { spawn } = require('child_process');
const { freePort } = require('./env');
const P = require('./paths');

/**
 * Resolves to { status, stdout, stderr }. Asynchronous on purpose: a
 * spawnSync blocks the event loop, and fetch() then reuses keep-alive sockets
 * that n8n closed meanwhile (its timeout is 5 s) -> "other side closed".
 * @param env  from n8nEnv() (or a running server's `env`)
 */
function n8nCli(args, env) {
	return new Promise((resolve, reject) => {
		const child = spawn(P.NODE_BIN, [P.N8N_BIN, ...args], {
			env,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		const out = [];
		const err = [];
		child.stdout.on('data', (d) => out.push(d));
		child.stderr.on('data', (d) => err.push(d));
		child.on('error', reject);
		child.on('close', (status) =>
			resolve({
				status,
				stdout: Buffer.concat(out).toString(),
				stderr: Buffer.concat(err).toString(),
			}),
		);
	});
}

async function mustSucceed(args, env) {
	const r = await n8nCli(args, env);
	if (r.status !== 0)
		throw new Error(`n8n ${args.join(' ')} exited ${r.status}:\n${r.stdout}${r.stderr}`);
	return r;
}

// Credentials' `data` may be plain JSON; import encrypts it with the user
// folder's key. Ids in the file are kept, so workflows can refer to them.
const importCredentials = (file, env) =>
	mustSucceed(['import:credentials', `--input=${file}`], env);
const importWorkflow = (file, env) => mustSucceed(['import:workflow', `--input=${file}`], env);

// `--rawOutput` still prints log lines before the JSON on stdout, and the JSON
// itself goes through the logger at level info, so N8N_LOG_LEVEL must not be
// warn/error. The run's JSON is pretty-printed: it starts with a line "{" and
// ends with the next line "}". On a failed run it is printed the same way
// (before the error text) and the exit code is 1.
function parseRawOutput(stdout) {
	const lines = stdout.split('\n');
	const start = lines.indexOf('{');
	const end = lines.indexOf('}', start);
	if (start < 0 || end < 0) return null;
	return JSON.parse(lines.slice(start, end + 1).join('\n'));
}

/**
 * Runs a saved workflow once; resolves to { ok, run, stdout, stderr }.
 * `execute` starts its own task broker, so it gets a free port of its own
 * (the default one may be taken by a running server).
 */
async function executeWorkflow(id, env) {
	const r = await n8nCli(['execute', `--id=${id}`, '--rawOutput'], {
		...env,
		N8N_LOG_LEVEL: 'info',
		N8N_RUNNERS_BROKER_PORT: String(await freePort()),
	});
	return { ok: r.status === 0, run: parseRawOutput(r.stdout), stdout: r.stdout, stderr: r.stderr };
}

module.exports = { n8nCli, importCredentials, importWorkflow, executeWorkflow, parseRawOutput };
