import { useSimulator } from '../harness/fixtures';
import { byId } from '../actions/helpers';

/** The resource pickers (From List): one page of the service per page of the picker. */
describe('resource pickers', () => {
	const t = useSimulator();
	const inWorkspace = () => ({ workspaceId: byId(t.sim.seed.workspaceId) });

	beforeEach(() => t.sim.resetStats());

	it('lists workspaces, filtering by name', async () => {
		const all = await t.n8n.listSearch('searchWorkspaces', {});
		expect(all.results.map((r) => r.value)).toEqual(
			expect.arrayContaining([t.sim.seed.workspaceId, t.sim.seed.otherWorkspaceId]),
		);
		const first = all.results[0];
		const filtered = await t.n8n.listSearch(
			'searchWorkspaces',
			{},
			first.name.slice(0, 6).toLowerCase(),
		);
		expect(filtered.results.map((r) => r.value)).toContain(first.value);
		expect(filtered.results.length).toBeLessThanOrEqual(all.results.length);
	});

	it('pages through assets with the service nextToken, and searches with searchTerm', async () => {
		const ids = t.sim.addAssets(t.sim.seed.otherWorkspaceId, 150);
		const params = { workspaceId: byId(t.sim.seed.otherWorkspaceId) };
		const page1 = await t.n8n.listSearch('searchAssets', params);
		expect(page1.results).toHaveLength(100);
		expect(page1.paginationToken).toBeTruthy();
		const page2 = await t.n8n.listSearch(
			'searchAssets',
			params,
			undefined,
			page1.paginationToken as string,
		);
		const seen = [...page1.results, ...page2.results].map((r) => r.value);
		expect(seen).toEqual(expect.arrayContaining(ids));
		expect(t.sim.log.map((e) => e.query.limit)).toEqual(['100', '100']);

		const named = await t.n8n.listSearch('searchAssets', inWorkspace(), 'fragile');
		expect(t.sim.log[t.sim.log.length - 1].query.searchTerm).toBe('fragile');
		expect(named.results.map((r) => r.value)).toContain(t.sim.seed.awkwardNameAssetId);
	});

	it.each([
		['searchSpaces', () => t.sim.seed.spaceIds],
		['searchFacilities', () => t.sim.seed.facilityIds],
		['searchConsignments', () => t.sim.seed.consignmentIds],
		['searchPrinters', () => t.sim.seed.printerIds],
	])('%s lists the workspace’s entries', async (method, expected) => {
		const page = await t.n8n.listSearch(method, inWorkspace());
		expect(page.results.map((r) => r.value).sort()).toEqual([...expected()].sort());
		expect(page.results.every((r) => r.name.length > 0)).toBe(true);
	});

	it('asks for a workspace first instead of calling the service without one', async () => {
		await expect(t.n8n.listSearch('searchAssets', {})).rejects.toThrow(
			'Select a Workspace first to list its assets',
		);
		expect(t.sim.stats.requests).toBe(0);
	});
});
