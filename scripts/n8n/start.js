#!/usr/bin/env node
'use strict';
// `npm start`: the pack running in a real n8n, ready to use.
//
//  1. installs n8n 2.41.1 and Node 24 into .n8n-cache/ (first time only);
//  2. builds the pack and installs its `npm pack` tarball as a community
//     package of the user folder .n8n-cache/user (as Settings > Community
//     Nodes would);
//  3. starts the simulator of the service and n8n on 127.0.0.1, with the owner
//     account set up, the "Asset Tracking (simulator)" credential pointing at
//     the simulator, and the examples/ workflows imported;
//  4. prints the editor URL and the login; Ctrl-C stops both servers.
//
// N8N_PORT (default 5678) and SIMULATOR_PORT (default 5679, the credential's
// default address) pick the ports.
const fs = require('fs');
const os = require('os');
const path = require('path');
const P = require('./paths');
const { install, isInstalled } = require('./install');
const { startN8n } = require('./server');
const { startTimeZone } = require('./env');
const { installCommunityPackage } = require('./community');
const { importCredentials, n8nCli } = require('./cli');
const { login, rest } = require('./rest');
const stack = require('./stack');

const USER_FOLDER = path.join(P.CACHE_DIR, 'user');
const N8N_PORT = Number(process.env.N8N_PORT || 5678);
const SIM_PORT = Number(process.env.SIMULATOR_PORT || 5679);

const t0 = Date.now();
const secs = (from = t0) => `${((Date.now() - from) / 1000).toFixed(1)}s`;
const say = (msg) => console.log(`[start ${secs()}] ${msg}`);

/** Runs one step with a line before and after, and a heartbeat while it lasts. */
async function step(label, fn, heartbeatMs = 10000) {
	const from = Date.now();
	say(`${label}...`);
	const beat =
		heartbeatMs > 0
			? setInterval(() => say(`${label}: still working (${secs(from)})`), heartbeatMs)
			: null;
	try {
		const result = await fn();
		say(`${label}: done in ${secs(from)}`);
		return result;
	} finally {
		if (beat) clearInterval(beat);
	}
}

// Everything that runs, so Ctrl-C at any moment stops it.
let n8nHandle = null;
let sim = null;
let stopping = false;

async function shutdown(code, why) {
	if (stopping) return;
	stopping = true;
	if (why) console.log(`\n${why}`);
	const from = Date.now();
	await Promise.allSettled([n8nHandle && n8nHandle.stop(), sim && sim.stop()]);
	console.log(`Stopped n8n and the simulator (${secs(from)}).`);
	process.exit(code);
}

process.on('SIGINT', () => void shutdown(0, 'Ctrl-C: stopping n8n and the simulator...'));
process.on('SIGTERM', () => void shutdown(0, 'SIGTERM: stopping n8n and the simulator...'));

async function importMissingExamples(n8n) {
	const cookie = await login(n8n.baseUrl, n8n.owner);
	const existing = new Set();
	// Archived (deleted) workflows count as existing: a user's choice is kept.
	for (const archived of [false, true]) {
		const filter = encodeURIComponent(JSON.stringify({ isArchived: archived }));
		const list = await rest(n8n.baseUrl, cookie, 'GET', `/rest/workflows?filter=${filter}`).catch(
			() => [],
		);
		for (const wf of list || []) existing.add(wf.id);
	}
	const examples = stack.exampleWorkflows();
	const missing = examples.filter((e) => !existing.has(e.id));
	if (missing.length > 0) {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-examples-'));
		try {
			for (const e of missing) fs.copyFileSync(e.file, path.join(dir, path.basename(e.file)));
			const r = await n8nCli(['import:workflow', '--separate', `--input=${dir}`], n8n.env);
			if (r.status !== 0) throw new Error(`import:workflow failed:\n${r.stdout}${r.stderr}`);
		} finally {
			fs.rmSync(dir, { recursive: true, force: true });
		}
	}
	return { examples, imported: missing.length };
}

