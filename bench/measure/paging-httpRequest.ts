// Paging, what a user would build without this pack: n8n's HTTP Request node with its own
// pagination (nextToken from the last response), then Split Out to get one item per asset.
import '../../engine/env';
import type { INodeParameters } from 'n8n-workflow';

import { EngineHarness } from '../../engine/engine';
import { measurement } from '../lib/child';
import { HTTP_REQUEST, loadBaseNodes, SPLIT_OUT } from '../lib/n8nNodesBase';
import { measureRuns } from '../lib/probe';
import { counters, simWithAssets } from '../lib/sim';
import { runChain } from '../lib/workflow';
import type { PagingArgs } from './paging-node';

const CREDENTIAL_ID = 'generic-oauth2';

/** The HTTP Request node's parameters: GET the list, with pagination when `paged`. */
function httpParameters(url: string, limit: number, paged: boolean): INodeParameters {
	return {
		method: 'GET',
		url,
		authentication: 'genericCredentialType',
		genericAuthType: 'oAuth2Api',
		sendQuery: true,
		queryParameters: { parameters: [{ name: 'limit', value: String(limit) }] },
		options: paged
			? {
					pagination: {
						pagination: {
							paginationMode: 'updateAParameterInEachRequest',
							parameters: {
								parameters: [
									{ type: 'qs', name: 'nextToken', value: '={{ $response.body.nextToken }}' },
								],
							},
							paginationCompleteWhen: 'other',
							completeExpression: '={{ !$response.body.nextToken }}',
						},
					},
				}
			: {},
	};
}

measurement(async ({ assets, latencyMs, reps }: PagingArgs) => {
	const loaded = loadBaseNodes();
	const sim = await simWithAssets(assets, latencyMs);
	try {
		const { baseUrl, tokenUrl, clientId, clientSecret, seed } = sim.endpoint;
		const n8n = new EngineHarness(sim.endpoint);
		// n8n's generic OAuth2 credential, client credentials grant: n8n fetches and stores the token.
		n8n.credentials.setCredential(CREDENTIAL_ID, 'oAuth2Api', {
			grantType: 'clientCredentials',
			accessTokenUrl: `${tokenUrl}?grant_type=client_credentials`,
			clientId,
			clientSecret,
			scope: '',
			authentication: 'header',
		});
		const url = `${baseUrl}/workspaces/${seed.workspaceId}/assets`;
		const chain = (limit: number, paged: boolean) => [
			{ name: 'Start', type: 'test.items', typeVersion: 1, parameters: { items: '[{}]' } },
			{
				name: 'HTTP Request',
				type: HTTP_REQUEST,
				typeVersion: loaded.httpRequestVersion,
				parameters: httpParameters(url, limit, paged),
				credentials: { oAuth2Api: { id: CREDENTIAL_ID, name: 'OAuth2' } },
			},
			{
				name: 'Split Out',
				type: SPLIT_OUT,
				typeVersion: 1,
				parameters: { fieldToSplitOut: 'items', include: 'noOtherFields' },
			},
		];
		const warm = await runChain(n8n, chain(100, false));
		if (warm.error) throw new Error(warm.error);
		let nodeMs: Record<string, number> = {};
		const figures = await measureRuns(reps, counters(sim), async () => {
			const run = await runChain(n8n, chain(10_000, true));
			if (run.error) throw new Error(run.error);
			nodeMs = run.nodeMs;
			return { items: run.items.map((item) => item.json) };
		});
		return {
			...figures,
			...loaded,
			httpRequestMs: nodeMs['HTTP Request'],
			splitOutMs: nodeMs['Split Out'],
		};
	} finally {
		await sim.stop();
	}
});
