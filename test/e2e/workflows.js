'use strict';
// Workflows only the end-to-end tests run (the examples/ are the others):
// built from the simulator's seed, so they name real ids.
const { CREDENTIAL } = require('../../scripts/n8n/stack');

const NODE = 'n8n-nodes-asset-tracking.assetTracking';
const TRIGGER = 'n8n-nodes-asset-tracking.assetTrackingTrigger';
const credentials = { [CREDENTIAL.type]: { id: CREDENTIAL.id, name: CREDENTIAL.name } };
const byId = (value) => ({ __rl: true, mode: 'id', value });

let counter = 0;
const uuid = () => {
	counter++;
	return `e2e00000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
};

/** A node of any type: its id drawn here. */
const node = (name, type, typeVersion, position, parameters, extra = {}) => ({
	id: uuid(),
	name,
	type,
	typeVersion,
	position,
	parameters,
	...extra,
});

const start = () => ({
	id: uuid(),
	name: 'Start',
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
});

const at = (name, parameters, position, extra = {}) => ({
	id: uuid(),
	name,
	type: NODE,
	typeVersion: 1,
	position,
	parameters: { options: {}, ...parameters },
	credentials,
	...extra,
});

/** Connections of a list of [from, to] pairs (main output 0 to input 0). */
function connect(pairs) {
	const out = {};
	for (const [from, to] of pairs) {
		out[from] = out[from] || { main: [[]] };
		out[from].main[0].push({ node: to, type: 'main', index: 0 });
	}
	return out;
}

const workflow = (id, name, nodes, pairs) => ({
	id,
	name,
	active: false,
	nodes,
	connections: connect(pairs),
	settings: { executionOrder: 'v1' },
});

/** One read operation of every resource, each a branch of its own from Start. */
function resourcesTour(seed) {
	const ws = byId(seed.workspaceId);
	const consignment = byId(seed.consignmentIds[0]);
	const nodes = [
		at('Workspaces', { resource: 'workspace', operation: 'getMany', returnAll: true }, [300, -400]),
		at(
			'Assets',
			{ resource: 'asset', operation: 'getMany', workspaceId: ws, returnAll: false, limit: 5 },
			[300, -300],
		),
		at(
			'One Asset',
			{ resource: 'asset', operation: 'get', assetId: byId(seed.labelledAssetIds[0]) },
			[300, -200],
		),
		at(
			'Spaces',
			{ resource: 'space', operation: 'getMany', workspaceId: ws, returnAll: true },
			[300, -100],
		),
		at(
			'Facilities',
			{ resource: 'facility', operation: 'getMany', workspaceId: ws, returnAll: true },
			[300, 0],
		),
		at(
			'Asset Groups',
			{
				resource: 'assetGroup',
				operation: 'getMany',
				facilityId: byId(seed.facilityIds[0]),
				returnAll: true,
			},
			[300, 100],
		),
		at(
			'Printers',
			{ resource: 'printer', operation: 'getMany', workspaceId: ws, returnAll: true },
			[300, 200],
		),
		at(
			'Consignments',
			{ resource: 'consignment', operation: 'getMany', workspaceId: ws, returnAll: true },
			[300, 300],
		),
		at(
			'Pieces',
			{ resource: 'piece', operation: 'getMany', consignmentId: consignment, returnAll: true },
			[300, 400],
		),
		at(
			'Consignment Gateways',
			{
				resource: 'consignmentGateway',
				operation: 'getMany',
				consignmentId: consignment,
				returnAll: true,
			},
			[300, 500],
		),
	];
	return workflow(
		'e2eResourcesTour',
		'E2E: one operation of every resource',
		[start(), ...nodes],
		nodes.map((n) => ['Start', n.name]),
	);
}

/** Writes: an asset created, renamed, read and deleted; a consignment created, extended, read and stopped. */
function lifecycle(seed, tag) {
	const ws = byId(seed.workspaceId);
	const ref = `E2E-${tag}`;
	const nodes = [
		at(
			'Create Asset',
			{ resource: 'asset', operation: 'create', workspaceId: ws, name: `E2E pallet ${tag}` },
			[250, -100],
		),
		at(
			'Rename Asset',
			{
				resource: 'asset',
				operation: 'update',
				assetId: byId('={{ $json.id }}'),
				name: `E2E pallet ${tag} (renamed)`,
			},
			[500, -100],
		),
		at(
			'Read Asset',
			{ resource: 'asset', operation: 'get', assetId: byId('={{ $json.id }}') },
			[750, -100],
		),
		at(
			'Delete Asset',
			{ resource: 'asset', operation: 'delete', assetId: byId('={{ $json.id }}') },
			[1000, -100],
		),
		at(
			'Create Consignment',
			{
				resource: 'consignment',
				operation: 'create',
				workspaceId: ws,
				trackingRef: ref,
				pieces: {
					piece: [
						{ nfcId: `E2E${tag}A`, trackingRef: `${ref}-P1` },
						{ nfcId: `E2E${tag}B`, trackingRef: `${ref}-P2` },
					],
				},
				addGateway: true,
				manufacturer: 'particle',
				deviceId: `e2edevice${tag}`,
			},
			[250, 100],
		),
		at(
			'Add Piece',
			{
				resource: 'piece',
				operation: 'create',
				consignmentId: byId('={{ $json.id }}'),
				nfcId: `E2E${tag}C`,
				trackingRef: `${ref}-P3`,
			},
			[500, 100],
		),
		at(
			'Read Consignment',
			{
				resource: 'consignment',
				operation: 'get',
				consignmentId: byId("={{ $('Create Consignment').item.json.id }}"),
			},
			[750, 100],
		),
		at(
			'Stop Tracking',
			{
				resource: 'consignment',
				operation: 'update',
				workspaceId: ws,
				trackingRef: ref,
				isActive: false,
			},
			[1000, 100],
			{
				executeOnce: true,
			},
		),
		// The node's setting "On Error: Continue": the failure becomes the item.
		at(
			'Get Missing Asset',
			{ resource: 'asset', operation: 'get', assetId: byId('GONE-ASSET') },
			[250, 300],
			{
				onError: 'continueRegularOutput',
			},
		),
	];
	return workflow(
		'e2eLifecycleRun1',
		'E2E: asset and consignment lifecycle',
		[start(), ...nodes],
		[
			['Start', 'Create Asset'],
			['Create Asset', 'Rename Asset'],
			['Rename Asset', 'Read Asset'],
			['Read Asset', 'Delete Asset'],
			['Start', 'Create Consignment'],
			['Create Consignment', 'Add Piece'],
			['Add Piece', 'Read Consignment'],
			['Read Consignment', 'Stop Tracking'],
			['Start', 'Get Missing Asset'],
		],
	);
}

/** An asset the service does not know: the run fails with the service's 404. */
function assetNotFound() {
	const node = at(
		'Get Asset',
		{ resource: 'asset', operation: 'get', assetId: byId('NO-SUCH-ASSET') },
		[250, 0],
	);
	return workflow(
		'e2eAssetNotFound',
		'E2E: asset not found',
		[start(), node],
		[['Start', 'Get Asset']],
	);
}

/**
 * The trigger (node version 2) watching three assets chosen with the asset picker (From List),
 * every reading of both kinds, polling every minute. A 5-minute late-readings window: its sweep
 * (a sixth of the window, 50 s) then comes every poll, so a batch that arrives 2 minutes late is
 * read by the next poll, within the run (with the default 180 minutes it could wait 30).
 */
function watchedAssets(seed, assetIds) {
	const trigger = node(
		'Watched Assets',
		TRIGGER,
		2,
		[0, 0],
		{
			pollTimes: { item: [{ mode: 'everyMinute' }] },
			event: 'both',
			scope: 'assets',
			workspaceId: {
				__rl: true,
				mode: 'list',
				value: seed.workspaceId,
				cachedResultName: 'Demo Workspace',
			},
			assets: { asset: assetIds.map((id) => ({ id: { __rl: true, mode: 'list', value: id } })) },
			options: { lateWindowMinutes: 5 },
		},
		{ credentials },
	);
	return workflow('e2eWatchedAssets', 'E2E: trigger watching picked assets', [trigger], []);
}

/**
 * A temperature report of a labelled asset (the last 24 hours), its PDF and PNG put into the JSON
 * as base64 by n8n's Extract From File, so the run's output carries the files to the test.
 */
/** The report workflow's time zone (Workflow Settings → Timezone). */
const REPORT_TIME_ZONE = 'Europe/Berlin';

function temperatureReport(seed) {
	const toBase64 = (name, binaryPropertyName, destinationKey, keepSource, position) => ({
		id: uuid(),
		name,
		type: 'n8n-nodes-base.extractFromFile',
		typeVersion: 1,
		position,
		parameters: {
			operation: 'binaryToPropery',
			binaryPropertyName,
			destinationKey,
			options: { keepSource },
		},
	});
	const nodes = [
		start(),
		{
			...at(
				'Report',
				{
					resource: 'report',
					operation: 'createTemperatureReport',
					scope: 'spaces',
					workspaceId: byId(seed.workspaceId),
					spaceIds: { space: [{ id: byId(seed.spaceIds[0]) }] },
				},
				[300, 0],
			),
			typeVersion: 5,
		},
		toBase64('PDF as Base64', 'report', 'pdf', 'both', [600, 0]),
		toBase64('Chart as Base64', 'chart', 'png', 'json', [900, 0]),
	];
	const flow = workflow('e2eTemperatureRp', 'e2e: a temperature report, PDF and PNG', nodes, [
		['Start', 'Report'],
		['Report', 'PDF as Base64'],
		['PDF as Base64', 'Chart as Base64'],
	]);
	// Its times on the clocks of the workflow's time zone.
	return { ...flow, settings: { ...flow.settings, timezone: REPORT_TIME_ZONE } };
}

/**
 * Issue 36: two copies of one trigger (version 5, the same parameters and credential) in one
 * workflow, both feeding one Remove Duplicates (across executions, on `eventId`) before Slack.
 * n8n keeps Remove Duplicates' history per workflow (its processed_data rows are keyed by the
 * workflow's id), so two separate workflows cannot dedupe each other's events: the copies share
 * one workflow. Each copy polls at a second of its own, 30 s apart (custom cron): n8n's
 * check-and-record of that history is a read, then a write, without a lock, so two executions
 * of the workflow at once could both find an event new. Apart, they run one after the other.
 * They watch one asset, the scripted one, so the events they see are the scripted ones.
 */
const TWIN_SECONDS = { 'Copy A': 10, 'Copy B': 40 };
function twinTriggers(seed, assetId, excursionMinutes) {
	const copy = (name) =>
		node(
			name,
			TRIGGER,
			5,
			[0, name === 'Copy A' ? -100 : 100],
			{
				pollTimes: {
					item: [{ mode: 'custom', cronExpression: `${TWIN_SECONDS[name]} * * * * *` }],
				},
				events: ['excursionStarted', 'excursionEnded', 'enteredSpace', 'leftSpace'],
				scope: 'assets',
				workspaceId: byId(seed.workspaceId),
				assets: { asset: [{ id: byId(assetId) }] },
				maxTemperature: 8,
				minTemperature: 2,
				options: { excursionMinutes },
			},
			{ credentials },
		);
	const dedupe = node('Remove Duplicates', 'n8n-nodes-base.removeDuplicates', 2, [300, 0], {
		operation: 'removeItemsSeenInPreviousExecutions',
		logic: 'removeItemsWithAlreadySeenKeyValues',
		dedupeValue: '={{ $json.eventId }}',
		options: { scope: 'workflow' },
	});
	const slack = node('Post to Slack', 'n8n-nodes-base.slack', 2.3, [600, 0], {
		select: 'channel',
		channelId: { __rl: true, mode: 'name', value: '#cold-chain' },
		text: '={{ $json.summary }}',
		otherOptions: { includeLinkToWorkflow: false },
	});
	return workflow(
		'e2eTwinTriggers1',
		'E2E: two copies of one trigger, Remove Duplicates on eventId, Slack',
		[copy('Copy A'), copy('Copy B'), dedupe, slack],
		[
			['Copy A', 'Remove Duplicates'],
			['Copy B', 'Remove Duplicates'],
			['Remove Duplicates', 'Post to Slack'],
		],
	);
}

module.exports = {
	resourcesTour,
	lifecycle,
	assetNotFound,
	watchedAssets,
	temperatureReport,
	twinTriggers,
	TWIN_SECONDS,
};
