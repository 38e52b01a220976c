'use strict';
// Starts `n8n start` from the cache and waits until it serves requests.
//
//   const n8n = await startN8n({ userFolder });   // -> { baseUrl, owner, env, stop, exited }
//   ...
//   await n8n.stop();
const fs = require('fs');
const path = require('path');
const { spawn } = require('child_process');
const { n8nEnv, freePort } = require('./env');
const P = require('./paths');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// /healthz answers as soon as the HTTP server listens, before the database
// migrations have run; /healthz/readiness waits for the database as well.
async function waitReady(readyUrl, child, logFile, timeoutMs) {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (child.exitCode !== null) {
			throw new Error(`n8n exited with ${child.exitCode} before it was ready; see ${logFile}`);
		}
		try {
			const res = await fetch(readyUrl);
			if (res.ok) return;
		} catch {
			// not listening yet
		}
		await sleep(250);
	}
	throw new Error(`n8n was not ready within ${timeoutMs} ms; see ${logFile}`);
}

/**
 * @param {object} opts  n8nEnv options (userFolder, logLevel, owner, ...), and
 * @param {number} [opts.port]  default: a free port
 * @param {string} [opts.logFile]  default: <userFolder>/n8n.log
 * @param {number} [opts.timeoutMs=120000]
 * @param {string[]} [opts.args=['start']]  n8n's command line, e.g. ['worker', '--concurrency=10']
 * @param {string} [opts.readyUrl]  default: <baseUrl>/healthz/readiness (a worker's is on its health port)
 * @param {function} [opts.onSpawn]  called with { pid, stop } as soon as the
 *   process exists, before it is ready: lets a caller stop it on Ctrl-C
 *   during the start.
 */
async function startN8n(opts) {
	const port = opts.port || (await freePort());
	const brokerPort = opts.brokerPort || (await freePort());
	const { env, owner, baseUrl } = n8nEnv({ ...opts, port, brokerPort });
	fs.mkdirSync(opts.userFolder, { recursive: true });
	const logFile = opts.logFile || path.join(opts.userFolder, 'n8n.log');
	const log = fs.openSync(logFile, 'a');
	// detached: own process group, so stop() also ends the task-runner child.
	const child = spawn(P.NODE_BIN, [P.N8N_BIN, ...(opts.args || ['start'])], {
		env,
		stdio: ['ignore', log, log],
		detached: true,
	});
	fs.closeSync(log);
	const exited = new Promise((resolve) => child.once('exit', resolve));

	const killGroup = (signal) => {
		try {
			process.kill(-child.pid, signal);
		} catch {
			// already gone
		}
	};
	async function stop() {
		if (child.exitCode !== null || child.signalCode !== null) return;
		killGroup('SIGTERM'); // graceful shutdown: well under a second when idle
		const timer = setTimeout(() => killGroup('SIGKILL'), 30000);
		await exited;
		clearTimeout(timer);
	}

	if (opts.onSpawn) opts.onSpawn({ pid: child.pid, stop });

	try {
		await waitReady(
			opts.readyUrl || `${baseUrl}/healthz/readiness`,
			child,
			logFile,
			opts.timeoutMs || 120000,
		);
	} catch (err) {
		await stop();
		throw err;
	}
	// `exited` resolves with the exit code (or signal name) when n8n ends.
	const exitedWith = exited.then((code) => (code === null ? child.signalCode : code));
	return { baseUrl, owner, env, logFile, pid: child.pid, stop, exited: exitedWith };
}

module.exports = { startN8n };
