#!/usr/bin/env node
'use strict';
// `npm run bench:n8n`: Return All in one real n8n 2.41.1 (the one scripts/n8n installs into
// .n8n-cache/), the pack's Asset > Get Many against what a user would build without it — the
// HTTP Request node with n8n's generic OAuth2 credential (client credentials), its pagination
// on nextToken, then Split Out — interleaved run by run, for 10,000 and 100,000 assets of the
// simulator (in this process, 0 ms latency). Each run is started like the editor's "Execute
// workflow" button; its time is the execution's own (startedAt → stoppedAt), its memory the
// RSS of the n8n process sampled every 25 ms, highest minus the RSS before the run.
// Writes bench/results/n8n.json. Options: --assets=10000,100000 --reps=3
const fs = require('fs');
const os = require('os');
const path = require('path');
const P = require('../../scripts/n8n/paths');
const { isInstalled } = require('../../scripts/n8n/install');
const { startN8n } = require('../../scripts/n8n/server');
const { installCommunityPackage } = require('../../scripts/n8n/community');
const { importCredentials, importWorkflow } = require('../../scripts/n8n/cli');
const { login, rest, runWorkflow, unflatten } = require('../../scripts/n8n/rest');
const stack = require('../../scripts/n8n/stack');

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const SIZES = (args.assets || '10000,100000').split(',').map(Number);
const REPS = Number(args.reps || 3);
const GENERIC = { id: 'benchGenericOAu', name: 'Generic OAuth2 (simulator)', type: 'oAuth2Api' };
const load = () => os.loadavg()[0].toFixed(2);

function packWorkflow(id, workspaceId) {
	return {
		id,
		name: `bench: Asset Tracking Return All (${id})`,
		nodes: [
			{
				id: 'm',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'a',
				name: 'Asset Tracking',
				type: 'n8n-nodes-asset-tracking.assetTracking',
				typeVersion: 1,
				position: [220, 0],
				parameters: {
					resource: 'asset',
					operation: 'getMany',
					workspaceId: { __rl: true, mode: 'id', value: workspaceId },
					returnAll: true,
				},
				credentials: {
					assetTrackingOAuth2Api: { id: stack.CREDENTIAL.id, name: stack.CREDENTIAL.name },
				},
			},
		],
		connections: { Start: { main: [[{ node: 'Asset Tracking', type: 'main', index: 0 }]] } },
		settings: {},
		active: false,
	};
}

/** The HTTP Request node as the docs show it for cursor pagination, then Split Out on `items`. */
function httpWorkflow(id, url) {
	return {
		id,
		name: `bench: HTTP Request + pagination + Split Out (${id})`,
		nodes: [
			{
				id: 'm',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'h',
				name: 'HTTP Request',
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				position: [220, 0],
				parameters: {
					method: 'GET',
					url,
					authentication: 'genericCredentialType',
					genericAuthType: 'oAuth2Api',
					sendQuery: true,
					queryParameters: { parameters: [{ name: 'limit', value: '10000' }] },
					options: {
						pagination: {
							pagination: {
								paginationMode: 'updateAParameterInEachRequest',
								parameters: {
									parameters: [
										{ type: 'qs', name: 'nextToken', value: '={{ $response.body.nextToken }}' },
									],
								},
								paginationCompleteWhen: 'other',
								completeExpression: '={{ !$response.body.nextToken }}',
							},
						},
					},
				},
				credentials: { oAuth2Api: { id: GENERIC.id, name: GENERIC.name } },
			},
			{
				id: 's',
				name: 'Split Out',
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: [440, 0],
				parameters: { fieldToSplitOut: 'items', include: 'noOtherFields' },
			},
		],
		connections: {
			Start: { main: [[{ node: 'HTTP Request', type: 'main', index: 0 }]] },
			'HTTP Request': { main: [[{ node: 'Split Out', type: 'main', index: 0 }]] },
		},
		settings: {},
		active: false,
	};
}

function rssOf(pid) {
	const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
	return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) * 1024;
}

