'use strict';
// The credentials and workflows of the queue-mode test, built from what the
// simulators say about themselves (addresses, seeded workspace).
const { simulatorCredential, CREDENTIAL } = require('../../scripts/n8n/stack');

const NODE = 'n8n-nodes-asset-tracking.assetTracking';
const TRIGGER = 'n8n-nodes-asset-tracking.assetTrackingTrigger';

// n8n ids are 16 letters or digits.
const CREDENTIALS = {
	api: { id: 'atQueueApiCred01', name: 'Asset Tracking (queue test)' },
	trigger: { id: 'atQueueTrigCred1', name: 'Asset Tracking (queue trigger)' },
};
const WEBHOOK = {
	id: 'atQueueWebhook01',
	path: 'asset-tracking-queue',
	name: 'Queue test: list and write',
};
const POLLER = {
	id: 'atQueueTrigger01',
	name: 'Queue test: temperature readings',
	node: 'New Temperature',
};

/**
 * The import file of one credential, as `npm start` imports its own (always
 * without token data: a cold credential), under this test's id and name.
 */
function credentialFile(which, sim) {
	const [record] = simulatorCredential(sim);
	return [{ ...record, ...CREDENTIALS[which] }];
}

const credentialRef = (which) => ({ [CREDENTIAL.type]: { ...CREDENTIALS[which] } });
const byId = (value) => ({ __rl: true, mode: 'id', value });

/**
 * POST /webhook/asset-tracking-queue { key } -> every asset of the workspace
 * (Return All), then one asset created, named after the key and the count
 * seen; the webhook answers with the created asset once the run is over.
 */
function webhookWorkflow(workspaceId) {
	return {
		id: WEBHOOK.id,
		name: WEBHOOK.name,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: 'a0000000-0000-4000-8000-000000000001',
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: 'a0000000-0000-4000-8000-0000000000ff',
				parameters: {
					httpMethod: 'POST',
					path: WEBHOOK.path,
					responseMode: 'lastNode',
					responseData: 'firstEntryJson',
					options: {},
				},
			},
			{
				id: 'a0000000-0000-4000-8000-000000000002',
				name: 'List Assets',
				type: NODE,
				typeVersion: 1,
				position: [220, 0],
				credentials: credentialRef('api'),
				parameters: {
					resource: 'asset',
					operation: 'getMany',
					workspaceId: byId(workspaceId),
					returnAll: true,
					filters: {},
					options: {},
				},
			},
			{
				id: 'a0000000-0000-4000-8000-000000000003',
				name: 'Create Asset',
				type: NODE,
				typeVersion: 1,
				position: [440, 0],
				executeOnce: true,
				credentials: credentialRef('api'),
				parameters: {
					resource: 'asset',
					operation: 'create',
					workspaceId: byId(workspaceId),
					name: "={{ $('Webhook').first().json.body.key }} saw {{ $('List Assets').all().length }}",
					options: {},
				},
			},
		],
		connections: {
			Webhook: { main: [[{ node: 'List Assets', type: 'main', index: 0 }]] },
			'List Assets': { main: [[{ node: 'Create Asset', type: 'main', index: 0 }]] },
		},
	};
}

/** The trigger on every temperature reading of the workspace, polling every minute. */
function triggerWorkflow(workspaceId) {
	return {
		id: POLLER.id,
		name: POLLER.name,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: 'b0000000-0000-4000-8000-000000000001',
				name: POLLER.node,
				type: TRIGGER,
				typeVersion: 1,
				position: [0, 0],
				credentials: credentialRef('trigger'),
				parameters: {
					pollTimes: { item: [{ mode: 'everyMinute' }] },
					event: 'temperature',
					scope: 'workspace',
					workspaceId: byId(workspaceId),
					options: {},
				},
			},
			{
				id: 'b0000000-0000-4000-8000-000000000002',
				name: 'Readings',
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				position: [220, 0],
				parameters: {},
			},
		],
		connections: { [POLLER.node]: { main: [[{ node: 'Readings', type: 'main', index: 0 }]] } },
	};
}

module.exports = { CREDENTIALS, WEBHOOK, POLLER, credentialFile, webhookWorkflow, triggerWorkflow };
