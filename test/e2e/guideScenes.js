'use strict';
// The users' guide's screenshots (docs/guide/images/), one scene of scripts/n8n/editor-check.js
// (editorScenes) each, taken in a real n8n by run.js ("editor: the guide's screenshots"). GUIDE_SHOTS
// names each shot and the guide page that shows it: test/project/guide.test.ts checks that every
// page shows at least one of them, from this list, so a page never shows a picture no run takes.
// Each scene's `expect` lists what its panel must show for the picture to say what the page says.

/** Shot name (docs/guide/images/<name>.png) -> the guide page that shows it. */
const GUIDE_SHOTS = {
	'alarms-fetch-test-event': 'alarms.md',
	'alarms-options': 'alarms.md',
	'rooms-freezer-and-chilled': 'rooms.md',
	'rooms-fetch-test-event': 'rooms.md',
	'audit-summary': 'audit-and-report.md',
	'weekly-report': 'audit-and-report.md',
	'dwell-overdue-fetch-test-event': 'overdue-and-dwell.md',
	'find-asset': 'everyday-actions.md',
	'install-first-run': 'install.md',
};

/**
 * A workflow to run with "Execute workflow": a Manual Trigger, then one node `name` of `type` with
 * `parameters` and the run's credential.
 */
function afterStart(name, parameters, { type, typeVersion, credentials }) {
	return {
		nodes: [
			{
				id: 'e2e00000-0000-4000-8000-000000000001',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'e2e00000-0000-4000-8000-000000000002',
				name,
				type,
				typeVersion,
				position: [240, 0],
				parameters,
				credentials,
			},
		],
		connections: { Start: { main: [[{ node: name, type: 'main', index: 0 }]] } },
	};
}

/**
 * The scenes. `at` gives what they need of the run: the credentials object for a node, the demo
 * workspace picked from the list, a space's ID by its name, the examples as shipped (by id), the
 * node types, the newest action version, and editor-check.js's selectors.
 */