/** One run: the execution's own duration, the n8n process's RSS peak above its level before, the items out. */
async function measure(n8n, cookie, workflowId, lastNode) {
	const before = rssOf(n8n.pid);
	let peak = before;
	const sampler = setInterval(() => {
		try {
			peak = Math.max(peak, rssOf(n8n.pid));
		} catch {
			// n8n gone: the wait below fails
		}
	}, 25);
	const executionId = await runWorkflow(n8n.baseUrl, cookie, workflowId, 'Start');
	let ex;
	const deadline = Date.now() + 600_000;
	for (;;) {
		// The list entry: status and times without loading the run's data (which would raise the RSS).
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		const list = await rest(
			n8n.baseUrl,
			cookie,
			'GET',
			`/rest/executions?filter=${filter}&limit=5`,
		);
		ex = (list.results || list).find((e) => String(e.id) === String(executionId));
		if (ex && !['new', 'running', 'waiting'].includes(ex.status)) break;
		if (Date.now() > deadline) throw new Error(`execution ${executionId} not finished after 600 s`);
		await new Promise((r) => setTimeout(r, 100));
	}
	clearInterval(sampler);
	const wallMs = new Date(ex.stoppedAt).getTime() - new Date(ex.startedAt).getTime();
	return {
		executionId,
		status: ex.status,
		wallMs,
		peakRssBytes: peak,
		peakRssDeltaBytes: peak - before,
		rssBeforeBytes: before,
		lastNode,
	};
}

/** The number of items the last node put out (read after the timed runs: it loads the whole execution). */
async function itemsOut(n8n, cookie, executionId, lastNode) {
	const res = await fetch(`${n8n.baseUrl}/rest/executions/${executionId}`, { headers: { cookie } });
	const ex = (await res.json()).data;
	const data = unflatten(ex.data);
	const runs = data.resultData.runData[lastNode];
	return runs[runs.length - 1].data.main[0].length;
}

