/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// The built pack with one n8n-workflow (n8n's: installed with --legacy-peer-deps) and with a
// second physical copy beside it (npm 7 and later install a package's peers), each run through
// n8n-core's real WorkflowExecute against the simulator. n8n's RoutingNode tells errors apart
// by `instanceof`: with one copy a routed refusal keeps the pack's message and declared cause;
// with two the node refuses to run, saying why and how to mend the install, nothing sent.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'fs';
import { join } from 'path';
import type { IDataObject, INodeParameters, IVersionedNodeType } from 'n8n-workflow';
import * as workflow from 'n8n-workflow';

import { registerNodeType } from '../../engine/nodeTypes';
import { useSimulator } from '../harness/fixtures';
import { goldenCases } from './golden/cases';
import { byId, run } from './helpers';

const root = join(__dirname, '..', '..');
const NODE_TYPE = 'n8n-nodes-asset-tracking.assetTracking';
const NODE = 'nodes/AssetTracking/AssetTracking.node.js';

type NodeError = Error & { description?: string | null; failure?: { cause?: string } };

/** The built node class, as n8n requires it from where the pack was installed. */
const nodeClassAt = (dist: string) =>
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	(require(join(dist, NODE)) as { AssetTracking: new () => IVersionedNodeType }).AssetTracking;

/**
 * An install with a second copy: `<dir>/node_modules/n8n-nodes-asset-tracking/dist` (the built
 * pack) beside `<dir>/node_modules/n8n-workflow` (a physical copy of n8n's), inside the repo so
 * the copy's own dependencies resolve as they would beside n8n's.
 */
function installWithSecondCopy(dir: string): string {
	const modules = join(dir, 'node_modules');
	mkdirSync(modules, { recursive: true });
	cpSync(join(root, 'node_modules', 'n8n-workflow'), join(modules, 'n8n-workflow'), {
		recursive: true,
	});
	const pack = join(modules, 'n8n-nodes-asset-tracking');
	cpSync(join(root, 'dist'), join(pack, 'dist'), { recursive: true });
	return join(pack, 'dist');
}

describe('the built pack beside one or two copies of n8n-workflow', () => {
	const t = useSimulator();
	const dir = join(root, '.tmp', `workflow-copies-${process.pid}`);

	beforeAll(() => {
		if (!existsSync(join(root, 'dist', NODE))) {
			throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
		}
	});
	afterAll(() => rmSync(dir, { recursive: true, force: true }));

	/** Facility → Get of the ID "lineexistence" (it holds "eexist"): refused, not a UUID. */
	const facilityGet = (): INodeParameters => ({
		resource: 'facility',
		operation: 'get',
		...goldenCases(t.sim.seed).facility.get.parameters,
	});

	it('declares n8n-workflow an optional peer: npm 7 and later then install no copy beside the pack', () => {
		const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as IDataObject;
		expect(pkg.peerDependencies).toEqual({ 'n8n-workflow': '*' });
		expect(pkg.peerDependenciesMeta).toEqual({ 'n8n-workflow': { optional: true } });
		expect(pkg.dependencies).toBeUndefined();
	});

	describe('one copy (n8n’s)', () => {
		beforeAll(() => registerNodeType(NODE_TYPE, new (nodeClassAt(join(root, 'dist')))()));

		it('a routed refusal keeps the pack’s message and its cause, nothing sent', async () => {
			const r = await run(t, facilityGet(), { input: [{ id: 'lineexistence' }], typeVersion: 4 });
			const error = r.error as NodeError;
			expect(error.message).toMatch(/^Invalid "Facility": .*\(got "lineexistence"\)$/);
			expect(error.message).not.toContain('file or directory');
			expect(error.failure).toEqual({ cause: 'configuration-invalid' });
			expect(r.exchanges).toEqual([]);
		});

		it('runs: a routed Get and a list', async () => {
			const id = t.sim.seed.facilityIds[0];
			const r = await run(t, facilityGet(), { input: [{ id }], typeVersion: 4 });
			expect(r.error).toBeUndefined();
			expect(r.json).toEqual([expect.objectContaining({ id })]);
			const list = await run(
				t,
				{ resource: 'workspace', operation: 'getMany', limit: 1 },
				{ typeVersion: 4 },
			);
			expect(list.error).toBeUndefined();
			expect(list.json).toHaveLength(1);
		});
	});

	describe('a second copy beside the pack', () => {
		let copy: typeof workflow;
		beforeAll(() => {
			const dist = installWithSecondCopy(dir);
			registerNodeType(NODE_TYPE, new (nodeClassAt(dist))());
			// eslint-disable-next-line @typescript-eslint/no-require-imports
			copy = require(join(dir, 'node_modules', 'n8n-workflow')) as typeof workflow;
		});

		it('is a second instance: its classes are not n8n’s', () => {
			expect(copy.NodeApiError).not.toBe(workflow.NodeApiError);
			expect(copy.NodeOperationError).not.toBe(workflow.NodeOperationError);
		});

		it.each([
			['Facility → Get (routed)', 'lineexistence'],
			['Workspace → Get Many (custom)', undefined],
		])('%s refuses to run, naming the second copy and the fix; nothing sent', async (_, id) => {
			const parameters: INodeParameters = id
				? facilityGet()
				: { resource: 'workspace', operation: 'getMany', limit: 1 };
			const r = await run(t, parameters, { input: [{ id } as IDataObject], typeVersion: 4 });
			const error = r.error as NodeError;
			expect(error.message).toBe(
				'A second copy of n8n-workflow is installed beside the Asset Tracking nodes, so n8n cannot read their errors',
			);
			expect(error.description).toContain('npm install --legacy-peer-deps');
			expect(error.description).toContain('~/.n8n/nodes');
			expect(r.exchanges).toEqual([]);
			expect(t.sim.log.filter((e) => e.operation !== 'POST /oauth2/token')).not.toContainEqual(
				expect.objectContaining({ rawPath: expect.stringContaining('lineexistence') }),
			);
		});

		it('at every version, whatever the input', async () => {
			for (const typeVersion of [1, 2, 3]) {
				const r = await run(
					t,
					{ resource: 'workspace', operation: 'get', workspaceId: byId(t.sim.seed.workspaceId) },
					{ typeVersion },
				);
				expect(r.error?.message).toMatch(/^A second copy of n8n-workflow /);
				expect(r.exchanges).toEqual([]);
			}
		});
	});
});
