/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// Where a routed Get's CPU goes beyond the router's: 300 Gets of an asset, in one process, each
// case in turn per round (so load from other work falls on all of them alike), CPU per item the
// median of the rounds. The cases differ in one thing each:
//   - the description RoutingNode walks: version 4's as loaded, or only the properties that show
//     for Asset → Get (what no description of the pack can be while the editor shows the same);
//   - the asset ID: an expression (`{{ $json.assetId }}`, as the gets bench) or a literal.
//
//   TS_NODE_PREFER_TS_EXTS=true node -r ts-node/register/transpile-only --expose-gc bench/routingCost.ts [rounds]
import '../engine/env';
import { loadavg } from 'os';
import { NodeHelpers } from 'n8n-workflow';
import type { INode, INodeParameters, INodeProperties, INodeType } from 'n8n-workflow';

import { EngineHarness } from '../engine/engine';
import { nodeTypes, registerNodeType } from '../engine/nodeTypes';
import { router } from '../nodes/AssetTracking/actions/router';
import { median } from './lib/probe';
import { simWithAssets } from './lib/sim';

const ITEMS = 300;
const VERSION = 4;

const loaded = nodeTypes.getByNameAndVersion(
	'n8n-nodes-asset-tracking.assetTracking',
	VERSION,
) as INodeType;
const get = { resource: 'asset', operation: 'get' };
const shownForGet = (property: INodeProperties) =>
	NodeHelpers.displayParameter(
		get,
		property,
		{ typeVersion: VERSION } as INode,
		loaded.description,
	);
const getAlone = loaded.description.properties.filter(shownForGet);
registerNodeType('bench.getAlone', {
	description: { ...loaded.description, properties: getAlone },
	methods: loaded.methods,
	customOperations: loaded.customOperations,
});
registerNodeType('bench.router', {
	description: loaded.description,
	methods: loaded.methods,
	execute: router,
});

const CASES = {
	routed: undefined,
	getAlone: 'bench.getAlone',
	router: 'bench.router',
};

async function main() {
	const rounds = Number(process.argv[2] ?? 8);
	const sim = await simWithAssets(30, 0);
	try {
		const n8n = new EngineHarness(sim.endpoint, 'routingCost');
		const { assetIds } = sim.endpoint.seed;
		const input = Array.from({ length: ITEMS }, (_, i) => ({
			assetId: assetIds[i % assetIds.length],
		}));
		const assetId = {
			expression: '={{ $json.assetId }}',
			literal: assetIds[0],
		};
		const perItem = new Map<string, number[]>();
		// Round -1 warms every case up and is not counted.
		for (let round = -1; round < rounds; round++) {
			for (const [name, nodeType] of Object.entries(CASES)) {
				for (const [kind, value] of Object.entries(assetId)) {
					const parameters: INodeParameters = {
						...get,
						assetId: { __rl: true, mode: 'id', value },
					};
					global.gc?.();
					const started = process.cpuUsage();
					const run = await n8n.runNode(parameters, {
						credentialId: 'routingCost',
						typeVersion: VERSION,
						input,
						...(nodeType ? { nodeType } : {}),
					});
					const cpu = process.cpuUsage(started);
					if (run.error) throw new Error(run.error.message);
					if (round < 0) continue;
					const key = `${name} ${kind}`;
					perItem.set(key, [...(perItem.get(key) ?? []), (cpu.user + cpu.system) / 1000 / ITEMS]);
				}
			}
		}
		const at = (key: string) => median(perItem.get(key)!);
		const row = (label: string, value: number) =>
			console.log(`  ${label.padEnd(72)} ${value.toFixed(3)} ms`);
		console.log(`CPU per item, median of ${rounds} rounds (load ${loadavg()[0].toFixed(2)}):`);
		for (const key of perItem.keys()) row(key, at(key));
		const others = loaded.description.properties.length - getAlone.length;
		const evaluation = at('router expression') - at('router literal');
		console.log('split of the routed Get (asset ID an expression):');
		row('the router (one evaluation of the expression included)', at('router expression'));
		row(
			`RoutingNode's item set-up and walk of Get's ${getAlone.length} properties, the hooks`,
			at('getAlone literal') - at('router literal'),
		);
		row(
			`the other ${others} properties of version ${VERSION}'s description (${((1000 * (at('routed literal') - at('getAlone literal'))) / others).toFixed(1)} µs each)`,
			at('routed literal') - at('getAlone literal'),
		);
		row(
			"the walks' evaluations of the expression (one per property named assetId, twice)",
			at('routed expression') - at('routed literal') - evaluation,
		);
		row('= routed', at('routed expression'));
		console.log(
			`ratio routed / router ${(at('routed expression') / at('router expression')).toFixed(2)}×; Get's properties alone ${(at('getAlone expression') / at('router expression')).toFixed(2)}×`,
		);
	} finally {
		await sim.stop();
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
