/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
/**
 * `npm run demo`: starts the embedded simulator, then runs a small workflow through n8n's real
 * engine with the Asset Tracking node and prints what each step returned. No account needed.
 */
import '../engine/env'; // n8n's user folder in a temp dir, quiet logs
import { EngineHarness } from '../engine/engine';
import { Simulator } from '../simulator';

async function main() {
	const sim = new Simulator();
	await sim.start();
	const n8n = new EngineHarness(sim);
	const workspaceId = { __rl: true, mode: 'id', value: sim.seed.workspaceId };
	try {
		console.log(`Simulator: ${sim.baseUrl} (token endpoint ${sim.authUrl}/oauth2/token)\n`);

		const workspaces = await n8n.runNode({
			resource: 'workspace',
			operation: 'getMany',
			returnAll: true,
		});
		show(
			'Workspace > Get Many',
			workspaces.items.map((i) => i.json),
		);

		const assets = await n8n.runNode({
			resource: 'asset',
			operation: 'getMany',
			workspaceId,
			limit: 5,
		});
		show(
			'Asset > Get Many (Limit 5)',
			assets.items.map((i) => ({ id: i.json.id, name: i.json.name })),
		);

		const created = await n8n.runNode(
			{ resource: 'asset', operation: 'create', workspaceId, name: '={{ $json.name }}' },
			{ input: [{ name: 'Demo pallet 1' }, { name: 'Demo pallet 2' }, { name: 'Demo pallet 3' }] },
		);
		show(
			'Asset > Create (3 items, one request)',
			created.items.map((i) => i.json),
		);
		console.log(
			`Requests to the service: ${sim.stats.requests}, token requests: ${sim.stats.tokenRequests}`,
		);
	} finally {
		await sim.stop();
	}
}

function show(title: string, rows: unknown[]) {
	console.log(`== ${title}: ${rows.length} item(s)`);
	for (const row of rows) console.log(`   ${JSON.stringify(row)}`);
	console.log('');
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
