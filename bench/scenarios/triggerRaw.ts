/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// Scenario 3b, the trigger against a raw client doing exactly its work: after each poll the
// simulator's record of the poll's requests is replayed with undici (same URLs, order and
// concurrency, bodies parsed as JSON, same server state), once opening a connection per request
// (n8n 2.41's helpers do: see docs/benchmarks.md) and once reusing connections. Over HTTP, and
// for the smallest fleet over HTTPS too (a TLS front with a self-signed certificate made by
// openssl here), where every new connection costs a handshake.
import { execFileSync } from 'child_process';
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import type { PollComparison } from '../measure/trigger';
import type { BenchSettings } from '../lib/args';
import { runChild } from '../lib/child';
import { currentLoad } from '../lib/machine';
import { ratio, type ScenarioResult } from '../lib/results';

interface Figures {
	polls: PollComparison[];
}

/** A self-signed certificate for 127.0.0.1 (key and cert paths), in a fresh temporary folder. */
function selfSignedCertificate(): { dir: string; keyPath: string; certPath: string } {
	const dir = mkdtempSync(join(tmpdir(), 'bench-tls-'));
	const keyPath = join(dir, 'key.pem');
	const certPath = join(dir, 'cert.pem');
	execFileSync(
		'openssl',
		[
			'req',
			'-x509',
			'-newkey',
			'rsa:2048',
			'-nodes',
			'-keyout',
			keyPath,
			'-out',
			certPath,
			'-days',
			'1',
			'-subj',
			'/CN=127.0.0.1',
			'-addext',
			'subjectAltName=IP:127.0.0.1',
		],
		{ stdio: 'ignore' },
	);
	return { dir, keyPath, certPath };
}

const perRequest = (cpuMs: number, requests: number) =>
	Math.round((cpuMs / Math.max(1, requests)) * 1000) / 1000;

export async function triggerRaw(
	settings: BenchSettings,
	log: (line: string) => void,
): Promise<ScenarioResult[]> {
	const results: ScenarioResult[] = [];
	const concurrency = settings.concurrency[0];
	const latencyMs = settings.triggerLatencyMs;
	const cert = selfSignedCertificate();
	try {
		// Every asset with new readings each minute (HTTP, and HTTPS for the smallest fleet); then
		// the independent server's shape: a tenth of the assets report, the rest never did and the
		// asset list shows them with empty lists.
		const cases: Array<{ assets: number; tls: boolean; activeShare: number }> =
			settings.triggerAssets.map((assets) => ({ assets, tls: false, activeShare: 1 }));
		cases.push({ assets: Math.min(...settings.triggerAssets), tls: true, activeShare: 1 });
		for (const assets of settings.triggerAssets)
			cases.push({ assets, tls: false, activeShare: 0.1 });
		for (const { assets, tls, activeShare } of cases) {
			const load = currentLoad();
			const shape = activeShare < 1 ? 'reads' : 'raw';
			const active = Math.round(assets * activeShare);
			const args = {
				assets,
				latencyMs,
				concurrency,
				// Three steady polls at every size: the ratio is judged on their median.
				polls: 3,
				rate429: 0,
				activeShare,
				quiet: 'never' as const,
				replay: true,
				tls: tls ? { keyPath: cert.keyPath, certPath: cert.certPath } : undefined,
			};
			const figures = await runChild<Figures>(
				'trigger',
				args,
				1_800_000,
				tls ? { NODE_EXTRA_CA_CERTS: cert.certPath } : {},
			);
			const scheme = tls ? 'HTTPS' : 'HTTP';
			const reporting =
				activeShare < 1
					? `, ${active.toLocaleString('en-US')} reporting and the rest never (empty lists in the asset list)`
					: '';
			log(
				`  ${assets.toLocaleString('en-US')} assets over ${scheme}${reporting}, concurrency ${concurrency}, ${latencyMs} ms (load ${load} at start, ${currentLoad()} at end):`,
			);
			log(
				`    poll          requests  items read   trigger ms  raw(new conn) ms  ratio   raw(reuse) ms  ratio   CPU/request ms: trigger  raw new  raw reuse`,
			);
			figures.polls.forEach((poll, index) => {
				const rawNew = poll.rawNew!;
				const rawReuse = poll.rawReuse!;
				const id = `trigger-${shape}-${assets}-${scheme.toLowerCase()}-${poll.kind.replace(' ', '-')}${poll.kind === 'steady' ? `-${index - 1}` : ''}`;
				log(
					`    ${poll.kind.padEnd(12)} ${String(poll.requests).padStart(9)} ${String(rawNew.itemsRead).padStart(11)} ${poll.wallMs.toFixed(0).padStart(12)} ${rawNew.wallMs.toFixed(0).padStart(17)} ${ratio(poll.wallMs, rawNew.wallMs).toFixed(2).padStart(6)}× ${rawReuse.wallMs.toFixed(0).padStart(14)} ${ratio(poll.wallMs, rawReuse.wallMs).toFixed(2).padStart(6)}× ${perRequest(poll.cpuMs, poll.requests).toFixed(3).padStart(24)} ${perRequest(rawNew.cpuMs, rawNew.requests).toFixed(3).padStart(8)} ${perRequest(rawReuse.cpuMs, rawReuse.requests).toFixed(3).padStart(10)}`,
				);
				results.push({
					id,
					scenario: 'triggerRaw',
					title: `${poll.kind} poll of ${assets.toLocaleString('en-US')} assets over ${scheme}${reporting} vs raw undici making the same requests`,
					assets,
					activeAssets: active,
					readsWithoutReadings: poll.readsWithoutReadings,
					concurrency,
					latencyMs,
					tls,
					poll: poll.kind,
					requests: poll.requests,
					listRequests: poll.listRequests,
					reads: poll.reads,
					itemsRead: rawNew.itemsRead,
					wallMs: poll.wallMs,
					baselineWallMs: Math.round(rawNew.wallMs * 10) / 10,
					baseline: 'raw undici replaying the same requests, a new connection per request (as n8n)',
					ratio: ratio(poll.wallMs, rawNew.wallMs),
					ratioToReuse: ratio(poll.wallMs, rawReuse.wallMs),
					reuseWallMs: Math.round(rawReuse.wallMs * 10) / 10,
					clientCpuPerRequestMs: perRequest(poll.cpuMs, poll.requests),
					rawNewCpuPerRequestMs: perRequest(rawNew.cpuMs, rawNew.requests),
					rawReuseCpuPerRequestMs: perRequest(rawReuse.cpuMs, rawReuse.requests),
					rawReuseConnections: rawReuse.connections,
					loadAverage: load,
				});
			});
		}
	} finally {
		rmSync(cert.dir, { recursive: true, force: true });
	}
	return results;
}
