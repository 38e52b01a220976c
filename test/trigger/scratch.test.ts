import { runScenario } from './scenarios';
it('x', async () => {
	const r = await runScenario({ order: (process.env.ORD as any) ?? 'newestFirst', polls: 500, assets: 200, stepMs: 2000, faultRate: 0, restartAt: [] });
	console.log(JSON.stringify(r));
}, 600000);
