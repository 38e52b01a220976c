import type { IDataObject } from 'n8n-workflow';

import { useSimulator } from '../harness/fixtures';
import { byId, items, ok, run } from './helpers';

describe('paging, batching and continue-on-fail', () => {
	const t = useSimulator();

	describe('Return All and Limit over 25,003 assets', () => {
		let workspaceId: string;
		beforeAll(() => {
			// The second workspace holds 3 seeded assets; 25,000 more make 25,003.
			workspaceId = t.sim.seed.otherWorkspaceId;
			t.sim.addAssets(workspaceId, 25_000);
		});

		it('Return All: 25,003 items in 3 requests of limit=10000', async () => {
			const r = await ok(t, {
				resource: 'asset',
				operation: 'getMany',
				workspaceId: byId(workspaceId),
				returnAll: true,
			});
			expect(r.exchanges).toHaveLength(3);
			for (const exchange of r.exchanges) {
				expect(exchange.operation).toBe('GET /workspaces/{workspaceId}/assets');
				expect(exchange.query.limit).toBe('10000');
				expect(exchange.status).toBe(200);
			}
			// The first page starts fresh; each further page passes back the previous nextToken unchanged.
			expect(r.exchanges[0].query.nextToken).toBeUndefined();
			expect(r.exchanges[1].query.nextToken).toBe(
				(r.exchanges[0].responseBody as IDataObject).nextToken,
			);
			expect(r.exchanges[2].query.nextToken).toBe(
				(r.exchanges[1].responseBody as IDataObject).nextToken,
			);
			expect(r.items).toHaveLength(25_003);
			expect(new Set(r.json.map((a) => a.id)).size).toBe(25_003);
			expect(r.json.slice(0, 3).map((a) => a.id)).toEqual(t.sim.seed.other.assetIds);
			expect(r.items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
		});

		it('Limit 7: 7 items in one request with limit=7', async () => {
			const r = await ok(t, {
				resource: 'asset',
				operation: 'getMany',
				workspaceId: byId(workspaceId),
				limit: 7,
			});
			expect(r.exchanges).toHaveLength(1);
			expect(r.exchanges[0].query).toEqual({ limit: '7' });
			expect(r.items).toHaveLength(7);
			expect(r.json).toEqual(items(r.exchanges[0].responseBody));
		});
	});

	describe('batching', () => {
		const names = (n: number, prefix: string) =>
			Array.from({ length: n }, (_, i) => ({ name: `${prefix} ${i + 1}` }));
		const create = { resource: 'asset', operation: 'create', name: '={{ $json.name }}' };

		it('2,500 input items: 3 requests, 2,500 output items each paired with its input', async () => {
			const input = names(2500, 'Batch asset');
			const r = await ok(t, { ...create, workspaceId: byId(t.sim.seed.workspaceId) }, { input });
			expect(r.exchanges.map((e) => [e.operation, e.status])).toEqual([
				['POST /workspaces/{workspaceId}/assets', 201],
				['POST /workspaces/{workspaceId}/assets', 201],
				['POST /workspaces/{workspaceId}/assets', 201],
			]);
			expect(
				r.exchanges.map((e) => (e.requestBody as { assets: unknown[] }).assets.length),
			).toEqual([1000, 1000, 500]);
			const sent = r.exchanges.flatMap((e) => (e.requestBody as { assets: IDataObject[] }).assets);
			expect(sent).toEqual(input);
			expect(r.items).toHaveLength(2500);
			r.items.forEach((item, i) => {
				expect(item.pairedItem).toEqual({ item: i });
				expect(item.json.name).toBe(input[i].name);
				expect(item.json.id).toEqual(expect.any(String));
			});
		});

		it('Batch Requests off: one request per item', async () => {
			const input = names(5, 'Single asset');
			const r = await ok(
				t,
				{ ...create, workspaceId: byId(t.sim.seed.workspaceId), options: { batching: false } },
				{ input },
			);
			expect(r.exchanges).toHaveLength(5);
			expect(r.exchanges.map((e) => e.requestBody)).toEqual(
				input.map((one) => ({ assets: [one] })),
			);
			expect(r.items.map((item) => [item.pairedItem, item.json.name])).toEqual(
				input.map((one, i) => [{ item: i }, one.name]),
			);
		});

		it('items naming different workspaces go in separate requests', async () => {
			const { workspaceId, otherWorkspaceId } = t.sim.seed;
			const input = [
				{ ws: workspaceId, name: 'Split A' },
				{ ws: otherWorkspaceId, name: 'Split B' },
				{ ws: workspaceId, name: 'Split C' },
			];
			const r = await ok(t, { ...create, workspaceId: byId('={{ $json.ws }}') }, { input });
			expect(r.exchanges.map((e) => [e.rawPath, e.requestBody])).toEqual([
				[
					`/v1/workspaces/${workspaceId}/assets`,
					{ assets: [{ name: 'Split A' }, { name: 'Split C' }] },
				],
				[`/v1/workspaces/${otherWorkspaceId}/assets`, { assets: [{ name: 'Split B' }] }],
			]);
			// Output order is input order, whatever the request order.
			expect(
				r.items.map((item) => [item.pairedItem, item.json.name, item.json.workspaceId]),
			).toEqual([
				[{ item: 0 }, 'Split A', workspaceId],
				[{ item: 1 }, 'Split B', otherWorkspaceId],
				[{ item: 2 }, 'Split C', workspaceId],
			]);
		});
	});

	describe('continue on fail', () => {
		it('3 items, the second naming a missing asset: 3 outputs, the second holding the 404', async () => {
			const [first, second] = t.sim.seed.assetIds;
			const r = await run(
				t,
				{ resource: 'asset', operation: 'get', assetId: byId('={{ $json.id }}') },
				{ input: [{ id: first }, { id: 'missing-asset-1' }, { id: second }], continueOnFail: true },
			);
			expect(r.error).toBeUndefined();
			expect(r.exchanges.map((e) => [e.rawPath, e.status])).toEqual([
				[`/v1/assets/${first}`, 200],
				['/v1/assets/missing-asset-1', 404],
				[`/v1/assets/${second}`, 200],
			]);
			expect(r.items).toHaveLength(3);
			expect(r.items.map((item) => item.pairedItem)).toEqual([
				{ item: 0 },
				{ item: 1 },
				{ item: 2 },
			]);
			expect(r.json[0].id).toBe(first);
			expect(r.json[2].id).toBe(second);
			const failure = r.json[1];
			expect(failure.status).toBe(404);
			expect(failure.error).toBe('The asset missing-asset-1 was not found');
			expect(failure.description).toContain('404 Not Found - Asset missing-asset-1 not found');
			expect(failure.requestId).toEqual(expect.any(String));
		});

		it('without continue on fail, the node fails on the missing asset', async () => {
			const r = await run(
				t,
				{ resource: 'asset', operation: 'get', assetId: byId('={{ $json.id }}') },
				{
					input: [
						{ id: t.sim.seed.assetIds[0] },
						{ id: 'missing-asset-2' },
						{ id: t.sim.seed.assetIds[1] },
					],
				},
			);
			expect(r.error).toBeDefined();
			expect(r.error!.message).toBe('The asset missing-asset-2 was not found');
			expect(r.error!.description).toContain('failed: 404');
			// It stopped at the failing item.
			expect(r.exchanges).toHaveLength(2);
		});

		it('continue on fail with a bad item in a batch: that item fails alone, the others are created', async () => {
			const r = await run(
				t,
				{
					resource: 'asset',
					operation: 'create',
					workspaceId: byId(t.sim.seed.workspaceId),
					name: '={{ $json.name }}',
				},
				{
					input: [{ name: 'Good one' }, { name: 'Bad; name' }, { name: 'Good two' }],
					continueOnFail: true,
				},
			);
			expect(r.error).toBeUndefined();
			expect(r.exchanges).toHaveLength(1);
			expect(r.exchanges[0].requestBody).toEqual({
				assets: [{ name: 'Good one' }, { name: 'Good two' }],
			});
			expect(r.items.map((item) => item.pairedItem)).toEqual([
				{ item: 0 },
				{ item: 1 },
				{ item: 2 },
			]);
			expect(r.json[0].name).toBe('Good one');
			expect(r.json[1].error).toContain('Invalid "Name"');
			expect(r.json[2].name).toBe('Good two');
		});
	});
});

describe('an operation the node does not know', () => {
	const t = useSimulator();

	it('is named in the error, its markup characters in words, and nothing is sent', async () => {
		const r = await run(t, { resource: 'asset', operation: 'get<Label>' });
		expect(r.error?.message).toBe(
			'The resource "asset" has no operation "get<Label>", with "<" (less-than) at position 4 and ">" (greater-than) at position 10',
		);
		expect(t.sim.stats.requests).toBe(0);
	});
});