async function main() {
	console.log('Asset Tracking nodes in a real n8n: getting it ready.');
	await stack.assertPortFree(N8N_PORT, 'n8n', 'N8N_PORT');
	await stack.assertPortFree(SIM_PORT, 'simulator', 'SIMULATOR_PORT');

	if (isInstalled()) await step(`n8n ${P.N8N_VERSION} + Node 24 in .n8n-cache/`, install);
	// install.js prints its own progress (steps and a heartbeat).
	else
		await step(
			`Installing n8n ${P.N8N_VERSION} + Node 24 into .n8n-cache/ (first time only: a few minutes)`,
			install,
			0,
		);
	await step('Building the pack (npm run build)', () => stack.buildPackage());
	const packed = await step('Installing its npm pack tarball as a community package', () =>
		installCommunityPackage(P.REPO_DIR, USER_FOLDER, path.join(P.CACHE_DIR, 'pack')),
	);
	say(
		`  ${path.relative(P.REPO_DIR, packed.tarball)} (${packed.files.length} files) -> ${path.relative(P.REPO_DIR, packed.target)}`,
	);

	const Simulator = stack.loadSimulator();
	sim = new Simulator({ port: SIM_PORT, clock: 'real' });
	await sim.start();
	// Consignments, printers and asset groups that change over the next hours (the examples).
	sim.scheduleDemo();
	say(`Simulator of the service on ${sim.baseUrl}`);

	const timeZone = startTimeZone();
	const fresh = !fs.existsSync(path.join(USER_FOLDER, '.n8n', 'database.sqlite'));
	const n8n = await step(
		fresh ? 'Starting n8n (first start: creating its database)' : 'Starting n8n',
		() =>
			startN8n({
				userFolder: USER_FOLDER,
				port: N8N_PORT,
				logFile: path.join(USER_FOLDER, 'n8n.log'),
				// Sentences and reports speak the workflow's time zone; new workflows take this one.
				extra: { GENERIC_TIMEZONE: timeZone.zone },
				onSpawn: (h) => {
					n8nHandle = h;
				},
			}),
	);
	n8nHandle = n8n;
	if (stopping) return;
	n8n.exited.then((code) => {
		if (!stopping) void shutdown(1, `n8n stopped by itself (exit ${code}); see ${n8n.logFile}`);
	});

	await step('Importing the "Asset Tracking (simulator)" credential', async () => {
		const file = path.join(USER_FOLDER, 'asset-tracking-credential.json');
		fs.writeFileSync(file, JSON.stringify(stack.simulatorCredential(sim), null, 2) + '\n', {
			mode: 0o600,
		});
		await importCredentials(file, n8n.env);
	});
	const { examples, imported } = await step('Importing the example workflows', () =>
		importMissingExamples(n8n),
	);

	const line = '-'.repeat(72);
	console.log(`\n${line}`);
	console.log(`  n8n editor:   ${n8n.baseUrl}`);
	console.log(`  login:        ${n8n.owner.email}  /  ${n8n.owner.password}`);
	console.log(`  credential:   "${stack.CREDENTIAL.name}" -> ${sim.baseUrl}`);
	console.log(
		`                (client ${sim.clientId} / ${sim.clientSecret}; workspace ${sim.seed.workspaceId})`,
	);
	console.log(`  workflows:    ${examples.length} examples (${imported} imported now)`);
	for (const e of examples) console.log(`                - ${e.name}`);
	console.log(
		`  time zone:    ${timeZone.zone} (${timeZone.from}; GENERIC_TIMEZONE=Europe/Berlin npm start sets another)`,
	);
	console.log(`  nodes:        Asset Tracking, Asset Tracking Trigger (community package)`);
	console.log(`  n8n log:      ${path.relative(process.cwd(), n8n.logFile) || n8n.logFile}`);
	console.log(line);
	console.log(`Ready in ${secs()}. Press Ctrl-C to stop n8n and the simulator.`);
}

main().catch((err) => {
	console.error(`\n[start] ${err.message}`);
	void shutdown(1);
});
