/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// Issue 39: n8n's Request Options, which n8n's loader gives every node without execute(), reach
// the pack's transport, for routed and custom operations alike.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { AssetTrackingClient } from '../../../nodes/AssetTracking/transport';
import { asset, getAsset, listWorkspaces, useAdversary } from './helpers';
import { json } from './server';

describe('adversarial server: Request Options reach the transport', () => {
	const t = useAdversary('cred-adversarial-request-options');

	it.each([
		['routed (Asset → Get)', getAsset('A-1', { maxRetries: 0 })],
		['custom (Workspace → Get Many)', listWorkspaces({ maxRetries: 0 })],
	])('%s: a Timeout shorter than the stall fails at that timeout', async (_name, parameters) => {
		// A token first, so the deadline covers the stalled request alone.
		t.server.script((req, res) =>
			json(res, 200, req.path.includes('/assets/') ? asset : { items: [] }),
		);
		expect((await t.run(parameters)).error).toBeUndefined();
		t.server.script(() => undefined);
		const run = await t.run({ ...parameters, requestOptions: { timeout: 200 } });
		expect(run.error!.message).toContain('(Timeout 0.2 s)');
		expect(t.server.count()).toBe(1);
	});

	describe('a proxy receives the request', () => {
		let proxy: Server;
		const seen: string[] = [];
		beforeAll(async () => {
			proxy = createServer((req, res) => {
				seen.push(`${req.method} ${req.url}`);
				json(res, 200, req.url!.includes('/assets/') ? asset : { items: [] });
			});
			await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
		});
		afterAll(async () => new Promise<void>((resolve) => proxy.close(() => resolve())));
		beforeEach(() => (seen.length = 0));

		it.each([
			['routed (Asset → Get)', getAsset('A-1')],
			['custom (Workspace → Get Many)', listWorkspaces()],
		])('%s', async (_name, parameters) => {
			t.server.script((_req, res) => json(res, 500, {}));
			const port = (proxy.address() as AddressInfo).port;
			const run = await t.run({
				...parameters,
				requestOptions: { proxy: `http://127.0.0.1:${port}` },
			});
			expect(run.error).toBeUndefined();
			expect(seen).toHaveLength(1);
			// The absolute form a proxy is sent: the service's URL, through the proxy.
			expect(seen[0]).toMatch(new RegExp(`^GET http://127\\.0\\.0\\.1:\\d+/g\\d+/v1/`));
			expect(t.server.count()).toBe(0);
		});

		it('a Proxy that is not a URL with host and port is refused by name, nothing sent', async () => {
			const run = await t.run({ ...listWorkspaces(), requestOptions: { proxy: 'proxy-host' } });
			expect(run.error!.message).toBe('Invalid "Proxy": must be a URL with a host and a port');
			expect(t.server.count()).toBe(0);
		});
	});

	it.each([
		['routed (Asset → Get)', getAsset('A-1')],
		['custom (Workspace → Get Many)', listWorkspaces()],
	])('%s: Ignore SSL Issues reaches the request', async (_name, parameters) => {
		t.server.script((req, res) =>
			json(res, 200, req.path.includes('/assets/') ? asset : { items: [] }),
		);
		const dispatch = jest.spyOn(
			AssetTrackingClient.prototype as unknown as { dispatch: (o: object) => Promise<unknown> },
			'dispatch',
		);
		try {
			const run = await t.run({ ...parameters, requestOptions: { allowUnauthorizedCerts: true } });
			expect(run.error).toBeUndefined();
			expect(dispatch).toHaveBeenCalledWith(
				expect.objectContaining({ skipSslCertificateValidation: true }),
			);
			const without = await t.run(parameters);
			expect(without.error).toBeUndefined();
			expect(dispatch).toHaveBeenLastCalledWith(
				expect.not.objectContaining({ skipSslCertificateValidation: true }),
			);
		} finally {
			dispatch.mockRestore();
		}
	});
});
