import type { INodeParameters } from 'n8n-workflow';

import { EngineHarness, type NodeRun, type RunOptions } from '../../../engine/engine';
import { AdversarialServer } from './server';

export const WORKSPACE = '6f1c2a3e-0000-4000-8000-00000000000a';
export const byId = (value: string | number) => ({ __rl: true as const, mode: 'id', value });

/** The requests the cases send, as node parameters. */
export const listWorkspaces = (options = fast()) => ({
	resource: 'workspace',
	operation: 'getMany',
	returnAll: true,
	options,
});
export const getAsset = (assetId: string | number, options = fast()) => ({
	resource: 'asset',
	operation: 'get',
	assetId: byId(assetId),
	options,
});
export const createAsset = (options = fast()) => ({
	resource: 'asset',
	operation: 'create',
	workspaceId: byId(WORKSPACE),
	name: 'Pallet 1',
	options,
});
export const linkLabel = (options = fast()) => ({
	resource: 'asset',
	operation: 'linkLabel',
	assetId: byId('A-1'),
	nfcId: 'NFC1',
	options,
});
export const asset = { id: 'A-1', name: 'Pallet 1', workspaceId: WORKSPACE };

/** Sentences n8n puts in place of a message it thinks it can explain better. */
const STOCK_TEXTS = [
	'The connection to the server was closed unexpectedly',
	'The file or directory does not exist',
	'The service was not able to process your request',
	'The resource you are requesting could not be found',
	'Your request is invalid or could not be processed',
	'Bad request - please check your parameters',
	'Authorization failed',
	'The connection timed out',
	'The service refused the connection',
	'UNKNOWN ERROR',
];

export interface Adversary {
	server: AdversarialServer;
	n8n: EngineHarness;
	run(parameters: INodeParameters, options?: RunOptions): Promise<NodeRun>;
}

/** One adversarial server per test file, and a harness whose credential points at it. */
export function useAdversary(credentialId: string): Adversary {
	const fixture = {} as Adversary;
	beforeAll(async () => {
		fixture.server = await new AdversarialServer().start();
		fixture.n8n = new EngineHarness(fixture.server.endpoint, credentialId);
		fixture.run = (parameters, options) =>
			fixture.n8n.runNode(parameters, { credentialId, ...options });
	});
	beforeEach(() => {
		// Every test starts without a stored token, so token requests can be counted from zero,
		// and under a path of its own, so nothing an earlier test still sends is counted.
		fixture.server.nextGeneration();
		fixture.n8n.addCredential(credentialId, fixture.server.endpoint);
	});
	afterAll(async () => fixture.server.stop());
	return fixture;
}

/** Fast retries for the tests; the counts and the policy are the defaults'. */
export const fast = (extra: INodeParameters = {}): INodeParameters => ({
	retryBaseDelay: 1,
	...extra,
});

/**
 * The user-facing error says which request failed and carries the request-id of the last
 * attempt, whatever words the cause contained, and no stock text replaced it.
 */
export function expectOurMessage(
	run: NodeRun,
	method: string,
	path: string,
	server: AdversarialServer,
) {
	expect(run.error).toBeDefined();
	const error = run.error!;
	// A 404 of one object says what was not found; its request's line opens the description.
	const line = /^The [a-z ]+ \S+ was not found$/.test(error.message)
		? String(error.description).split('. Check the ')[0]
		: error.message;
	expect(line).toMatch(new RegExp(`^Asset Tracking ${method} ${escape(path)} failed: `));
	const requestId = /\[request-id ([0-9a-f-]{36})\]$/.exec(line)?.[1];
	expect(requestId).toBeDefined();
	const ids = server.received.map((r) => r.requestId);
	if (ids.length > 0) expect(ids).toContain(requestId);
	for (const stock of STOCK_TEXTS) {
		expect(error.message).not.toContain(stock);
		expect(String(error.description ?? '')).not.toContain(stock);
	}
	return error;
}

/** Every attempt carried its own request-id. */
export function expectFreshRequestIds(server: AdversarialServer) {
	const ids = server.received.map((r) => r.requestId);
	expect(ids.every((id) => typeof id === 'string' && id.length === 36)).toBe(true);
	expect(new Set(ids).size).toBe(ids.length);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
