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

	/** Names as a person sorts them: ignoring case, numbers by value, then by id. */
	const personally = (names: string[]) => {
		const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
		return [...names].sort((a, b) => collator.compare(a, b));
	};

	it('sorts a page by what it shows, numbers by value: Cold box 2 before Cold box 10', async () => {
		const ws = t.sim.addWorkspace('Sorting');
		for (const name of ['Cold box 10', 'cold box 2', 'Ambient 1', 'Cold box 1'])
			t.sim.addLabelledAssets(ws, 1, { name });
		const page = await t.n8n.listSearch('searchAssets', { workspaceId: byId(ws) });
		expect(page.results.map((r) => r.name.replace(/ \(.*\)$/, ''))).toEqual([
			'Ambient 1',
			'Cold box 1',
			'cold box 2',
			'Cold box 10',
		]);
	});

	it.each([
		'searchWorkspaces',
		'searchAssets',
		'searchSpaces',
		'searchFacilities',
		'searchConsignments',
		'searchPrinters',
	])('%s: the page is in the order of what it shows', async (method) => {
		const page = await t.n8n.listSearch(method, inWorkspace());
		const names = page.results.map((r) => r.name);
		expect(names.length).toBeGreaterThan(1);
		expect(names).toEqual(personally(names));
	});

	it('the consignments come sorted by tracking reference, although the service lists them otherwise', async () => {
		const ws = t.sim.addWorkspace('Shipping');
		const refs = ['CONS-2010', 'air-7', 'CONS-2002', 'Boat 1'];
		const created = await t.n8n.runNode(
			{
				resource: 'consignment',
				operation: 'create',
				workspaceId: byId(ws),
				trackingRef: '={{ $json.ref }}',
			},
			{ input: refs.map((ref) => ({ ref })) },
		);
		expect(created.error).toBeUndefined();
		const page = await t.n8n.listSearch('searchConsignments', { workspaceId: byId(ws) });
		const listed = t.sim.log.at(-1)!.responseBody as { items: Array<{ trackingRef: string }> };
		expect(listed.items.map((c) => c.trackingRef)).not.toEqual(personally(refs));
		expect(page.results.map((r) => r.name)).toEqual(['air-7', 'Boat 1', 'CONS-2002', 'CONS-2010']);
	});
});

/** The multi-pickers (n8n's multiOptions with loadOptions): a list of ids chosen from the workspace. */
describe('multi-pickers', () => {
	const t = useSimulator();

	it('getSpaces lists every space of the workspace, sorted by what it shows', async () => {
		const options = await t.n8n.loadOptions('getSpaces', {
			workspaceId: byId(t.sim.seed.workspaceId),
		});
		const spaces = t.sim.spacesOf(t.sim.seed.workspaceId);
		expect(options.map((o) => o.value).sort()).toEqual(spaces.map((s) => s.id).sort());
		const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
		const names = options.map((o) => o.name);
		expect(names).toEqual([...names].sort((a, b) => collator.compare(a, b)));
		for (const space of spaces)
			expect(options.find((o) => o.value === space.id)?.name).toBe(`${space.name} (${space.id})`);
	});

	it('asks for a workspace first', async () => {
		t.sim.resetStats();
		await expect(t.n8n.loadOptions('getSpaces', {})).rejects.toThrow(
			'Select a Workspace first to list its spaces',
		);
		expect(t.sim.stats.requests).toBe(0);
	});
});
