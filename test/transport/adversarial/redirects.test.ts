/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// A server that answers with a redirect. n8n's request helper follows redirects by default and,
// unless told otherwise, copies the Authorization header to the redirect's target whatever its
// origin (@n8n/backend-network's beforeRedirect, sendCredentialsOnCrossOriginRedirect ?? true),
// and follow-redirects turns a POST answered 301/302 into a GET without its body. So the client
// follows none: a redirect is an error naming where it pointed, the token stays with the service
// and a create is never turned into something else.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { createAsset, expectOurMessage, getAsset, useAdversary, WORKSPACE } from './helpers';
import { json } from './server';

/** A second origin (another port) that records what reaches it. */
async function elsewhere(): Promise<{ url: string; seen: string[]; close(): Promise<void> }> {
	const seen: string[] = [];
	const server: Server = createServer((req, res) => {
		seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? '(no authorization)'}`);
		json(res, 200, { id: 'A-1', name: 'from elsewhere' });
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/v1/assets/A-1`,
		seen,
		close: async () => await new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

describe('adversarial server: redirects', () => {
	const t = useAdversary('cred-adversarial-redirects');
	let other: Awaited<ReturnType<typeof elsewhere>>;
	beforeAll(async () => {
		other = await elsewhere();
	});
	afterAll(async () => other.close());
	beforeEach(() => {
		other.seen.length = 0;
	});

	it.each([301, 302, 307, 308])(
		'a GET answered %d to another origin is not followed: no token leaves, the error names the target',
		async (status) => {
			t.server.script((_req, res) => json(res, status, undefined, { location: other.url }));
			const run = await t.run(getAsset('A-1'));
			expect(other.seen).toEqual([]);
			expect(t.server.count('GET')).toBe(1);
			const error = expectOurMessage(run, 'GET', '/assets/A-1', t.server);
			expect(error.message).toContain(`failed: ${status}`);
			expect(String(error.description)).toContain(`redirected to ${other.url}`);
			expect(run.items).toEqual([]);
		},
	);

	it('a POST answered 302 is neither followed nor repeated: nothing is created elsewhere or twice', async () => {
		t.server.script((_req, res) => json(res, 302, undefined, { location: other.url }));
		const run = await t.run(createAsset());
		expect(other.seen).toEqual([]);
		expect(t.server.count('POST')).toBe(1);
		const error = expectOurMessage(run, 'POST', `/workspaces/${WORKSPACE}/assets`, t.server);
		expect(String(error.description)).toContain(`redirected to ${other.url}`);
	});

	it('a redirect within the service is not followed either, and Continue On Fail outputs the error', async () => {
		t.server.script((_req, res) =>
			json(res, 302, undefined, { location: `${t.server.endpoint.baseUrl}/assets/A-2` }),
		);
		const run = await t.run(getAsset('A-1'), { continueOnFail: true });
		expect(t.server.count('GET')).toBe(1);
		expect(run.items).toHaveLength(1);
		expect(String(run.items[0].json.error)).toContain('failed: 302');
	});
});
