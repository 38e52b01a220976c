// The transport settings (Max Retries, Max Retry Wait, Retry Base Delay, Timeout, Max Pages, Max
// Response Size) sit in Advanced from action node version 3 (issue 26); workflows saved with
// versions 1 and 2 hold them in Options and keep them. Run through n8n-core's WorkflowExecute,
// whose Workflow passes the parameters through n8n's getNodeParameters as a saved workflow's are:
// it keeps only the keys a collection's description lists.
import type { INodeProperties } from 'n8n-workflow';

import { AssetTracking } from '../../nodes/AssetTracking/AssetTracking.node';
import { actionNodeAt } from '../harness/actionNode';
import { useSimulator } from '../harness/fixtures';
import { byId } from './helpers';

const KNOBS = [
	'maxRetries',
	'maxRetryWait',
	'retryBaseDelay',
	'timeout',
	'maxPages',
	'maxResponseSize',
];
const fast = { retryBaseDelay: 5, maxRetryWait: 2 };

const collections = (name: string, version: number) =>
	actionNodeAt(version).description.properties.filter((p) => p.name === name);
const names = (collection: INodeProperties) =>
	(collection.options as INodeProperties[]).map((o) => o.name);

describe('Advanced (action node version 3)', () => {
	const t = useSimulator();

	it('holds the transport settings under their names; version 3 Options holds only Batch Requests, for batch operations', () => {
		const node = new AssetTracking();
		expect(Object.keys(node.nodeVersions).map(Number)).toEqual([1, 2, 3, 4, 5]);
		expect(node.description.defaultVersion).toBe(5);
		for (const version of [3, 4, 5]) {
			const [advanced] = collections('advanced', version);
			expect(advanced.displayName).toBe('Advanced');
			expect(names(advanced)).toEqual(KNOBS);
			const options = collections('options', version);
			expect(options.length).toBeGreaterThan(0);
			for (const collection of options) {
				expect(names(collection)).toEqual(['batching']);
				expect(collection.displayOptions?.show?.operation).toEqual(expect.any(Array));
			}
		}
		for (const version of [1, 2]) {
			expect(collections('advanced', version)).toEqual([]);
			const [legacy, ...others] = collections('options', version);
			expect(others).toEqual([]);
			expect(names(legacy)).toEqual(expect.arrayContaining(['batching', ...KNOBS]));
			expect(legacy.displayOptions).toBeUndefined();
		}
	});

	/** Get Many workspaces while the service answers 503 twice: the error, and the requests sent. */
	async function withTwo503s(typeVersion: number, parameters: object) {
		t.sim.faults.clear();
		t.sim.faults.queue({ status: 503, times: 2, match: { path: '/workspaces' } });
		const before = t.sim.log.filter((e) => e.operation === 'GET /workspaces').length;
		const result = await t.n8n.runNode(
			{ resource: 'workspace', operation: 'getMany', returnAll: true, ...parameters },
			{ typeVersion },
		);
		t.sim.faults.clear();
		const sent = t.sim.log.filter((e) => e.operation === 'GET /workspaces').length - before;
		return { failed: result.error !== undefined, sent };
	}

	it.each([1, 2])('version %i: Max Retries saved in Options is honoured', async (typeVersion) => {
		expect(await withTwo503s(typeVersion, { options: { ...fast, maxRetries: 0 } })).toEqual({
			failed: true,
			sent: 1,
		});
		expect(await withTwo503s(typeVersion, { options: { ...fast, maxRetries: 1 } })).toEqual({
			failed: true,
			sent: 2,
		});
		expect(await withTwo503s(typeVersion, { options: fast })).toEqual({ failed: false, sent: 3 });
	});

	it('version 3: Max Retries in Advanced is honoured; one left in Options is dropped by n8n', async () => {
		expect(await withTwo503s(3, { advanced: { ...fast, maxRetries: 0 } })).toEqual({
			failed: true,
			sent: 1,
		});
		expect(await withTwo503s(3, { advanced: fast })).toEqual({ failed: false, sent: 3 });
		expect(await withTwo503s(3, { options: { maxRetries: 0 }, advanced: fast })).toEqual({
			failed: false,
			sent: 3,
		});
	});

	it('version 3: Batch Requests stays in Options', async () => {
		const before = t.sim.log.length;
		const result = await t.n8n.runNode(
			{
				resource: 'asset',
				operation: 'create',
				workspaceId: byId(t.sim.seed.workspaceId),
				name: '={{ $json.name }}',
				options: { batching: false },
			},
			{ typeVersion: 3, input: [{ name: 'Advanced one' }, { name: 'Advanced two' }] },
		);
		expect(result.error).toBeUndefined();
		const creates = t.sim.log.slice(before).filter((e) => e.method === 'POST' && e.status === 201);
		expect(creates).toHaveLength(2);
	});
});
