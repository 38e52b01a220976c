/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// `npm run simulator`: the simulator on a fixed port with the real clock, until Ctrl-C.
// PORT overrides the default 5679; SEED picks another seeded data set.
import { Simulator } from './index';

async function main(): Promise<void> {
	const port = Number(process.env.PORT ?? 5679);
	const sim = new Simulator({ port, clock: 'real', seed: Number(process.env.SEED ?? 1) });
	await sim.start();
	// Consignments, printers and asset groups that change over the next hours.
	sim.scheduleDemo();
	console.log('Asset Tracking Service simulator');
	console.log(`  Base URL:        ${sim.baseUrl}`);
	console.log(`  Token URL:       ${sim.tokenUrl}?grant_type=client_credentials`);
	console.log(`  Client ID:       ${sim.clientId}`);
	console.log(`  Client secret:   ${sim.clientSecret}`);
	console.log(`  Workspace ID:    ${sim.seed.workspaceId}`);
	console.log('Press Ctrl-C to stop.');
	const shutdown = () => {
		sim.stop().then(
			() => process.exit(0),
			() => process.exit(1),
		);
	};
	process.once('SIGINT', shutdown);
	process.once('SIGTERM', shutdown);
}

main().catch((err) => {
	console.error(err);
	process.exit(1);
});