function guideScenes(at) {
	const { credentials, workspace, spaceId, examples, NODE_TYPE, TRIGGER_TYPE, SEL } = at;
	const action = (name, parameters) =>
		afterStart(name, parameters, { type: NODE_TYPE, typeVersion: at.actionVersion, credentials });
	const triggerOf = (exampleId) => {
		const node = examples[exampleId].nodes.find((n) => n.type === TRIGGER_TYPE);
		return { nodes: [{ ...node, credentials }], connections: {} };
	};
	const room = (name) => ({
		__rl: true,
		mode: 'list',
		value: spaceId(name),
		cachedResultName: name,
	});
	/** The output as JSON (every item whole): a trigger's panel has no input, so its first switch. */
	const jsonView = async (page) => {
		await page.locator(SEL.ndv).getByText('JSON', { exact: true }).first().click();
		await page.waitForTimeout(500);
	};
	/** The output as a table (a row per item): the last switch, the input's comes first. */
	const tableView = async (page) => {
		await page.locator(SEL.ndv).getByText('Table', { exact: true }).last().click();
		await page.waitForTimeout(500);
	};
	/** Scrolls the parameters panel to the field labelled `label`, off the hover controls. */
	const scrollTo = (label) => async (page) => {
		await page.locator(SEL.ndv).getByText(label, { exact: true }).first().scrollIntoViewIfNeeded();
		await page.mouse.move(150, 300);
		await page.waitForTimeout(300);
	};
	const twoRooms = {
		nodes: [
			{
				id: 'e2e00000-0000-4000-8000-000000000103',
				name: 'Freezer and Chilled Room',
				type: TRIGGER_TYPE,
				typeVersion: 6,
				position: [0, 0],
				credentials,
				parameters: {
					events: ['excursionStarted', 'excursionEnded'],
					scope: 'spaces',
					workspaceId: workspace,
					spaces: {
						space: [
							{
								id: room('Freezer 1'),
								maxTemperature: -15,
								minTemperature: -25,
								excursionMinutes: 15,
							},
							{ id: room('Cold Room "A"'), maxTemperature: 8, minTemperature: 2 },
						],
					},
				},
			},
		],
		connections: {},
	};
	return [
		{
			name: 'alarms-fetch-test-event',
			node: 'Alarm',
			execute: true,
			viewport: { width: 1920, height: 1500 },
			workflow: triggerOf('atAlarmsBySevrty'),
			act: jsonView,
			expect: ['alarmRaised', 'alarmOngoing', 'alarmCleared', 'summary', 'Warning', 'reminder'],
		},
		{
			name: 'alarms-options',
			node: 'Alarm',
			viewport: { width: 1440, height: 1800 },
			workflow: triggerOf('atAlarmsBySevrty'),
			act: scrollTo('Alarms'),
			expect: ['Alarms', 'Remind Every (Minutes)', 'Severity', 'Threshold (°C)', 'Delay (Minutes)'],
		},
		{
			name: 'rooms-freezer-and-chilled',
			node: 'Freezer and Chilled Room',
			viewport: { width: 1440, height: 1600 },
			workflow: twoRooms,
			act: scrollTo('Spaces'),
			expect: ['Spaces', 'Alert Above (°C)', 'Alert Below (°C)', 'Minimum Duration (Minutes)'],
		},
		{
			name: 'rooms-fetch-test-event',
			node: 'Freezer and Chilled Room',
			execute: true,
			viewport: { width: 1920, height: 1200 },
			workflow: twoRooms,
			act: jsonView,
			expect: ['excursionStarted', 'excursionEnded', 'spaceName', 'summary'],
		},
		{
			name: 'audit-summary',
			node: 'Temperature Summary',
			execute: true,
			viewport: { width: 1920, height: 1100 },
			workflow: action('Temperature Summary', {
				resource: 'asset',
				operation: 'getTemperatureSummary',
				workspaceId: workspace,
				assetId: { __rl: true, mode: 'id', value: at.assetId },
				period: 'last24Hours',
				maxTemperature: 8,
				minTemperature: 2,
			}),
			expect: ['Period', 'meanCelsius', 'mktCelsius', 'missingMinutes'],
		},
		{
			name: 'weekly-report',
			node: 'Weekly Report',
			viewport: { width: 1440, height: 1000 },
			workflow: action('Weekly Report', {
				resource: 'report',
				operation: 'createTemperatureReport',
				scope: 'workspace',
				workspaceId: workspace,
				period: 'previousWeek',
				maxTemperature: 8,
				minTemperature: 2,
				reportBinaryProperty: 'report',
				chartBinaryProperty: 'chart',
			}),
			expect: ['Period', 'Alert Above (°C)', 'Put Report in Field'],
		},
		{
			name: 'dwell-overdue-fetch-test-event',
			node: 'Time Limit Exceeded',
			execute: true,
			viewport: { width: 1920, height: 1300 },
			workflow: triggerOf('atDwellOverdue01'),
			act: jsonView,
			expect: ['dwellExceeded', 'consignmentOverdue', 'summary', 'limitMinutes', 'dueAt'],
		},
		{
			name: 'find-asset',
			node: 'Find Assets',
			execute: true,
			viewport: { width: 1920, height: 900 },
			workflow: action('Find Assets', {
				resource: 'asset',
				operation: 'getMany',
				workspaceId: workspace,
				simplify: true,
				limit: 5,
			}),
			act: tableView,
			expect: ['name', 'spaceName', 'degreesCelsius'],
		},
		{
			name: 'install-first-run',
			node: 'Workspaces',
			execute: true,
			workflow: action('Workspaces', {
				resource: 'workspace',
				operation: 'getMany',
				returnAll: true,
			}),
			expect: ['Demo Workspace'],
		},
	];
}

module.exports = { GUIDE_SHOTS, guideScenes, afterStart };
