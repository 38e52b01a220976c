// n8n tests a resource locator's `validation` regex at the start of every execution (the start
// node and every node after it), in a vm with a 250 ms wall-clock limit (n8n-workflow's
// safeRegex). A process stalled that long (a garbage collection, two workers on two busy cores)
// fails the execution with "Regular expression execution timed out" before any node runs: the
// queue test saw it in 1 of 50 executions of its cold wave, twice. Here the stall is certain:
// every regex n8n runs times out. The pack's executions must not depend on one.
import {
	NodeHelpers,
	resetSafeRegexEngine,
	setSafeRegexEngine,
	type INode,
	type INodeProperties,
	type INodeType,
	type RegexEngine,
} from 'n8n-workflow';

import { TRIGGER_TYPE } from '../../engine/engine';
import { AssetTrackingTrigger } from '../../nodes/AssetTracking/AssetTrackingTrigger.node';
import { actionNodes } from '../harness/actionNode';
import { useSimulator } from '../harness/fixtures';
import { everyProperty } from '../harness/properties';
import { byId, expectRejected, ok } from './helpers';

const STALLED = 'Regular expression execution timed out';
const timedOut = (): never => {
	throw new Error(STALLED);
};
const stalled: RegexEngine = {
	exec: timedOut,
	test: timedOut,
	replace: timedOut,
	matchAll: timedOut,
	split: timedOut,
};

/** Every mode of every resource locator, in collections and fixed collections too. */
const locatorModes = (properties: readonly INodeProperties[]): Array<[string, object]> =>
	everyProperty(properties).flatMap(({ path, property }) =>
		(property.modes ?? []).map((mode): [string, object] => [`${path} (${mode.name})`, mode]),
	);

describe('a stalled process: every regex n8n runs at execution times out', () => {
	const t = useSimulator();
	beforeEach(() => setSafeRegexEngine(stalled));
	afterEach(() => resetSafeRegexEngine());

	it('the stall is real: n8n-workflow times out its own regex checks', () => {
		const probe: INodeProperties = {
			displayName: 'Probe',
			name: 'probe',
			type: 'resourceLocator',
			default: { mode: 'id', value: '' },
			modes: [
				{
					displayName: 'By ID',
					name: 'id',
					type: 'string',
					validation: [{ type: 'regex', properties: { regex: '.+', errorMessage: 'x' } }],
				},
			],
		};
		const node = { parameters: { probe: byId('x') } } as unknown as INode;
		expect(() => NodeHelpers.getNodeParametersIssues([probe], node, null)).toThrow(STALLED);
	});

	it('a routed and a custom operation with literal IDs run, and answer', async () => {
		const assetId = t.sim.seed.labelledAssetIds[0];
		const got = await ok(t, { resource: 'asset', operation: 'get', assetId: byId(assetId) });
		expect(got.json.map((asset) => asset.id)).toEqual([assetId]);
		const listed = await ok(t, {
			resource: 'asset',
			operation: 'getMany',
			workspaceId: byId(t.sim.seed.workspaceId),
			returnAll: true,
		});
		expect(listed.json.map((asset) => asset.id)).toContain(assetId);
	});

	it('a literal malformed ID is still refused by name, nothing sent', async () => {
		await expectRejected(t, { resource: 'asset', operation: 'get', assetId: byId('a/b') }, 'Asset');
	});

	it('the trigger, as the start node of the execution its poll begins: no issue, no regex', () => {
		const trigger = new AssetTrackingTrigger();
		const node: INode = {
			id: 'trigger',
			name: 'Asset Tracking Trigger',
			type: TRIGGER_TYPE,
			typeVersion: trigger.description.defaultVersion ?? 1,
			position: [0, 0],
			parameters: {
				event: 'temperature',
				scope: 'workspace',
				workspaceId: byId(t.sim.seed.workspaceId),
			},
		};
		expect(
			NodeHelpers.getNodeParametersIssues(
				trigger.description.properties,
				node,
				trigger.description,
			),
		).toBeNull();
	});

	it('the trigger refuses a literal malformed workspace ID by name, nothing sent', async () => {
		const before = t.sim.stats.requests;
		const parameters = {
			event: 'temperature',
			scope: 'workspace',
			workspaceId: byId('not-a-uuid'),
		};
		await expect(t.n8n.poll(parameters, {})).rejects.toThrow(
			'Invalid "Workspace": must be a UUID (8-4-4-4-12 hexadecimal digits) (got "not-a-uuid")',
		);
		expect(t.sim.stats.requests).toBe(before);
	});

	it.each([
		...actionNodes().map(([version, type]) => [`Asset Tracking ${version}`, type]),
		['Asset Tracking Trigger', new AssetTrackingTrigger()],
	] as Array<[string, INodeType]>)(
		'%s: no resource locator mode has n8n test a regex (validation or extractValue)',
		(_name, type) => {
			const modes = locatorModes(type.description.properties);
			expect(modes.length).toBeGreaterThan(0);
			const testing = modes.filter(([, mode]) => 'validation' in mode || 'extractValue' in mode);
			expect(testing.map(([at]) => at)).toEqual([]);
		},
	);
});
