'use strict';
// The one list of queue-mode settings. The tested stack (test/queue/run.js via
// stack.js), the docker-compose.yml for users (compose.js) and the env table
// of docs/scale.md come from it, so they cannot drift apart: `npm run test:queue`
// runs these values, and `node scripts/queue/compose.js --check` fails when
// the committed docker-compose.yml or docs/scale.md table differ from what it gives.
//
// A site says where things are:
//   { redis: { host, port }, postgres: { host, port, database, user, password },
//     encryptionKey, main: { port, brokerPort }, worker: { healthPort, brokerPort } }
// Values may be literal strings or, for compose, `${VAR}` references.

/** Concurrency of each worker (`n8n worker --concurrency=N`). */
const WORKER_CONCURRENCY = 10;

/**
 * Every setting: `roles` it applies to, its value for a site, and why it is
 * there (the table of docs/scale.md shows the why).
 */
const SETTINGS = [
	{
		name: 'EXECUTIONS_MODE',
		roles: ['main', 'worker'],
		value: () => 'queue',
		why: 'main enqueues executions in Redis (Bull), workers run them',
	},
	{
		name: 'QUEUE_BULL_REDIS_HOST',
		roles: ['main', 'worker'],
		value: (s) => s.redis.host,
		why: 'the one Redis every process shares',
	},
	{
		name: 'QUEUE_BULL_REDIS_PORT',
		roles: ['main', 'worker'],
		value: (s) => String(s.redis.port),
		why: '',
	},
	{
		name: 'DB_TYPE',
		roles: ['main', 'worker'],
		value: () => 'postgresdb',
		why: 'workers read workflows and credentials from the shared database (SQLite cannot be shared)',
	},
	{
		name: 'DB_POSTGRESDB_HOST',
		roles: ['main', 'worker'],
		value: (s) => s.postgres.host,
		why: 'Postgres 17 or newer (n8n 2.41 warns below 17)',
	},
	{
		name: 'DB_POSTGRESDB_PORT',
		roles: ['main', 'worker'],
		value: (s) => String(s.postgres.port),
		why: '',
	},
	{
		name: 'DB_POSTGRESDB_DATABASE',
		roles: ['main', 'worker'],
		value: (s) => s.postgres.database,
		why: '',
	},
	{ name: 'DB_POSTGRESDB_USER', roles: ['main', 'worker'], value: (s) => s.postgres.user, why: '' },
	{
		name: 'DB_POSTGRESDB_PASSWORD',
		roles: ['main', 'worker'],
		value: (s) => s.postgres.password,
		why: '',
	},
	{
		name: 'N8N_ENCRYPTION_KEY',
		roles: ['main', 'worker'],
		value: (s) => s.encryptionKey,
		why: 'the same on every process: workers decrypt the credential (and the token n8n stores in it) with it',
	},
	{
		name: 'OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS',
		roles: ['main'],
		value: () => 'true',
		why: 'manual runs from the editor go to the workers too (otherwise main runs them)',
	},
	{
		name: 'N8N_RUNNERS_BROKER_PORT',
		roles: ['main', 'worker'],
		value: (s, role) => String(s[role].brokerPort),
		why: 'every process starts a task broker: on one host each needs its own port',
	},
	{
		name: 'QUEUE_HEALTH_CHECK_ACTIVE',
		roles: ['worker'],
		value: () => 'true',
		why: 'the worker serves /healthz and /healthz/readiness',
	},
	{
		name: 'QUEUE_HEALTH_CHECK_PORT',
		roles: ['worker'],
		value: (s) => String(s.worker.healthPort),
		why: 'its own port on one host',
	},
	{
		name: 'N8N_WORKER_SERVER_ADDRESS',
		roles: ['worker'],
		value: (s) => s.worker.address,
		why: 'address of the worker health server',
	},
];

/** The environment variables of one process (`main` or `worker`) of a site. */
function settingsFor(role, site) {
	const env = {};
	for (const s of SETTINGS) if (s.roles.includes(role)) env[s.name] = s.value(site, role);
	return env;
}

/** The command line of a role after `n8n`. */
function commandFor(role) {
	return role === 'worker' ? ['worker', `--concurrency=${WORKER_CONCURRENCY}`] : ['start'];
}

module.exports = { SETTINGS, WORKER_CONCURRENCY, settingsFor, commandFor };
