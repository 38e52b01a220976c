// Issue 37: from node version 4, Asset → Get Many → Filters → In Space Names or IDs is chosen from
// the workspace's spaces (a list of ids); an expression may still give the ids as an array or as
// comma-separated text. Version 3 keeps the typed text.
import type { INodeParameters } from 'n8n-workflow';

import { useSimulator } from '../harness/fixtures';
import { byId, ok, run } from './helpers';

describe('Asset → Get Many → In Space filter', () => {
	const t = useSimulator({ labelledAssets: 0 });
	let ws: string;
	let freezer: string;
	let chilled: string;
	let inFreezer: string[];
	let inChilled: string[];

	beforeAll(() => {
		ws = t.sim.addWorkspace('Rooms');
		freezer = t.sim.addFacility(ws, 'Freezer 1').spaceId;
		chilled = t.sim.addFacility(ws, 'Chilled Room').spaceId;
		inFreezer = t.sim.addLabelledAssets(ws, 2, { inSpaceIds: [freezer] });
		inChilled = t.sim.addLabelledAssets(ws, 1, { inSpaceIds: [chilled] });
		t.sim.addLabelledAssets(ws, 2);
	});

	const getMany = (inSpaceIds: unknown): INodeParameters => ({
		resource: 'asset',
		operation: 'getMany',
		workspaceId: byId(ws),
		returnAll: true,
		filters: { inSpaceIds } as INodeParameters['filters'],
	});

	it.each([
		['version 4, chosen from the list', 4, () => [freezer, chilled]],
		['version 4, an expression giving text', 4, () => `={{ "${freezer}, ${chilled}" }}`],
		['version 4, an expression giving an array', 4, () => `={{ ["${freezer}", "${chilled}"] }}`],
		['version 3, typed text', 3, () => `${freezer},${chilled}`],
	])('%s', async (_name, typeVersion, value) => {
		const r = await ok(t, getMany(value()), { typeVersion });
		expect(r.exchanges).toHaveLength(1);
		expect(r.exchanges[0].query.inSpaceIds).toBe(`${freezer},${chilled}`);
		expect(r.json.map((a) => a.id).sort()).toEqual([...inFreezer, ...inChilled].sort());
	});

	it('version 4, nothing chosen: no filter', async () => {
		const r = await ok(t, getMany([]), { typeVersion: 4 });
		expect(r.exchanges[0].query).not.toHaveProperty('inSpaceIds');
		expect(r.json).toHaveLength(5);
	});

	it('version 4, an id that cannot be one is refused by the field’s name, nothing sent', async () => {
		const before = t.sim.stats.requests;
		const r = await run(t, getMany([freezer, 'a/b']), { typeVersion: 4 });
		expect(r.error?.message).toMatch(
			/^Invalid "In Space Names or IDs": must be a comma-separated list/,
		);
		expect(t.sim.stats.requests).toBe(before);
	});
});
