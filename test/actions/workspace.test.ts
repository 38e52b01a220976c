import { useSimulator } from '../harness/fixtures';
import { operationTests } from './table';
import { byId, expectOneRequest, expectPairedWithFirst, ok } from './helpers';

describe('Workspace', () => {
	const t = useSimulator();

	operationTests('workspace', {
		get: {
			'GET /workspaces/{workspaceId}, outputs the workspace itself': async () => {
				const r = await ok(t, {
					resource: 'workspace',
					operation: 'get',
					workspaceId: byId(t.sim.seed.workspaceId),
				});
				expectOneRequest(r, {
					operation: 'GET /workspaces/{workspaceId}',
					rawPath: `/workspaces/${t.sim.seed.workspaceId}`,
				});
				expect(r.json).toEqual([{ id: t.sim.seed.workspaceId, name: 'Demo Workspace' }]);
				expectPairedWithFirst(r);
				return r;
			},
		},
		getMany: {
			'Return All lists the accessible workspaces in pages of 10,000': async () => {
				const r = await ok(t, { resource: 'workspace', operation: 'getMany', returnAll: true });
				expectOneRequest(r, {
					operation: 'GET /workspaces',
					rawPath: '/workspaces',
					query: { limit: '10000' },
				});
				expect(r.json).toEqual([
					{ id: t.sim.seed.workspaceId, name: 'Demo Workspace' },
					{ id: t.sim.seed.otherWorkspaceId, name: 'Second Workspace' },
				]);
				expectPairedWithFirst(r);
				return r;
			},
			'Limit 1 asks for one': async () => {
				const r = await ok(t, {
					resource: 'workspace',
					operation: 'getMany',
					returnAll: false,
					limit: 1,
				});
				expectOneRequest(r, {
					operation: 'GET /workspaces',
					rawPath: '/workspaces',
					query: { limit: '1' },
				});
				expect(r.json).toEqual([{ id: t.sim.seed.workspaceId, name: 'Demo Workspace' }]);
			},
		},
	});
});
