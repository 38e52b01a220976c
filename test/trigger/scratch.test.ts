import { EngineHarness } from '../harness/engine';
import { Simulator } from '../simulator';

it('measures', async () => {
	const sim = new Simulator({ clock: 'manual', labelledAssets: 200, recordExchanges: false, historyMinutes: 10 });
	await sim.start();
	const h = new EngineHarness(sim);
	const params = { event: process.env.EV ?? 'both', scope: 'workspace', workspaceId: { mode: 'id', value: sim.seed.workspaceId }, options: { concurrency: 10 } };
	const sd: any = {};
	await h.poll(params, sd);
	sim.clock.advance(30_000);
	await h.poll(params, sd);
	for (let i = 0; i < 30; i++) {
		const r0 = sim.stats.requests; const b0 = { ...sim.stats.byOperation };
		const t = Date.now();
		sim.clock.advance(3_000);
		const r = await h.poll(params, sd);
		console.log(i, Date.now() - t, 'ms', sim.stats.requests - r0, 'req', r?.length ?? 0, 'items', JSON.stringify(Object.fromEntries(Object.entries(sim.stats.byOperation).map(([k, v]) => [k.slice(-14), v - (b0[k] ?? 0)]))));
	}
	await sim.stop();
});
