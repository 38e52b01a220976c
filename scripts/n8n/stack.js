'use strict';
// What `npm start` (start.js) and the end-to-end tests (test/e2e/run.js) share:
// building the package, loading the simulator in-process, the credential that
// points at it, and small helpers around ports and child processes.
const fs = require('fs');
const net = require('net');
const path = require('path');
const { spawn } = require('child_process');
const P = require('./paths');

/** The credential `npm start` and the tests import; the examples refer to it by id. */
const CREDENTIAL = {
	id: 'assetTrackingSim', // n8n ids are 16 characters
	name: 'Asset Tracking (simulator)',
	type: 'assetTrackingOAuth2Api',
};

const EXAMPLES_DIR = path.join(P.REPO_DIR, 'examples');

/**
 * The import file for n8n's `import:credentials`: plain `data`, which n8n
 * encrypts with the user folder's key. grantType is the hidden field's
 * default; it is written out so the record is complete without the editor.
 */
function simulatorCredential(sim) {
	return [
		{
			...CREDENTIAL,
			data: {
				baseUrl: sim.baseUrl,
				tokenHostUrl: sim.authUrl,
				clientId: sim.clientId,
				clientSecret: sim.clientSecret,
				grantType: 'clientCredentials',
				scope: '',
			},
		},
	];
}

/** The example workflows: [{ file, id, name }], in file name order. */
function exampleWorkflows() {
	return fs
		.readdirSync(EXAMPLES_DIR)
		.filter((f) => f.endsWith('.json'))
		.sort()
		.map((f) => {
			const wf = JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, f), 'utf8'));
			return { file: path.join(EXAMPLES_DIR, f), id: wf.id, name: wf.name };
		});
}

/**
 * The simulator class, loaded from its TypeScript sources through ts-node
 * (a devDependency), so it runs in this process and can be asked things.
 */
function loadSimulator() {
	require(require.resolve('ts-node', { paths: [P.REPO_DIR] })).register({
		transpileOnly: true,
		project: path.join(P.REPO_DIR, 'tsconfig.json'),
		// Source folders also hold *.node.json codex files; .ts must win.
		preferTsExts: true,
	});
	return require(path.join(P.REPO_DIR, 'simulator')).Simulator;
}

/** Runs a command; resolves when it exits 0, rejects otherwise. Output is inherited or captured. */
function run(cmd, args, { cwd = P.REPO_DIR, quiet = false, env = process.env } = {}) {
	return new Promise((resolve, reject) => {
		const child = spawn(cmd, args, {
			cwd,
			env,
			stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
		});
		const out = [];
		if (quiet) {
			child.stdout.on('data', (d) => out.push(d));
			child.stderr.on('data', (d) => out.push(d));
		}
		child.on('error', reject);
		child.on('exit', (code, signal) => {
			if (code === 0) resolve(Buffer.concat(out).toString());
			else {
				const text = Buffer.concat(out).toString();
				reject(
					new Error(
						`${cmd} ${args.join(' ')} failed (${signal || code})${text ? `:\n${text}` : ''}`,
					),
				);
			}
		});
	});
}

/** A clean `dist/` (no files left from deleted sources), then `npm run build`. */
async function buildPackage({ quiet = true } = {}) {
	fs.rmSync(path.join(P.REPO_DIR, 'dist'), { recursive: true, force: true });
	await run('npm', ['run', '--silent', 'build'], { quiet });
}

/** Rejects with a helpful message when 127.0.0.1:port is taken. */
function assertPortFree(port, what, envVar) {
	return new Promise((resolve, reject) => {
		const srv = net.createServer();
		srv.once('error', (err) => {
			if (err.code === 'EADDRINUSE') {
				reject(
					new Error(
						`port ${port} (${what}) is in use: is another \`npm start\` running? Pick another with ${envVar}=<port>.`,
					),
				);
			} else reject(err);
		});
		srv.listen(port, '127.0.0.1', () => srv.close(() => resolve()));
	});
}

module.exports = {
	CREDENTIAL,
	EXAMPLES_DIR,
	simulatorCredential,
	exampleWorkflows,
	loadSimulator,
	buildPackage,
	run,
	assertPortFree,
};
