/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// Trigger: one steady-state poll of a workspace of labelled assets, through n8n-core's poller.
//
// The first poll of an activation only notes where each asset stands, so it is run first
// (timed apart). Before every later poll the simulator clock moves on one minute, which gives
// every active asset one new temperature reading; with `activeShare` below 1 the other labels
// went quiet at the start (no reading since), which the asset list shows, so only the active
// ones and the quiet ones whose late-window sweep falls due are read. The second poll is reported
// apart too: the trigger learns to trust the asset list there. The polls after it are the steady
// state, measured.
import '../../engine/env';
import { readFileSync, writeFileSync } from 'fs';
import { Session } from 'inspector';
import type { IDataObject } from 'n8n-workflow';

import { EngineHarness } from '../../engine/engine';
import { DEFAULT_START_TIME } from '../../simulator/types';
import { measurement } from '../lib/child';
import { median } from '../lib/probe';
import { fetchRawToken, replay, type RecordedRequest, type ReplayFigures } from '../lib/replay';
import { workspaceParam } from '../lib/sim';
import { RemoteSimulator } from '../sim/remote';

export interface TriggerArgs {
	assets: number;
	latencyMs: number;
	concurrency: number;
	polls: number;
	/** Share of API requests the simulator answers 429 (no Retry-After), 0 for none. */
	rate429: number;
	/** Share of the assets with new readings every minute; the rest are quiet. */
	activeShare: number;
	/**
	 * What the quiet assets are: 'silent' (a history, then nothing since the start of the run) or
	 * 'never' (no reading ever, shown by the asset list as empty lists, as an independent server
	 * does). Default 'silent'.
	 */
	quiet?: 'silent' | 'never';
	/**
	 * After each poll, replay exactly its requests with raw undici (same order and concurrency,
	 * same server state), once opening a connection per request and once reusing connections.
	 */
	replay?: boolean;
	/** Talk to the simulator over HTTPS (a TLS front with this self-signed certificate, trusted through NODE_EXTRA_CA_CERTS). */
	tls?: { keyPath: string; certPath: string };
	/** Write a V8 CPU profile of the steady polls alone (not start-up, not the first two) to this file. */
	cpuProfile?: string;
}

/** Starts V8's profiler in this process; the returned stop writes the profile to `file`. */
async function startProfile(file: string): Promise<() => Promise<void>> {
	const session = new Session();
	session.connect();
	const post = (method: string) =>
		new Promise<unknown>((resolve, reject) =>
			session.post(method, (error, result) => (error ? reject(error) : resolve(result))),
		);
	await post('Profiler.enable');
	await post('Profiler.start');
	return async () => {
		const { profile } = (await post('Profiler.stop')) as { profile: object };
		writeFileSync(file, JSON.stringify(profile));
		session.disconnect();
	};
}

export interface PollComparison {
	kind: 'activation' | 'second' | 'steady' | 'nothing new';
	wallMs: number;
	cpuMs: number;
	requests: number;
	listRequests: number;
	reads: number;
	emitted: number;
	/** Reads of assets that never had a reading (with quiet 'never' and the replay on). */
	readsWithoutReadings?: number;
	rawNew?: ReplayFigures;
	rawReuse?: ReplayFigures;
}

const MINUTE = 60_000;