const median = (v) => {
	const s = [...v].sort((a, b) => a - b);
	return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main() {
	if (!isInstalled())
		throw new Error(
			'n8n is not installed in .n8n-cache/: run `npm start` once (or copy one: see HELPERS)',
		);
	const started = Date.now();
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-n8n-'));
	let n8n;
	let sim;
	try {
		console.log(
			`bench:n8n on ${os.cpus()[0].model.trim()}, ${os.cpus().length} cores, load ${load()}; building and installing the pack`,
		);
		await stack.buildPackage();
		installCommunityPackage(P.REPO_DIR, userFolder, path.join(userFolder, 'pack'));
		const Simulator = stack.loadSimulator();
		sim = new Simulator({ clock: 'real', recordExchanges: false });
		await sim.start();
		n8n = await startN8n({ userFolder, extra: { EXECUTIONS_DATA_PRUNE: 'false' } });
		const credentialsFile = path.join(userFolder, 'credentials.json');
		fs.writeFileSync(
			credentialsFile,
			JSON.stringify([
				...stack.simulatorCredential(sim),
				{
					...GENERIC,
					data: {
						grantType: 'clientCredentials',
						accessTokenUrl: `${sim.tokenUrl}?grant_type=client_credentials`,
						clientId: sim.clientId,
						clientSecret: sim.clientSecret,
						scope: '',
						authentication: 'header',
					},
				},
			]),
			{ mode: 0o600 },
		);
		await importCredentials(credentialsFile, n8n.env);
		const cookie = await login(n8n.baseUrl, n8n.owner);
		const { workspaceId } = sim.seed;
		const rows = [];
		let have = sim.seed.assetIds.length;
		for (const assets of SIZES) {
			sim.addAssets(workspaceId, assets - have);
			have = assets;
			const ids = {
				pack: `benchPack${assets}`.slice(0, 16),
				http: `benchHttp${assets}`.slice(0, 16),
			};
			for (const [key, wf] of [
				['pack', packWorkflow(ids.pack, workspaceId)],
				['http', httpWorkflow(ids.http, `${sim.baseUrl}/workspaces/${workspaceId}/assets`)],
			]) {
				const file = path.join(userFolder, `${key}-${assets}.json`);
				fs.writeFileSync(file, JSON.stringify(wf));
				await importWorkflow(file, n8n.env);
			}
			const runs = { pack: [], http: [] };
			// A first run of each, not counted: fetches the tokens, loads and compiles the nodes.
			await measure(n8n, cookie, ids.pack, 'Asset Tracking');
			await measure(n8n, cookie, ids.http, 'Split Out');
			for (let rep = 0; rep < REPS; rep++) {
				const order = rep % 2 === 0 ? ['pack', 'http'] : ['http', 'pack'];
				for (const key of order) {
					const r = await measure(
						n8n,
						cookie,
						ids[key],
						key === 'pack' ? 'Asset Tracking' : 'Split Out',
					);
					r.load = load();
					runs[key].push(r);
					console.log(
						`  ${assets} assets  ${key === 'pack' ? 'Asset Tracking        ' : 'HTTP Request+Split Out'}  ${r.status}  ${r.wallMs} ms  RSS peak ${(r.peakRssBytes / 1e6).toFixed(0)} MB (+${(r.peakRssDeltaBytes / 1e6).toFixed(0)} MB) (load ${r.load})`,
					);
				}
			}
			const check = {
				pack: await itemsOut(n8n, cookie, runs.pack[0].executionId, 'Asset Tracking'),
				http: await itemsOut(n8n, cookie, runs.http[0].executionId, 'Split Out'),
			};
			if (check.pack !== assets || check.http !== assets)
				throw new Error(
					`items out: pack ${check.pack}, HTTP Request ${check.http}, expected ${assets}`,
				);
			const summary = (list) => ({
				wallMs: median(list.map((r) => r.wallMs)),
				peakRssBytes: median(list.map((r) => r.peakRssBytes)),
				peakRssDeltaBytes: median(list.map((r) => r.peakRssDeltaBytes)),
			});
			const pack = summary(runs.pack);
			const http = summary(runs.http);
			rows.push({
				assets,
				pack,
				http,
				timeRatio: Math.round((pack.wallMs / http.wallMs) * 100) / 100,
				memoryRatio: Math.round((pack.peakRssBytes / http.peakRssBytes) * 100) / 100,
				load: load(),
				runs,
			});
		}
		// RSS added per run swings with when n8n last collected garbage; the peak itself is steadier.
		console.log(
			'\n| assets | Asset Tracking (Return All) | HTTP Request + pagination + Split Out | time ratio | peak RSS of n8n | RSS ratio | RSS added (median) | load |',
		);
		console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
		for (const r of rows) {
			const mb = (b) => `${(b / 1e6).toFixed(0)} MB`;
			console.log(
				`| ${r.assets.toLocaleString('en-US')} | ${r.pack.wallMs} ms | ${r.http.wallMs} ms | ${r.timeRatio}× | ${mb(r.pack.peakRssBytes)} vs ${mb(r.http.peakRssBytes)} | ${r.memoryRatio}× | ${mb(r.pack.peakRssDeltaBytes)} vs ${mb(r.http.peakRssDeltaBytes)} | ${r.load} |`,
			);
		}
		const out = path.join(P.REPO_DIR, 'bench', 'results', 'n8n.json');
		fs.writeFileSync(
			out,
			`${JSON.stringify({ generatedAt: new Date().toISOString(), n8n: P.N8N_VERSION, machine: { cpu: os.cpus()[0].model.trim(), cores: os.cpus().length }, loadAverage: load(), reps: REPS, rows }, null, '\t')}\n`,
		);
		console.log(
			`\nwrote bench/results/n8n.json in ${((Date.now() - started) / 1000).toFixed(0)} s`,
		);
	} finally {
		await Promise.allSettled([n8n && n8n.stop(), sim && sim.stop()]);
		fs.rmSync(userFolder, { recursive: true, force: true });
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
