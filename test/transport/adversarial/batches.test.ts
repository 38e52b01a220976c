// Issue 10, case 7 (partial batches): 2,500 assets in batches of 1,000 whose 2nd batch the
// service rejects, naming the element it blames relative to that batch (assets[17]).
import { expectOurMessage, fast, useAdversary, WORKSPACE, byId } from './helpers';
import { json, serviceError, type Handler } from './server';

const PATH = `/workspaces/${WORKSPACE}/assets`;

/** Creates every batch except the 2nd, which it rejects because of its 18th element. */
const rejectSecondBatch: Handler = (req, res, nth) => {
	if (nth === 2) return serviceError(res, 400, 'assets[17].name is already used in this workspace');
	const { assets } = JSON.parse(req.body) as { assets: Array<{ name: string }> };
	json(res, 201, {
		items: assets.map((a, k) => ({ id: `B${nth}-${k}`, name: a.name, workspaceId: WORKSPACE })),
	});
};

const input = Array.from({ length: 2500 }, (_, i) => ({ name: `Pallet ${i}` }));
const createMany = {
	resource: 'asset',
	operation: 'create',
	workspaceId: byId(WORKSPACE),
	name: '={{ $json.name }}',
	options: fast(),
};

describe('adversarial server: partial batches', () => {
	const t = useAdversary('cred-adversarial-batches');

	it('Continue On Fail off: the error lists what batch 1 created; batch 3 is not sent', async () => {
		t.server.script(rejectSecondBatch);
		const run = await t.run(createMany, { input });
		const error = expectOurMessage(run, 'POST', PATH, t.server);
		expect(error.message).toContain(
			'failed: 400 Bad Request - assets[17].name is already used in this workspace',
		);
		expect(error.description).toContain(
			'Batch 2 of 3 (input items 1000–1999) failed; assets[17] is input item 1017.',
		);
		expect(error.description).toContain(
			'Batch 1 succeeded before it and created 1000 items: B1-0, B1-1,',
		);
		expect(error.description).toContain('B1-999.');
		expect(error.description).toContain('Batch 3 was not sent.');
		expect((error as unknown as { context: { itemIndex: number } }).context.itemIndex).toBe(1017);
		expect(t.server.count('POST')).toBe(2);
	});

	it('Continue On Fail on: every batch goes; each failed item has its own error, the blamed one named', async () => {
		t.server.script(rejectSecondBatch);
		const run = await t.run(createMany, { input, continueOnFail: true });
		expect(run.error).toBeUndefined();
		expect(t.server.count('POST')).toBe(3);
		expect(run.items).toHaveLength(2500);
		const json = run.items.map((item) => item.json);
		run.items.forEach((item, i) => expect(item.pairedItem).toEqual({ item: i }));
		expect(json[0]).toMatchObject({ id: 'B1-0', name: 'Pallet 0' });
		expect(json[2499]).toMatchObject({ id: 'B3-499', name: 'Pallet 2499' });
		expect(json[1017].error).toMatch(
			/^Input item 1017 was rejected \(it is assets\[17\] of the batch of input items 1000–1999\): Asset Tracking POST /,
		);
		expect(json[1000].error).toMatch(
			/^Input item 1000 was not created: its batch \(input items 1000–1999\) was rejected because of input item 1017 \(assets\[17\]\): /,
		);
		expect(json[1999].error).toContain('Input item 1999 was not created');
		for (let i = 1000; i < 2000; i++) {
			expect(json[i].status).toBe(400);
			expect(json[i].requestId).toBe(t.server.received[1].requestId);
		}
	});
});