measurement(
	async ({
		assets,
		latencyMs,
		concurrency,
		polls,
		rate429,
		activeShare,
		replay: compare,
		tls,
		cpuProfile,
		quiet = 'silent',
	}: TriggerArgs) => {
		// No seeded labelled assets, and a workspace of its own: the polled list holds exactly
		// `assets` labelled assets (the Demo Workspace also holds the seed's 30 unlabelled ones).
		const sim = await RemoteSimulator.start({
			clock: 'manual',
			labelledAssets: 0,
			recordExchanges: compare === true,
			emptyEmbeds: quiet === 'never' ? 'empty' : 'omit',
		});
		try {
			const workspaceId = (await sim.send({ op: 'addWorkspace', name: 'Fleet' })) as string;
			const active = Math.round(assets * activeShare);
			await sim.send({ op: 'addLabelledAssets', workspaceId, count: active });
			let withoutReadings = new Set<string>();
			if (active < assets) {
				// Quiet labels: their history, then nothing from the start of the run (the manual
				// clock's start) on; or labels that never reported.
				const silentFrom = quiet === 'never' ? 0 : DEFAULT_START_TIME;
				const ids = (await sim.send({
					op: 'addLabelledAssets',
					workspaceId,
					count: assets - active,
					silentFrom,
				})) as string[];
				if (quiet === 'never') withoutReadings = new Set(ids);
			}
			await sim.send({ op: 'latency', ms: latencyMs });
			let endpoint = sim.endpoint;
			const ca = tls ? readFileSync(tls.certPath) : undefined;
			if (tls) {
				const origin = (await sim.send({ op: 'tls', ...tls })) as string;
				const plain = new URL(sim.endpoint.baseUrl).origin;
				endpoint = {
					...endpoint,
					baseUrl: endpoint.baseUrl.replace(plain, origin),
					authUrl: origin,
					tokenUrl: endpoint.tokenUrl.replace(plain, origin),
				};
			}
			const origin = new URL(endpoint.baseUrl).origin;
			const rawToken = compare
				? await fetchRawToken(
						sim.endpoint.tokenUrl,
						sim.endpoint.clientId,
						sim.endpoint.clientSecret,
					)
				: '';
			const n8n = new EngineHarness(endpoint);
			const parameters = {
				event: 'temperature',
				scope: 'workspace',
				workspaceId: workspaceParam(workspaceId),
				// Retries stay on (the defaults: 4 retries, 500 ms base delay); 429s are handled.
				options: { concurrency },
			};
			const staticData: IDataObject = {};
			const poll = async () => {
				await sim.send({ op: 'resetStats' });
				const simCpuBefore = (await sim.stats()).cpuMs;
				const cpuBefore = process.cpuUsage();
				const started = performance.now();
				const emitted = await n8n.poll(parameters, staticData);
				const wallMs = performance.now() - started;
				const cpu = process.cpuUsage(cpuBefore);
				const { requests, tokenRequests, cpuMs: simCpuAfter, byOperation } = await sim.stats();
				const listRequests = byOperation['GET /workspaces/{workspaceId}/assets'] ?? 0;
				const reads =
					(byOperation['GET /assets/{assetId}/temperatures'] ?? 0) +
					(byOperation['GET /assets/{assetId}/locations'] ?? 0);
				// CPU time of the client (n8n + the trigger) and of the simulator: on 2 cores a poll
				// cannot be faster than the busier of the two, whatever the latency bound says.
				const cpuMs = (cpu.user + cpu.system) / 1000;
				let rawNew: ReplayFigures | undefined;
				let rawReuse: ReplayFigures | undefined;
				let readsWithoutReadings: number | undefined;
				if (compare) {
					// The same requests against the same state: the clock moves only before the next poll.
					const recorded = (await sim.send({ op: 'takeRequests' })) as RecordedRequest[];
					readsWithoutReadings = recorded.filter((r) => {
						const id = /\/assets\/([^/?]+)\/(temperatures|locations)/.exec(r.url)?.[1];
						return id !== undefined && withoutReadings.has(decodeURIComponent(id));
					}).length;
					rawNew = await replay(origin, recorded, rawToken, concurrency, 'new', ca);
					rawReuse = await replay(origin, recorded, rawToken, concurrency, 'reuse', ca);
				}
				return {
					wallMs,
					requests,
					listRequests,
					reads,
					tokenRequests,
					emitted: emitted?.length ?? 0,
					cpuMs,
					simCpuMs: simCpuAfter - simCpuBefore,
					readsWithoutReadings,
					rawNew,
					rawReuse,
				};
			};
			const first = await poll();
			await sim.send({ op: 'advance', ms: MINUTE });
			const second = await poll();
			if (rate429 > 0) await sim.send({ op: 'faults', config: { rate: rate429, kinds: ['429'] } });
			const steady: Awaited<ReturnType<typeof poll>>[] = [];
			const stopProfile = cpuProfile ? await startProfile(cpuProfile) : undefined;
			for (let i = 0; i < polls; i++) {
				await sim.send({ op: 'advance', ms: MINUTE });
				steady.push(await poll());
			}
			await stopProfile?.();
			const round = (ms: number) => Math.round(ms * 10) / 10;
			// With the clock where it is, nothing is new: the poll that runs most often on a quiet fleet.
			const nothingNew = compare ? await poll() : undefined;
			const comparison = (
				p: (typeof steady)[number],
				kind: PollComparison['kind'],
			): PollComparison => ({
				kind,
				wallMs: round(p.wallMs),
				cpuMs: round(p.cpuMs),
				requests: p.requests,
				listRequests: p.listRequests,
				reads: p.reads,
				emitted: p.emitted,
				readsWithoutReadings: p.readsWithoutReadings,
				rawNew: p.rawNew,
				rawReuse: p.rawReuse,
			});
			return {
				wallMs: round(median(steady.map((p) => p.wallMs))),
				wallsMs: steady.map((p) => round(p.wallMs)),
				requests: median(steady.map((p) => p.requests)),
				listRequests: median(steady.map((p) => p.listRequests)),
				reads: median(steady.map((p) => p.reads)),
				requestsPerPoll: steady.map((p) => p.requests),
				cpuMs: round(median(steady.map((p) => p.cpuMs))),
				simCpuMs: round(median(steady.map((p) => p.simCpuMs))),
				tokenRequests: steady.reduce((sum, p) => sum + p.tokenRequests, 0),
				emitted: steady.map((p) => p.emitted),
				firstPoll: {
					wallMs: round(first.wallMs),
					requests: first.requests,
					emitted: first.emitted,
				},
				secondPoll: {
					wallMs: round(second.wallMs),
					requests: second.requests,
					emitted: second.emitted,
				},
				staticDataBytes: JSON.stringify(staticData).length,
				// Every poll with its raw replays (activation, second, then the steady ones).
				polls: compare
					? [
							comparison(first, 'activation'),
							comparison(second, 'second'),
							...steady.map((p) => comparison(p, 'steady')),
							comparison(nothingNew!, 'nothing new'),
						]
					: undefined,
			};
		} finally {
			await sim.stop();
		}
	},
);
