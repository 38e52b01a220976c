import '../test/harness/env';
import { NodeConnectionTypes } from 'n8n-workflow';
import type { IExecuteFunctions, INodeType } from 'n8n-workflow';
import { EngineHarness } from '../test/harness/engine';
import { registerNodeType } from '../test/harness/nodeTypes';
import { simWithAssets } from './lib/sim';
import { request } from 'undici';

let pageMs: number[] = [];
class Probe implements INodeType {
  description = { displayName: 'P', name: 'p', group: ['transform'] as Array<'transform'>, version: 1, description: '', defaults: { name: 'P' }, inputs: [NodeConnectionTypes.Main], outputs: [NodeConnectionTypes.Main], credentials: [{ name: 'assetTrackingOAuth2Api', required: true }], properties: [{ displayName: 'Mode', name: 'mode', type: 'string' as const, default: '' }] };
  async execute(this: IExecuteFunctions) {
    const mode = this.getNodeParameter('mode', 0) as string;
    const creds = await this.getCredentials<{ baseUrl: string }>('assetTrackingOAuth2Api');
    const url = `${creds.baseUrl}/workspaces/${process.env.WS}/assets`;
    let nextToken: string | undefined; let n = 0;
    do {
      const t0 = performance.now();
      const res = (await this.helpers.httpRequestWithAuthentication.call(this, 'assetTrackingOAuth2Api', {
        method: 'GET', url, qs: nextToken ? { limit: '10000', nextToken } : { limit: '10000' }, headers: { accept: 'application/json' },
        returnFullResponse: true, json: mode === 'json', encoding: mode === 'json' ? undefined : 'text',
      } as never)) as { body: unknown };
      const t1 = performance.now();
      const body = (typeof res.body === 'string' ? JSON.parse(res.body) : res.body) as { items: unknown[]; nextToken?: string };
      pageMs.push(t1 - t0, performance.now() - t1);
      n += body.items.length; nextToken = body.nextToken;
    } while (nextToken);
    return [[{ json: { n } }]];
  }
}
registerNodeType('bench.probe', new Probe());

async function main() {
  const sim = await simWithAssets(100000, 0);
  process.env.WS = sim.endpoint.seed.workspaceId;
  const h = new EngineHarness(sim.endpoint);
  const ws = { __rl: true, mode: 'id', value: sim.endpoint.seed.workspaceId };
  await h.runNode({ resource: 'asset', operation: 'getMany', workspaceId: ws, limit: 5 });
  const { tokenUrl } = sim.endpoint;
  const token = (h.credentials.stored('cred-1')!.oauthTokenData as { access_token: string }).access_token; void tokenUrl;
  const und = async () => { let nt: string | undefined; let tot = 0; const pm: number[] = []; do { const t0 = performance.now(); const r = await request(`${sim.endpoint.baseUrl}/workspaces/${process.env.WS}/assets?limit=10000${nt ? '&nextToken=' + encodeURIComponent(nt) : ''}`, { headers: { authorization: `Bearer ${token}` } }); const txt = await r.body.text(); const t1 = performance.now(); const b = JSON.parse(txt); pm.push(t1 - t0, performance.now() - t1); tot += b.items.length; nt = b.nextToken; } while (nt); return pm; };
  for (let rep = 0; rep < 6; rep++) {
    let t = performance.now(); const pm = await und(); const u = performance.now() - t;
    t = performance.now(); pageMs = []; await h.runNode({ mode: 'text' }, { nodeType: 'bench.probe' }); const p = performance.now() - t; const ppm = pageMs;
    t = performance.now(); pageMs = []; await h.runNode({ mode: 'json' }, { nodeType: 'bench.probe' }); const pj = performance.now() - t; const pjm = pageMs;
    t = performance.now(); const r = await h.runNode({ resource: 'asset', operation: 'getMany', workspaceId: ws, returnAll: true }); const full = performance.now() - t;
    const et = r.run.data.resultData.runData['Asset Tracking'][0].executionTime;
    const sum = (a: number[], o: number) => a.filter((_, i) => i % 2 === o).reduce((x, y) => x + y, 0).toFixed(0);
    console.log(`undici ${u.toFixed(0)} (fetch ${sum(pm,0)} parse ${sum(pm,1)}) | helper text ${p.toFixed(0)} (fetch ${sum(ppm,0)} parse ${sum(ppm,1)}) | helper json ${pj.toFixed(0)} (fetch ${sum(pjm,0)} parse ${sum(pjm,1)}) | node ${full.toFixed(0)} exec ${et}`);
  }
  await sim.stop();
}
main();
