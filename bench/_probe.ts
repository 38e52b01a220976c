import '../test/harness/env';
import { EngineHarness } from '../test/harness/engine';
import { Simulator } from '../test/simulator';
async function main() {
  const sim = new Simulator({ recordExchanges: false });
  await sim.start();
  const n = Number(process.argv[2] ?? 100000);
  sim.addAssets(sim.seed.workspaceId, n - sim.seed.assetIds.length);
  const h = new EngineHarness(sim);
  const ws = { __rl: true, mode: 'id', value: sim.seed.workspaceId };
  await h.runNode({ resource: 'asset', operation: 'getMany', workspaceId: ws, limit: 5 });
  sim.resetStats();
  const rss0 = process.memoryUsage().rss;
  const t0 = performance.now();
  const r = await h.runNode({ resource: 'asset', operation: 'getMany', workspaceId: ws, returnAll: true });
  const ms = performance.now() - t0;
  console.log({ n: r.items.length, ms, err: r.error?.message, stats: sim.stats, rss0: rss0/1e6, maxrss: process.resourceUsage().maxRSS/1e3, json: JSON.stringify(r.items.map(i=>i.json)).length/1e6, sample: r.items[1]?.json });
  await sim.stop();
}
main();
