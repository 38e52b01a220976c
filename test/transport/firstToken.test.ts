/* eslint-disable @n8n/community-nodes/node-usable-as-tool -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
import { NodeConnectionTypes } from 'n8n-workflow';
import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

import { useSimulator } from '../harness/fixtures';
import { registerNodeType } from '../../engine/nodeTypes';

/**
 * The first token of a cold credential: n8n fetches it inside the request helper with no lock,
 * so concurrent executions of one process would each fetch their own. The transport lets one
 * go first per credential id and the others use the token n8n stored.
 */

/** Calls n8n's request helper directly, as a node without the transport would. */
class BareRequestNode implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Bare Request',
		name: 'bareRequest',
		group: ['transform'],
		version: 1,
		description: 'One GET /workspaces straight through n8n',
		defaults: { name: 'Bare Request' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'assetTrackingOAuth2Api', required: true }],
		properties: [],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const credentials = await this.getCredentials<{ baseUrl: string }>('assetTrackingOAuth2Api');
		const body = await this.helpers.httpRequestWithAuthentication.call(
			this,
			'assetTrackingOAuth2Api',
			{
				method: 'GET',
				url: `${credentials.baseUrl}/workspaces`,
			},
		);
		return [[{ json: { body }, pairedItem: { item: 0 } }]];
	}
}
registerNodeType('test.bareRequest', new BareRequestNode());

describe('first token of a cold credential: one fetch per process', () => {
	const t = useSimulator({ recordExchanges: true });
	let credential = 0;

	/** A credential that has never held a token, pointing at the simulator. */
	function coldCredential(): string {
		const id = `cold-${++credential}`;
		t.n8n.addCredential(id, t.sim);
		return id;
	}

	const listWorkspaces = (credentialId: string) =>
		t.n8n.runNode(
			{ resource: 'workspace', operation: 'getMany', returnAll: true },
			{ credentialId },
		);

	beforeEach(() => {
		t.sim.tokens.expireAll();
		t.sim.resetStats();
		t.sim.tokenLatencyMs = 0;
		t.sim.faults.clear();
	});

	it('without the transport, concurrent executions with a cold credential each fetch a token (the stampede)', async () => {
		t.sim.tokenLatencyMs = 1000;
		const credentialId = coldCredential();
		const runs = await Promise.all(
			Array.from({ length: 10 }, () =>
				t.n8n.runNode({}, { nodeType: 'test.bareRequest', credentialId }),
			),
		);
		for (const run of runs) expect(run.error).toBeUndefined();
		// 10 when all start within the token endpoint's second (as they do); never just one.
		expect(t.sim.stats.tokenRequests).toBeGreaterThanOrEqual(5);
	});

	it('50 concurrent executions, a cold credential and a 1 s token endpoint: 1 token request, every request signed with it', async () => {
		t.sim.tokenLatencyMs = 1000;
		const credentialId = coldCredential();
		const runs = await Promise.all(Array.from({ length: 50 }, () => listWorkspaces(credentialId)));
		for (const run of runs) {
			expect(run.error).toBeUndefined();
			expect(run.items.some((item) => item.json.id === t.sim.seed.workspaceId)).toBe(true);
		}
		expect(t.sim.stats.tokenRequests).toBe(1);
		expect(t.n8n.credentials.tokenWrites).toBeGreaterThanOrEqual(1);
		// n8n stored the token in the credential record, and every API request carried it.
		const stored = t.n8n.credentials.stored(credentialId)!.oauthTokenData as {
			access_token: string;
		};
		const api = t.sim.log.filter((e) => e.operation !== 'POST /oauth2/token');
		expect(api).toHaveLength(50);
		for (const exchange of api)
			expect(exchange.headers.authorization).toBe(`Bearer ${stored.access_token}`);
	});

	it('a first fetch that fails is not repeated by every waiter: 2 token requests, every execution ok', async () => {
		t.sim.tokenLatencyMs = 200;
		t.sim.faults.queue({ status: 503, match: { token: true } });
		const credentialId = coldCredential();
		const runs = await Promise.all(Array.from({ length: 10 }, () => listWorkspaces(credentialId)));
		// The GET whose token request got the 503 is retried (a GET may be); the waiters then find the token.
		for (const run of runs) expect(run.error).toBeUndefined();
		expect(
			t.sim.log.filter((e) => e.operation === 'POST /oauth2/token').map((e) => e.status),
		).toEqual([503, 200]);
	});

	it('a warm credential fetches nothing, and each cold credential has a first fetch of its own', async () => {
		const warm = coldCredential();
		expect((await listWorkspaces(warm)).error).toBeUndefined();
		t.sim.resetStats();
		t.sim.tokenLatencyMs = 500;
		const others = [coldCredential(), coldCredential()];
		const runs = await Promise.all([
			...Array.from({ length: 5 }, () => listWorkspaces(warm)),
			...others.flatMap((id) => Array.from({ length: 5 }, () => listWorkspaces(id))),
		]);
		for (const run of runs) expect(run.error).toBeUndefined();
		expect(t.sim.stats.tokenRequests).toBe(2);
		for (const id of others) expect(t.n8n.credentials.stored(id)!.oauthTokenData).toBeDefined();
	});
});
