'use strict';
// n8n in queue mode on this machine: Postgres, Redis, one main and N workers,
// everything on 127.0.0.1, the pack installed as a community package in every
// process's own user folder (as each container of docker-compose.yml has its
// own). The settings come from settings.js, the one list shared with
// docker-compose.yml.
//
//   const stack = await startQueueStack({ dir, workers: 2, tarball });
//   stack.main.baseUrl; await stack.restartWorker(0); await stack.stop();
//
// Every server runs in a process group of its own; stop() ends them all and
// waits until their ports are free. Callers trap signals and call stop().
const fs = require('fs');
const path = require('path');
const { randomBytes } = require('crypto');
const { startN8n } = require('../n8n/server');
const { freePort } = require('../n8n/env');
const { installTarball } = require('../n8n/community');
const { startPostgres, startRedis, canConnect } = require('./services');
const { settingsFor, commandFor } = require('./settings');

// test/e2e and `npm start` use these; the queue stack never does, so both can
// be on one machine.
const RESERVED = new Set([5678, 5679]);

async function port() {
	for (;;) {
		const p = await freePort();
		if (!RESERVED.has(p)) return p;
	}
}

async function waitPortFree(p) {
	for (let i = 0; i < 150 && (await canConnect(p)); i++)
		await new Promise((r) => setTimeout(r, 100));
	if (await canConnect(p)) throw new Error(`port ${p} still in use after stopping`);
}

/**
 * @param {object} opts
 * @param {string} opts.dir  everything of this stack (data, user folders, logs); created fresh
 * @param {string} opts.tarball  the pack's `npm pack` tarball
 * @param {number} [opts.workers=2]
 * @param {function} [opts.log]
 * @param {function} [opts.onProcess]  called with every handle as soon as it exists (for signal traps)
 */
async function startQueueStack(opts) {
	const log = opts.log || (() => {});
	const dir = opts.dir;
	fs.rmSync(dir, { recursive: true, force: true });
	fs.mkdirSync(dir, { recursive: true });
	const handles = new Set();
	const track = (h) => {
		handles.add(h);
		if (opts.onProcess) opts.onProcess(h);
		return h;
	};

	const ports = {
		postgres: await port(),
		redis: await port(),
		main: await port(),
		mainBroker: await port(),
	};
	const stack = {
		dir,
		ports,
		main: null,
		workers: [],
		site: null,
		services: {},
		async stop() {
			const n8n = [stack.main, ...stack.workers].filter(Boolean);
			await Promise.allSettled(n8n.map((h) => h.stop()));
			await Promise.allSettled(
				[stack.services.redis, stack.services.postgres].filter(Boolean).map((h) => h.stop()),
			);
			await Promise.allSettled([...handles].map((h) => h.stop()));
			const used = [ports.postgres, ports.redis, ports.main, ports.mainBroker];
			for (const w of stack.workers) used.push(w.healthPort, w.brokerPort);
			await Promise.all(used.map(waitPortFree));
		},
	};

	try {
		const [postgres, redis] = await Promise.all([
			startPostgres({ dir: path.join(dir, 'postgres'), port: ports.postgres, log }),
			startRedis({ dir: path.join(dir, 'redis'), port: ports.redis }),
		]);
		stack.services = { postgres: track(postgres), redis: track(redis) };
		log(`Postgres 17 on 127.0.0.1:${ports.postgres}, Redis on 127.0.0.1:${ports.redis}`);

		const base = {
			redis: { host: '127.0.0.1', port: ports.redis },
			postgres,
			encryptionKey: randomBytes(24).toString('base64url'),
			main: { port: ports.main, brokerPort: ports.mainBroker },
		};
		stack.site = base;

		const processOptions = (name, role, extra) => {
			const userFolder = path.join(dir, name);
			return {
				userFolder,
				logLevel: 'info',
				logFile: path.join(dir, `${name}.log`),
				args: commandFor(role),
				extra,
			};
		};
		// Each process has its own user folder, with the pack installed in it.
		const install = (name) => installTarball(opts.tarball, path.join(dir, name));

		install('main');
		const mainOptions = {
			...processOptions('main', 'main', settingsFor('main', base)),
			port: ports.main,
			brokerPort: ports.mainBroker,
		};
		stack.startMain = async () => {
			stack.main = await startN8n({ ...mainOptions, onSpawn: track });
			return stack.main;
		};
		await stack.startMain();
		log(`main on ${stack.main.baseUrl}`);

		const workerCount = opts.workers || 2;
		const workerSites = [];
		for (let i = 0; i < workerCount; i++) {
			workerSites.push({
				...base,
				worker: { healthPort: await port(), brokerPort: await port(), address: '127.0.0.1' },
			});
			install(`worker-${i + 1}`);
		}
		stack.startWorker = async (i) => {
			const site = workerSites[i];
			const handle = await startN8n({
				...processOptions(`worker-${i + 1}`, 'worker', settingsFor('worker', site)),
				// A worker serves no editor; N8N_PORT is unused but must not clash.
				port: site.worker.healthPort,
				brokerPort: site.worker.brokerPort,
				readyUrl: `http://127.0.0.1:${site.worker.healthPort}/healthz/readiness`,
				onSpawn: track,
			});
			Object.assign(handle, {
				name: `worker-${i + 1}`,
				healthPort: site.worker.healthPort,
				brokerPort: site.worker.brokerPort,
			});
			stack.workers[i] = handle;
			return handle;
		};
		await Promise.all(workerSites.map((_, i) => stack.startWorker(i)));
		log(`${workerCount} workers ready (concurrency ${commandFor('worker')[1].split('=')[1]} each)`);

		stack.restartMain = async () => {
			await stack.main.stop();
			return await stack.startMain();
		};
		stack.restartWorker = async (i) => {
			await stack.workers[i].stop();
			return await stack.startWorker(i);
		};
		/** SIGKILL to the worker's whole process group (it and its task runner). */
		stack.killWorker = async (i) => {
			const w = stack.workers[i];
			try {
				process.kill(-w.pid, 'SIGKILL');
			} catch {
				// gone already
			}
			await w.exited;
		};
		return stack;
	} catch (err) {
		await stack.stop().catch(() => {});
		throw err;
	}
}

module.exports = { startQueueStack };
