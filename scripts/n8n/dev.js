#!/usr/bin/env node
'use strict';
// `npm run dev`: n8n's starter workflow (`n8n-node dev`: tsc --watch, n8n reloads the pack on
// every rebuild) with this repo's own n8n, the pinned 2.41.1 on Node 24 from .n8n-cache/.
//
// Two parts of `n8n-node dev` (@n8n/node-cli 0.48.3) cannot serve here as they are:
// - without --external-n8n it runs `npx -y n8n@latest`: a download of the newest n8n, on the
//   Node first on PATH (n8n 2.x needs Node 24);
// - it links the whole repo into <user folder>/.n8n/custom/node_modules, and n8n 2.41.1 loads
//   every `**/*.node.js` under its custom folder, following that link into the repo's own
//   node_modules: n8n then stops at @jsdevtools/ono's `cjs/isomorphic.node.js` (a dependency
//   of openapi-backend, the contract checker) with "TypeError: require(...).isomorphic is not
//   a constructor".
// So `n8n-node dev --external-n8n` runs with a user folder of its own (its link unused), and
// n8n loads the pack from a custom-extensions folder that links only dist/, with
// N8N_DEV_RELOAD so it reloads when tsc rewrites dist/. The simulator and its credential are
// set up as `npm start` does. Ctrl-C stops everything.
const fs = require('fs');
const path = require('path');
const { spawn } = require('child_process');
const P = require('./paths');
const { install } = require('./install');
const { startN8n } = require('./server');
const { importCredentials } = require('./cli');
const stack = require('./stack');

const DEV_DIR = path.join(P.CACHE_DIR, 'dev');
const USER_FOLDER = path.join(DEV_DIR, 'n8n');
const NODE_CLI_FOLDER = path.join(DEV_DIR, 'node-cli');
const EXTENSIONS = path.join(DEV_DIR, 'extensions');
const N8N_PORT = Number(process.env.N8N_PORT || 5678);
const SIM_PORT = Number(process.env.SIMULATOR_PORT || 5679);

let watcher = null;
let n8n = null;
let sim = null;
let stopping = false;

async function shutdown(code, why) {
	if (stopping) return;
	stopping = true;
	if (why) console.log(`\n[dev] ${why}`);
	if (watcher && watcher.exitCode === null) watcher.kill('SIGTERM');
	await Promise.allSettled([n8n && n8n.stop(), sim && sim.stop()]);
	process.exit(code);
}
process.on('SIGINT', () => void shutdown(0, 'stopping n8n, the simulator and tsc --watch'));
process.on('SIGTERM', () => void shutdown(0, 'stopping'));
process.on('SIGHUP', () => void shutdown(0, 'terminal closed: stopping'));

async function main() {
	await stack.assertPortFree(N8N_PORT, 'n8n', 'N8N_PORT');
	await stack.assertPortFree(SIM_PORT, 'simulator', 'SIMULATOR_PORT');
	await install();
	// A full build first: the codex JSON files beside each node come from gulp, not tsc.
	await stack.buildPackage({ quiet: false });

	// The pack as n8n's custom loader should see it: dist/ only, not the repo's node_modules.
	const link = path.join(EXTENSIONS, 'node_modules', 'n8n-nodes-asset-tracking');
	fs.mkdirSync(path.dirname(link), { recursive: true });
	fs.rmSync(link, { force: true });
	fs.symlinkSync(path.join(P.REPO_DIR, 'dist'), link, 'dir');

	watcher = spawn(
		process.execPath,
		[
			path.join(P.REPO_DIR, 'node_modules', '@n8n', 'node-cli', 'bin', 'n8n-node.mjs'),
			'dev',
			'--external-n8n',
			'--custom-user-folder',
			NODE_CLI_FOLDER,
		],
		{ cwd: P.REPO_DIR, stdio: 'inherit' },
	);
	watcher.once('exit', (code) => void shutdown(code || 0, `n8n-node dev ended (exit ${code})`));

	const Simulator = stack.loadSimulator();
	sim = new Simulator({ port: SIM_PORT, clock: 'real' });
	await sim.start();
	// Consignments, printers and asset groups that change over the next hours (the examples).
	sim.scheduleDemo();
	n8n = await startN8n({
		userFolder: USER_FOLDER,
		port: N8N_PORT,
		logFile: path.join(USER_FOLDER, 'n8n.log'),
		customExtensions: EXTENSIONS,
		extra: { N8N_DEV_RELOAD: 'true' },
		// The first start creates n8n's database: minutes on a busy machine.
		timeoutMs: 600_000,
		logLevel: process.env.N8N_LOG_LEVEL || 'info',
		onSpawn: (h) => {
			n8n = h;
		},
	});
	const file = path.join(USER_FOLDER, 'asset-tracking-credential.json');
	fs.writeFileSync(file, JSON.stringify(stack.simulatorCredential(sim), null, 2) + '\n', {
		mode: 0o600,
	});
	await importCredentials(file, n8n.env);
	console.log(
		`\n[dev] n8n ${P.N8N_VERSION}: ${n8n.baseUrl}  login ${n8n.owner.email} / ${n8n.owner.password}`,
	);
	console.log(`[dev] simulator: ${sim.baseUrl} (credential "${stack.CREDENTIAL.name}")`);
	console.log(
		`[dev] edit nodes/ or credentials/: tsc rebuilds dist/ and n8n reloads the pack. Log: ${n8n.logFile}`,
	);
}

main().catch((err) => {
	console.error(`\n[dev] ${err.message}`);
	void shutdown(1);
});
