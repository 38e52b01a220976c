/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// Where a measurement's CPU time goes: self time of a V8 CPU profile grouped by who spent it
// (the pack, axios, n8n, Node's own http/net, GC), per request when the request count is given.
//
//   node -r ts-node/register/transpile-only --cpu-prof --cpu-prof-dir=/tmp/prof bench/measure/trigger.ts '{"assets":1000,...}'
//   npx ts-node --transpile-only bench/profile.ts /tmp/prof/*.cpuprofile 5005
import { readFileSync } from 'fs';

interface ProfileNode {
	id: number;
	callFrame: { functionName: string; url: string; lineNumber: number };
	children?: number[];
}
interface Profile {
	nodes: ProfileNode[];
	samples: number[];
	timeDeltas: number[];
}

function category(node: ProfileNode): string {
	const { url, functionName } = node.callFrame;
	if (functionName === '(garbage collector)') return 'GC';
	if (functionName === '(idle)' || functionName === '(program)') return functionName;
	if (url.includes('/nodes/AssetTracking/transport/')) return 'the pack: transport';
	if (url.includes('/nodes/AssetTracking/trigger/')) return 'the pack: trigger';
	if (url.includes('/nodes/AssetTracking/')) return 'the pack: other';
	if (url.includes('/axios/')) return 'axios';
	if (url.includes('follow-redirects') || url.includes('proxy-from-env'))
		return 'axios deps (follow-redirects, proxy-from-env)';
	if (url.includes('backend-network')) return "n8n's backend-network";
	if (url.includes('n8n-core')) return 'n8n-core';
	if (url.includes('n8n-workflow')) return 'n8n-workflow';
	if (['/engine/', '/simulator/', '/bench/'].some((dir) => url.includes(dir)))
		return 'bench harness';
	if (url.includes('ts-node') || url.includes('typescript')) return 'ts-node (start-up)';
	if (url.includes('node_modules')) return 'other node_modules';
	if (url.startsWith('node:') || url === '')
		return "Node's own (http, net, streams, timers, native)";
	return 'other';
}

function main() {
	const [file, requestsArg] = process.argv.slice(2);
	const requests = Number(requestsArg ?? 0);
	const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
	const byId = new Map(profile.nodes.map((n) => [n.id, n]));
	const self = new Map<number, number>();
	profile.samples.forEach((id, i) =>
		self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
	);
	const categories = new Map<string, number>();
	const functions = new Map<string, number>();
	for (const [id, micros] of self) {
		const node = byId.get(id)!;
		const name = category(node);
		categories.set(name, (categories.get(name) ?? 0) + micros);
		const { functionName, url, lineNumber } = node.callFrame;
		const key = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
		functions.set(key, (functions.get(key) ?? 0) + micros);
	}
	const idle = categories.get('(idle)') ?? 0;
	const busy = [...self.values()].reduce((a, b) => a + b, 0) - idle;
	const ms = (micros: number) => (micros / 1000).toFixed(0).padStart(7);
	const perRequest = (micros: number) =>
		requests ? `  ${(micros / 1000 / requests).toFixed(3)} ms/request` : '';
	console.log(`busy ${ms(busy)} ms${perRequest(busy)}`);
	for (const [name, micros] of [...categories].sort((a, b) => b[1] - a[1])) {
		if (name === '(idle)') continue;
		console.log(
			`  ${name.padEnd(48)} ${ms(micros)} ms ${((100 * micros) / busy).toFixed(1).padStart(5)}%${perRequest(micros)}`,
		);
	}
	console.log('top functions (self time):');
	for (const [key, micros] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
		if (key.startsWith('(idle)')) continue;
		console.log(`  ${ms(micros)} ms  ${key}`);
	}
}

main();
