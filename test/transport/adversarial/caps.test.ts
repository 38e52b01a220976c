// Issue 10, case 8 (no caps). Each case against a server that misbehaves on purpose, through n8n's engine: the
// user-facing message (method, path, request-id, no stock text), how many requests arrived, and
// that a POST/PATCH arrived at most once.
import { expectOurMessage, fast, listWorkspaces, useAdversary } from './helpers';
import { json } from './server';

describe('adversarial server: caps', () => {
	const t = useAdversary('cred-adversarial-caps');

	describe('8. caps on paging and on response size', () => {
		it('a list whose nextToken is always new stops at Max Pages with a clear error', async () => {
			t.server.script((_req, res, nth) =>
				json(res, 200, { items: [{ id: `W-${nth}`, name: 'W' }], nextToken: `page-${nth}` }),
			);
			const run = await t.run(listWorkspaces());
			const error = expectOurMessage(run, 'GET', '/workspaces', t.server);
			expect(error.message).toContain(
				'stopped paging after 200 pages: Max Pages (200) reached with 200 items read',
			);
			expect(t.server.count()).toBe(200);
			expect(run.items).toHaveLength(0);
		});

		it('Limit 5 over endless empty pages stops after 10 of them', async () => {
			t.server.script((_req, res, nth) => json(res, 200, { items: [], nextToken: `empty-${nth}` }));
			const run = await t.run({
				resource: 'workspace',
				operation: 'getMany',
				returnAll: false,
				limit: 5,
				options: fast(),
			});
			const error = expectOurMessage(run, 'GET', '/workspaces', t.server);
			expect(error.message).toContain('10 empty pages in a row');
			expect(t.server.count()).toBe(10);
		});

		it.each([
			['streamed without a length', false],
			['announced by Content-Length', true],
		])(
			'a 50 MB body (%s) over Max Response Size fails without being read whole, and its connection is closed',
			async (_, announced) => {
				const size = 50 * 1024 * 1024;
				let sent = 0;
				t.server.script((_req, res) => {
					res.writeHead(200, {
						'content-type': 'application/json',
						...(announced ? { 'content-length': String(size) } : {}),
					});
					const chunk = Buffer.alloc(64 * 1024, 0x20);
					const pump = () => {
						while (sent < size && !res.destroyed) {
							sent += chunk.length;
							if (!res.write(chunk)) return void res.once('drain', pump);
						}
						res.end();
					};
					res.on('error', () => undefined);
					pump();
				});
				const run = await t.run(listWorkspaces(fast({ maxResponseSize: 5 })));
				const error = expectOurMessage(run, 'GET', '/workspaces', t.server);
				expect(error.message).toContain(
					'200 with a body larger than the maximum response size of 5.0 MiB',
				);
				expect(t.server.count()).toBe(1);
				expect(sent).toBeLessThan(size);
				// The client ended the request: the server's side of it closes without the server
				// dropping it (a paused, never-read response would hold the connection open).
				await t.server.connectionsClosed();
			},
		);
	});
});
