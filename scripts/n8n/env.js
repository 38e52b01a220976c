'use strict';
// Builds the environment for running the n8n installed by install.js:
// Node 24 first on PATH, a private user folder, loopback only, nothing that
// phones home, and an owner account created from env vars (no setup clicks).
//
//   const { n8nEnv } = require('./scripts/n8n/env');
//   const { env, owner, baseUrl } = n8nEnv({ userFolder: '/tmp/n8n-x', port: 5688 });
//   spawn(N8N_BIN, ['start'], { env });
const net = require('net');
const path = require('path');
const P = require('./paths');

const DEFAULT_OWNER = {
	email: 'owner@example.com',
	// Meets n8n's password rules (8+ chars, a digit, an upper-case letter).
	password: 'Owner-pass-1',
	firstName: 'Test',
	lastName: 'Owner',
};

// bcryptjs ships with n8n (it hashes passwords with it), so resolve it from
// n8n's own folder in the cache instead of adding a dependency to the repo.
function bcryptHash(password) {
	const bcryptPath = require.resolve('bcryptjs', { paths: [path.join(P.MODULES, 'n8n')] });
	return require(bcryptPath).hashSync(password, 10);
}

/**
 * @param {object} opts
 * @param {string} opts.userFolder  n8n keeps its data in `<userFolder>/.n8n`
 *   (SQLite db, encryption key, community packages in nodes/node_modules).
 * @param {number} [opts.port=5678]  HTTP port of the editor/REST API.
 * @param {number} [opts.brokerPort=port+1]  task-runner broker port; every n8n
 *   process (also `n8n execute` while a server runs) needs its own.
 * @param {string} [opts.logLevel='warn']  error | warn | info | debug
 * @param {string} [opts.customExtensions]  folder(s) (`;`-separated) whose
 *   `*.node.js` / `*.credentials.js` files n8n loads as custom nodes.
 * @param {object} [opts.owner]  { email, password, firstName, lastName }
 * @param {object} [opts.extra]  more variables, applied last.
 * @returns {{ env: object, owner: object, baseUrl: string }}
 */
const UTC = 'Etc/UTC';

/**
 * The time zone `npm start` gives n8n: GENERIC_TIMEZONE when the user set it, else this machine's
 * (as Node.js resolves it from TZ or the system), with UTC under the name n8n's list knows.
 * @returns {{ zone: string, from: string }}
 */
function startTimeZone(env = process.env) {
	if (env.GENERIC_TIMEZONE) return { zone: env.GENERIC_TIMEZONE, from: 'GENERIC_TIMEZONE' };
	const machine = Intl.DateTimeFormat().resolvedOptions().timeZone;
	const zone = !machine || /^(Etc\/)?(UTC|GMT|Universal|Zulu)$/i.test(machine) ? UTC : machine;
	return { zone, from: "this machine's" };
}

function n8nEnv(opts) {
	if (!opts || !opts.userFolder) throw new Error('n8nEnv: userFolder is required');
	const port = opts.port || 5678;
	const owner = { ...DEFAULT_OWNER, ...opts.owner };

	const env = {};
	// Keep the caller's environment but none of npm's per-run settings.
	for (const [k, v] of Object.entries(process.env)) {
		if (!/^npm_/i.test(k)) env[k] = v;
	}
	Object.assign(env, {
		// n8n >= 2 needs Node 24; its task runner is also started with `node`.
		PATH: `${P.NODE_BIN_DIR}${path.delimiter}${process.env.PATH}`,
		NODE_ENV: 'production',
		N8N_USER_FOLDER: opts.userFolder,
		// Loopback only, plain http, so the auth cookie must not be `Secure`.
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PORT: String(port),
		N8N_PROTOCOL: 'http',
		N8N_SECURE_COOKIE: 'false',
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		N8N_RUNNERS_BROKER_PORT: String(opts.brokerPort || port + 1),
		// No network here: switch off everything that would call n8n's servers.
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_WHATS_NEW_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_DYNAMIC_BANNERS_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_LICENSE_AUTO_RENEW_ENABLED: 'false',
		// Fetches an MCP server list from api.n8n.io on start (fails offline).
		N8N_DISABLED_MODULES: 'mcp-registry',
		// The list of n8n-vetted community nodes comes from api.n8n.io (fetched
		// when the editor opens the node panel); locally installed ones still load.
		N8N_VERIFIED_PACKAGES_ENABLED: 'false',
		// Default turns to false in a later n8n; a local package is 'unverified'.
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		// Owner account applied at every start, so login works without the setup
		// screen. The hash must be bcrypt; n8n refuses a plain password.
		N8N_INSTANCE_OWNER_MANAGED_BY_ENV: 'true',
		N8N_INSTANCE_OWNER_EMAIL: owner.email,
		N8N_INSTANCE_OWNER_FIRST_NAME: owner.firstName,
		N8N_INSTANCE_OWNER_LAST_NAME: owner.lastName,
		N8N_INSTANCE_OWNER_PASSWORD_HASH: bcryptHash(owner.password),
		// Settings file is created 0600, which silences a startup warning.
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
		// n8n's name for UTC: its time zone list (Settings, a workflow's settings) has no plain
		// "UTC" and shows that default as not valid.
		GENERIC_TIMEZONE: UTC,
		N8N_LOG_LEVEL: opts.logLevel || 'warn',
		N8N_LOG_OUTPUT: 'console',
		NO_COLOR: '1', // plain log lines, easier to strip from CLI output
	});
	if (opts.customExtensions) env.N8N_CUSTOM_EXTENSIONS = opts.customExtensions;
	Object.assign(env, opts.extra);
	return { env, owner, baseUrl: `http://127.0.0.1:${port}` };
}

// A port that is free right now on 127.0.0.1 (the OS picks it).
function freePort() {
	return new Promise((resolve, reject) => {
		const srv = net.createServer();
		srv.unref();
		srv.on('error', reject);
		srv.listen(0, '127.0.0.1', () => {
			const { port } = srv.address();
			srv.close(() => resolve(port));
		});
	});
}

module.exports = { n8nEnv, freePort, startTimeZone, DEFAULT_OWNER, paths: P };
