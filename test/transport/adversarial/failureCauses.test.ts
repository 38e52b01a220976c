// Issue 39: every error the pack builds declares why it failed (n8n-workflow's `failure`), so
// n8n's poll scheduler can wait a timed cause out and back an actionable one off.
import { byId, fast, getAsset, linkLabel, listWorkspaces, useAdversary } from './helpers';
import { json, serviceError } from './server';

describe('adversarial server: every failure declares its cause', () => {
	const t = useAdversary('cred-adversarial-causes');
	const failureOf = (run: { error?: unknown }) => (run.error as { failure?: unknown }).failure;

	it('a 429 whose Retry-After exceeds Max Retry Wait is rate-limited, with the wait asked for', async () => {
		t.server.script((_req, res) =>
			json(
				res,
				429,
				{ errors: [{ status: '429', detail: 'Slow down' }] },
				{ 'retry-after': '120' },
			),
		);
		const run = await t.run(listWorkspaces());
		expect(failureOf(run)).toEqual({ cause: 'rate-limited', retryAfterMs: 120000 });
		expect(t.server.count()).toBe(1);
	});

	it('a 429 without Retry-After that outlived the retries is rate-limited without a wait', async () => {
		t.server.script((_req, res) => serviceError(res, 429, 'Slow down', 'Too Many Requests'));
		const run = await t.run(listWorkspaces(fast({ maxRetries: 1 })));
		expect(failureOf(run)).toEqual({ cause: 'rate-limited' });
		expect(t.server.count()).toBe(2);
	});

	it.each([
		['a 503 after the retries', 503],
		['a 500', 500],
	])('%s is temporarily-unavailable', async (_name, status) => {
		t.server.script((_req, res) => serviceError(res, status, 'Down', 'Unavailable'));
		const run = await t.run(listWorkspaces(fast({ maxRetries: 1 })));
		expect(failureOf(run)).toEqual({ cause: 'temporarily-unavailable' });
	});

	it('a dropped connection after the retries is temporarily-unavailable', async () => {
		t.server.script((_req, res) => void res.socket?.destroy());
		const run = await t.run(listWorkspaces(fast({ maxRetries: 1 })));
		expect(failureOf(run)).toEqual({ cause: 'temporarily-unavailable' });
	});

	it('a stall past the Timeout is temporarily-unavailable', async () => {
		t.server.script(() => undefined);
		const run = await t.run(listWorkspaces(fast({ maxRetries: 0, timeout: 0.2 })));
		expect(run.error!.message).toContain('no response within');
		expect(failureOf(run)).toEqual({ cause: 'temporarily-unavailable' });
	});

	it('a 401 after a fresh token is credential-invalid', async () => {
		t.server.script((_req, res) => serviceError(res, 401, 'Token not accepted', 'Unauthorized'));
		const run = await t.run(listWorkspaces());
		expect(failureOf(run)).toEqual({ cause: 'credential-invalid' });
		expect(t.server.tokenRequests).toHaveLength(2);
	});

	it('a token endpoint refusing the client is credential-invalid', async () => {
		t.server.script(
			() => undefined,
			(_req, res) =>
				json(res, 401, { error: 'invalid_client', error_description: 'Unknown client' }),
		);
		const run = await t.run(listWorkspaces());
		expect(failureOf(run)).toEqual({ cause: 'credential-invalid' });
	});

	it('a token endpoint answering 503 after the retries is temporarily-unavailable', async () => {
		t.server.script(
			() => undefined,
			(_req, res) => json(res, 503, { error: 'unavailable' }),
		);
		const run = await t.run(listWorkspaces(fast({ maxRetries: 1 })));
		expect(run.error!.message).toContain('token request');
		expect(failureOf(run)).toEqual({ cause: 'temporarily-unavailable' });
	});

	it.each([
		['a 404', 404],
		['a 400', 400],
		['a 403', 403],
	])('%s is configuration-invalid', async (_name, status) => {
		t.server.script((_req, res) => serviceError(res, status, 'No', 'Refused'));
		const run = await t.run(getAsset('A-1'));
		expect(failureOf(run)).toEqual({ cause: 'configuration-invalid' });
	});

	it('an answer over Max Response Size is configuration-invalid', async () => {
		t.server.script((_req, res) => json(res, 200, { items: [], pad: 'x'.repeat(20_000) }));
		const run = await t.run(listWorkspaces(fast({ maxResponseSize: 0.01 })));
		expect(run.error!.message).toContain('Max Response Size');
		expect(failureOf(run)).toEqual({ cause: 'configuration-invalid' });
	});

	it('an answer of the wrong shape is temporarily-unavailable (the service is at fault)', async () => {
		t.server.script((_req, res) => json(res, 200, ['not', 'an', 'asset']));
		const run = await t.run(getAsset('A-1'));
		expect(failureOf(run)).toEqual({ cause: 'temporarily-unavailable' });
	});

	it('Max Pages reached is configuration-invalid', async () => {
		t.server.script((_req, res, nth) =>
			json(res, 200, { items: [{ id: `w${nth}`, name: 'W' }], nextToken: `t${nth}` }),
		);
		const run = await t.run(listWorkspaces(fast({ maxPages: 2 })));
		expect(run.error!.message).toContain('Max Pages (2)');
		expect(failureOf(run)).toEqual({ cause: 'configuration-invalid' });
	});

	it('a refused input and a refused setting are configuration-invalid, nothing sent', async () => {
		for (const parameters of [
			{ ...linkLabel(), assetId: byId('={{ "bad id!" }}') },
			listWorkspaces(fast({ maxRetries: 11 })),
		]) {
			t.server.script((_req, res) => json(res, 200, {}));
			const run = await t.run(parameters);
			expect(run.error!.message).toMatch(/^Invalid /);
			expect(failureOf(run)).toEqual({ cause: 'configuration-invalid' });
			expect(t.server.count()).toBe(0);
		}
	});
});
