// Each case of issue 10 against a server that misbehaves on purpose, through n8n's engine: the
// user-facing message (method, path, request-id, no stock text), how many requests arrived, and
// that a POST/PATCH arrived at most once.
import {
	asset,
	byId,
	expectFreshRequestIds,
	expectOurMessage,
	fast,
	getAsset,
	linkLabel,
	listWorkspaces,
	useAdversary,
	WORKSPACE,
} from './helpers';
import {
	CLIENT_KEY_TEXT,
	json,
	resetMidBody,
	serviceError,
	truncatedByCleanClose,
	type Handler,
} from './server';

describe('adversarial server: the transport stays honest', () => {
	const t = useAdversary('cred-adversarial-transport');

	describe('2. our message survives the words n8n maps to stock text', () => {
		it('a reset mid-body names the request, not "the connection was closed unexpectedly"', async () => {
			t.server.script(resetMidBody);
			const run = await t.run(listWorkspaces());
			const error = expectOurMessage(run, 'GET', '/workspaces', t.server);
			expect(error.message).toMatch(
				/failed: 200 but the connection closed after \d+ of 500 bytes of the body \(truncated\)/,
			);
			expect(t.server.count('GET')).toBe(5);
		});

		it('GET /assets/ENOENT answered 404 says 404 and the detail, not "file or directory"', async () => {
			t.server.script((req, res) =>
				serviceError(res, 404, `No asset ENOENT (${req.path})`, 'Not Found'),
			);
			const run = await t.run(getAsset('ENOENT'));
			const error = expectOurMessage(run, 'GET', '/assets/ENOENT', t.server);
			expect(error.message).toBe('The asset ENOENT was not found');
			expect(error.description).toContain(
				'failed: 404 Not Found - No asset ENOENT (/v1/assets/ENOENT) (code InvalidRequest)',
			);
			expect(t.server.count()).toBe(1);
		});
	});

	it('3. a body cut off by a clean close is a network failure, retried for a GET', async () => {
		t.server.script(truncatedByCleanClose);
		const run = await t.run(listWorkspaces());
		const error = expectOurMessage(run, 'GET', '/workspaces', t.server);
		expect(error.message).toMatch(/failed: 200 but the connection closed after \d+ of 500 bytes/);
		expect(error.description).toContain('gave up after 5 attempts');
		expect(t.server.count('GET')).toBe(5);
		expectFreshRequestIds(t.server);
	});

	describe('4. the token exchange is named as such', () => {
		const html: Handler = (_req, res) => {
			res.writeHead(500, { 'content-type': 'text/html' });
			res.end('<html><body><h1>500 Internal Server Error</h1></body></html>');
		};

		it('a token endpoint answering 500 (HTML): retried by the policy, no API request made', async () => {
			t.server.script(() => undefined, html);
			const run = await t.run(listWorkspaces());
			const error = expectOurMessage(run, 'GET', '/workspaces', t.server);
			expect(error.message).toContain(`failed: token request to ${t.server.tokenUrl} failed: 500`);
			expect(error.description).toContain('<h1>500 Internal Server Error</h1>');
			expect(t.server.tokenRequests).toHaveLength(5);
			expect(t.server.count()).toBe(0);
		});

		it('a token endpoint answering 200 with HTML: no token, said so', async () => {
			t.server.script(
				() => undefined,
				(_req, res) => {
					res.writeHead(200, { 'content-type': 'text/html' });
					res.end('<html>Sign in</html>');
				},
			);
			const run = await t.run(listWorkspaces(fast({ maxRetries: 1 })));
			const error = expectOurMessage(run, 'GET', '/workspaces', t.server);
			expect(error.message).toContain(
				`token request to ${t.server.tokenUrl} failed: 200 without a token`,
			);
			expect(t.server.tokenRequests).toHaveLength(2);
		});

		it('a token endpoint refusing the client is not retried', async () => {
			t.server.script(
				() => undefined,
				(_req, res) =>
					json(res, 401, { error: 'invalid_client', error_description: 'Unknown client' }),
			);
			const run = await t.run(listWorkspaces());
			const error = expectOurMessage(run, 'GET', '/workspaces', t.server);
			expect(error.message).toContain(`token request to ${t.server.tokenUrl} failed`);
			expect(error.description).toContain('Check the Token Host URL, Client ID and Client Secret');
			expect(t.server.tokenRequests).toHaveLength(1);
		});

		it('a failed refresh during a POST names the token request; the POST arrived once', async () => {
			t.server.script(
				(_req, res) => serviceError(res, 401, 'The token expired', 'Unauthorized'),
				(req, res, nth) =>
					nth === 1
						? json(res, 200, { access_token: 'tok-1-Zq9', token_type: 'bearer', expires_in: 3600 })
						: html(req, res, nth),
			);
			const run = await t.run(linkLabel());
			const error = expectOurMessage(run, 'POST', '/assets/A-1/labels', t.server);
			expect(error.message).toContain(`token request to ${t.server.tokenUrl} failed: 500`);
			expect(error.message).toContain(`[request-id ${t.server.received[0].requestId}]`);
			expect(t.server.count('POST')).toBe(1);
			expect(t.server.tokenRequests).toHaveLength(1 + 5);
		});
	});

	describe('5. no output invented from a body that is not the declared shape', () => {
		it.each([
			['{}', '{}'],
			['[]', '[]'],
			['null', 'null'],
			['an empty body', ''],
			['"x"', '"x"'],
		])('GET /assets/{id} answered 200 with %s is an error quoting it', async (_, body) => {
			t.server.script((_req, res) => {
				res.writeHead(200, {
					'content-type': 'application/json',
					'content-length': String(body.length),
				});
				res.end(body);
			});
			const run = await t.run(getAsset('A-1'));
			const error = expectOurMessage(run, 'GET', '/assets/A-1', t.server);
			expect(error.message).toContain(
				'failed: 200: the service answered without the object this operation returns',
			);
			expect(error.description).toContain(
				`The service answered: ${body === '' ? '(empty body)' : body}`,
			);
			expect(run.items).toHaveLength(0);
			expect(t.server.count()).toBe(1);
		});

		it('a list answered null is an error, not a crash', async () => {
			t.server.script((_req, res) => json(res, 200, null));
			const run = await t.run(listWorkspaces());
			const error = expectOurMessage(run, 'GET', '/workspaces', t.server);
			expect(error.message).toContain('without the "items" list');
			expect(error.message).not.toContain('Cannot read properties');
		});

		it('a delete answered 204 outputs what was deleted (the spec promises no body)', async () => {
			t.server.script((_req, res) => {
				res.writeHead(204);
				res.end();
			});
			const run = await t.run({
				resource: 'asset',
				operation: 'delete',
				assetId: byId('A-1'),
				options: fast(),
			});
			expect(run.error).toBeUndefined();
			expect(run.items.map((i) => i.json)).toEqual([{ deleted: true, assetId: 'A-1' }]);
		});
	});

	describe('6. values from expressions are read as n8n reads them', () => {
		it('Is Active "false" is sent as false; "nope" is refused with nothing sent', async () => {
			t.server.script((_req, res) =>
				json(res, 200, {
					id: WORKSPACE,
					trackingRef: 'REF-1',
					isActive: false,
					workspace: { id: WORKSPACE, name: 'W' },
				}),
			);
			const update = (isActive: string) => ({
				resource: 'consignment',
				operation: 'update',
				workspaceId: byId(WORKSPACE),
				trackingRef: 'REF-1',
				isActive,
				options: fast(),
			});
			const run = await t.run(update('={{ "false" }}'));
			expect(run.error).toBeUndefined();
			expect(JSON.parse(t.server.received[0].body)).toEqual({ isActive: false });
			expect(t.server.count('PATCH')).toBe(1);

			t.server.script((_req, res) => json(res, 200, {}));
			const refused = await t.run(update('={{ "nope" }}'));
			expect(refused.error!.message).toBe(
				'Invalid "Is Active": must be true or false (got "nope")',
			);
			expect(t.server.count()).toBe(0);
		});

		it('an asset id given as the number 123 is sent as the id 123', async () => {
			t.server.script((_req, res) => json(res, 200, { ...asset, id: '123' }));
			const run = await t.run({
				resource: 'asset',
				operation: 'get',
				assetId: byId('={{ 123 }}'),
				options: fast(),
			});
			expect(run.error).toBeUndefined();
			expect(t.server.received[0].path).toBe('/v1/assets/123');
			expect(run.items[0].json.id).toBe('123');
		});
	});

	it('9. secrets echoed by the service are redacted in everything n8n keeps of the error', async () => {
		const echo = `token Bearer tok-1-Zq9 refused; client_secret=${CLIENT_KEY_TEXT}; Basic YWR2ZXJzYXJ5`;
		t.server.script((_req, res) =>
			json(res, 400, {
				errors: [
					{
						status: '400',
						title: `Bad Request Bearer tok-1-Zq9`,
						detail: echo,
						code: 'Bearer tok-1-Zq9',
					},
				],
			}),
		);
		const run = await t.run(getAsset('A-1'));
		const error = expectOurMessage(run, 'GET', '/assets/A-1', t.server) as unknown as Record<
			string,
			unknown
		>;
		const kept = JSON.stringify({
			message: error.message,
			description: error.description,
			errorResponse: error.errorResponse,
			cause: error.cause ?? null,
			context: error.context,
			messages: error.messages,
			json: error,
		});
		expect(kept).toContain('[redacted]');
		for (const secret of ['tok-1-Zq9', CLIENT_KEY_TEXT, 'YWR2ZXJzYXJ5'])
			expect(kept).not.toContain(secret);
	});

	it('10. the repeat after a token refresh carries a fresh request-id, and the new token is stored', async () => {
		t.server.script((_req, res, nth) =>
			nth === 1
				? serviceError(res, 401, 'The token expired', 'Unauthorized')
				: json(res, 200, asset),
		);
		const run = await t.run(getAsset('A-1'));
		expect(run.error).toBeUndefined();
		expect(run.items[0].json).toEqual(asset);
		expect(t.server.count()).toBe(2);
		expectFreshRequestIds(t.server);
		expect(t.server.received.map((r) => r.authorization)).toEqual([
			'Bearer tok-1-Zq9',
			'Bearer tok-2-Zq9',
		]);
		expect(t.server.tokenRequests).toHaveLength(2);
		const stored = t.n8n.credentials.stored('cred-adversarial-transport')!.oauthTokenData as {
			access_token: string;
		};
		expect(stored.access_token).toBe('tok-2-Zq9');
	});

	it('10. a second 401 after the refresh is the error, with no third request', async () => {
		t.server.script((_req, res) => serviceError(res, 401, 'Token not accepted', 'Unauthorized'));
		const run = await t.run(getAsset('A-1'));
		const error = expectOurMessage(run, 'GET', '/assets/A-1', t.server);
		expect(error.message).toContain('failed: 401 Unauthorized - Token not accepted');
		expect(t.server.count()).toBe(2);
		expectFreshRequestIds(t.server);
	});
});
