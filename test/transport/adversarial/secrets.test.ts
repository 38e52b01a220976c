/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// Issue 16: secrets a server echoes never reach what n8n keeps of an execution; endless paging
// stops at Max Pages; a token answer without a token is named. Each case against a server that
// misbehaves on purpose, through n8n's engine; the whole run data is serialised and searched for
// every form of every secret.
import {
	byId,
	expectOurMessage,
	fast,
	getAsset,
	listWorkspaces,
	useAdversary,
	WORKSPACE,
} from './helpers';
import { CLIENT_ID, json, type Handler } from './server';

/** A secret with characters that change under URL-encoding, JSON escaping and base64. */
const SECRET = 'Sec/+=&%"ret\\value 42~!';
/** Tokens that look like real ones (base64-ish), with characters URL-encoding changes. */
const tokenOf = (nth: number) => `tok.${nth}/Zq9+ab=cd-EyJhbGciOi`;
const issueTokens: Handler = (_req, res, nth) =>
	json(res, 200, { access_token: tokenOf(nth), token_type: 'bearer', expires_in: 3600 });

/** Every form of a value a server might echo. */
function formsOf(value: string): Record<string, string> {
	const utf8 = Buffer.from(value, 'utf8');
	return {
		raw: value,
		urlEncoded: encodeURIComponent(value),
		formEncoded: new URLSearchParams({ v: value }).toString().slice(2),
		lowerHex: encodeURIComponent(value).replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()),
		jsonEscaped: JSON.stringify(value).slice(1, -1),
		jsonEscapedTwice: JSON.stringify(JSON.stringify(value).slice(1, -1)).slice(1, -1),
		base64: utf8.toString('base64'),
		base64url: utf8.toString('base64url'),
	};
}
const basicOf = (id: string, secret: string) => Buffer.from(`${id}:${secret}`).toString('base64');

/** Fails naming the form when any form of any secret is in the text. */
function expectNoSecret(text: string, secrets: Record<string, string>) {
	for (const [name, secret] of Object.entries(secrets)) {
		for (const [form, value] of Object.entries(formsOf(secret))) {
			if (text.includes(value))
				throw new Error(
					`${name} (${form}) found in: ${text.slice(Math.max(0, text.indexOf(value) - 80), text.indexOf(value) + value.length + 40)}`,
				);
		}
	}
}

/** A body echoing the value in every form, as gateways' debug modes and token endpoints do. */
const echoAll = (value: string) =>
	Object.entries(formsOf(value))
		.map(([form, v]) => `${form}=${v}`)
		.join(' | ');

describe('adversarial server: secrets and limits (issue 16)', () => {
	const t = useAdversary('cred-adversarial-secrets');
	beforeAll(() => {
		t.server.clientSecret = SECRET;
	});
	beforeEach(() => {
		// useAdversary's beforeEach stored the credential before this secret was set on a fresh run.
		t.n8n.addCredential('cred-adversarial-secrets', t.server.endpoint);
	});

	const secrets = () => ({
		token: tokenOf(1),
		clientSecret: SECRET,
		basic: basicOf(CLIENT_ID, SECRET),
	});

	it.each([false, true])(
		'a 400 echoing the bare access token in every form keeps it out of the run data (Continue On Fail %s)',
		async (continueOnFail) => {
			const echo = `token ${echoAll(tokenOf(1))}`;
			t.server.script(
				(_req, res) =>
					json(res, 400, {
						errors: [{ status: '400', title: `Bad ${tokenOf(1)}`, detail: echo, code: tokenOf(1) }],
					}),
				issueTokens,
			);
			const run = await t.run(getAsset('A-1'), { continueOnFail });
			expect(t.server.received[0].authorization).toBe(`Bearer ${tokenOf(1)}`);
			const whole = JSON.stringify(run.run);
			expectNoSecret(whole, secrets());
			if (continueOnFail) {
				expect(run.items).toHaveLength(1);
				expect(String(run.items[0].json.error)).toContain('failed: 400 Bad [redacted]');
				expectNoSecret(JSON.stringify(run.items), secrets());
			} else {
				const error = expectOurMessage(run, 'GET', '/assets/A-1', t.server) as unknown as Record<
					string,
					unknown
				>;
				expect(String(error.description)).toContain('[redacted]');
				expectNoSecret(
					JSON.stringify({
						...error,
						message: error.message,
						stack: error.stack,
						description: error.description,
					}),
					secrets(),
				);
			}
			// What the server sent really carried the token: the test would see it if it leaked.
			expect(echo).toContain(encodeURIComponent(tokenOf(1)));
		},
	);

	it.each([false, true])(
		'a token endpoint 401 echoing the client secret (raw, URL-encoded, Basic) keeps it out of the run data (Continue On Fail %s)',
		async (continueOnFail) => {
			t.server.script(
				(_req, res) => json(res, 200, { id: 'A-1', name: 'never reached' }),
				(req, res) =>
					json(res, 401, {
						error: 'invalid_client',
						error_description: `client ${CLIENT_ID} with secret ${echoAll(SECRET)} and Basic ${basicOf(CLIENT_ID, SECRET)} / ${basicOf(encodeURIComponent(CLIENT_ID), encodeURIComponent(SECRET))} was refused; you sent ${req.body} ${req.authorization ?? ''}`,
					}),
			);
			const run = await t.run(getAsset('A-1'), { continueOnFail });
			expect(t.server.tokenRequests.length).toBeGreaterThanOrEqual(1);
			expect(t.server.count()).toBe(0);
			const whole = JSON.stringify(run.run);
			expectNoSecret(whole, secrets());
			expect(whole).toContain('token request to');
			expect(whole).toContain('[redacted]');
			if (!continueOnFail) expect(run.error!.message).toContain('token request to');
			else expect(String(run.items[0].json.error)).toContain('token request to');
		},
	);

	it('a refresh after a 401 whose token endpoint echoes the secret, the Basic header and the form body keeps them out', async () => {
		t.server.script(
			(_req, res) =>
				json(res, 401, { errors: [{ status: '401', title: 'Unauthorized', detail: 'expired' }] }),
			(req, res, nth) =>
				nth === 1
					? issueTokens(req, res, nth)
					: json(res, 401, {
							error: 'invalid_client',
							error_description: `refused ${req.authorization ?? ''} with ${req.body} and ${echoAll(SECRET)}`,
						}),
		);
		const run = await t.run(getAsset('A-1'), { continueOnFail: true });
		expect(t.server.tokenRequests.length).toBeGreaterThanOrEqual(2);
		expect(String(run.items[0].json.error)).toContain('token request to');
		expectNoSecret(JSON.stringify(run.run), secrets());
	});

	it('a token endpoint answering 200 without access_token is named as such, with the request-id', async () => {
		t.server.script(
			(_req, res) => json(res, 200, { id: 'A-1', name: 'never reached' }),
			(_req, res) => json(res, 200, { token_type: 'bearer', expires_in: 3600 }),
		);
		const run = await t.run(getAsset('A-1', fast({ maxRetries: 0 })));
		const error = expectOurMessage(run, 'GET', '/assets/A-1', t.server);
		expect(error.message).toContain(
			`token request to ${t.server.tokenUrl} failed: the token endpoint answered 200 without access_token [request-id `,
		);
		expect(error.message).not.toContain('ENETWORK');
		expect(String(error.description)).toContain('Check the Token Host URL');
		expect(t.server.tokenRequests).toHaveLength(1);
		expect(t.server.count()).toBe(0);
	});

	it('a token answer without a token is not repeated (a configuration problem) and nothing reaches the API', async () => {
		t.server.script(
			(_req, res) => json(res, 200, { id: 'A-1', name: 'never reached' }),
			(_req, res) => json(res, 200, { token_type: 'bearer' }),
		);
		const run = await t.run(getAsset('A-1', fast({ maxRetries: 2 })));
		expect(run.error!.message).toContain('the token endpoint answered 200 without access_token');
		expect(t.server.tokenRequests).toHaveLength(1);
		expect(t.server.count()).toBe(0);
	});

	it('Return All over a list that never ends stops at Max Pages (default 200) with what it read', async () => {
		t.server.script((_req, res, nth) =>
			json(res, 200, { items: [{ id: `W-${nth}`, name: 'W' }], nextToken: `page-${nth}` }),
		);
		const before = process.memoryUsage().heapUsed;
		const run = await t.run(listWorkspaces());
		const error = expectOurMessage(run, 'GET', '/workspaces', t.server);
		expect(error.message).toContain(
			'stopped paging after 200 pages: Max Pages (200) reached with 200 items read',
		);
		expect(String(error.description)).toContain('Limit');
		expect(String(error.description)).toContain('Max Pages');
		expect(t.server.count()).toBe(200);
		expect(run.items).toHaveLength(0);
		console.log(
			`endless list: stopped after ${t.server.count()} pages, heap +${((process.memoryUsage().heapUsed - before) / 1e6).toFixed(1)} MB`,
		);
	});

	it('full pages of 10,000 forever stop at a raised or lowered Max Pages, memory printed', async () => {
		const page = Array.from({ length: 10_000 }, (_, i) => ({
			id: `6f1c2a3e-0000-4000-8000-${String(i).padStart(12, '0')}`,
			name: `Workspace ${i}`,
		}));
		t.server.script((_req, res, nth) => json(res, 200, { items: page, nextToken: `full-${nth}` }));
		const before = process.memoryUsage();
		const run = await t.run(listWorkspaces(fast({ maxPages: 25 })));
		const after = process.memoryUsage();
		const error = expectOurMessage(run, 'GET', '/workspaces', t.server);
		expect(error.message).toContain('Max Pages (25) reached with 250,000 items read');
		expect(t.server.count()).toBe(25);
		console.log(
			`endless full pages: stopped after 25 pages (250,000 items), heap ${(before.heapUsed / 1e6).toFixed(0)} → ${(after.heapUsed / 1e6).toFixed(0)} MB, rss ${(before.rss / 1e6).toFixed(0)} → ${(after.rss / 1e6).toFixed(0)} MB`,
		);
	});

	it('the trigger: an endless asset list stops at Max Pages, and an echoed token stays out of the error', async () => {
		const trigger = {
			event: 'temperature',
			scope: 'workspace',
			workspaceId: byId(WORKSPACE),
			options: fast({ maxPages: 5 }),
		};
		t.server.script((_req, res, nth) => json(res, 200, { items: [], nextToken: `a-${nth}` }));
		let error: Error | undefined;
		try {
			await t.n8n.poll(trigger, {});
		} catch (e) {
			error = e as Error;
		}
		// Empty pages stop at 10 in a row; Max Pages 5 comes first.
		expect(error?.message).toContain('stopped paging after 5 pages: Max Pages (5) reached');
		expect(t.server.count()).toBe(5);

		// A fresh credential, so the poll fetches tokenOf(1) and the server echoes the token it got.
		t.n8n.addCredential('cred-adversarial-secrets', t.server.endpoint);
		t.server.script(
			(req, res) =>
				json(res, 400, {
					errors: [
						{
							status: '400',
							detail: `bad ${echoAll((req.authorization ?? '').replace(/^Bearer /, ''))}`,
						},
					],
				}),
			issueTokens,
		);
		const staticData = {};
		error = undefined;
		try {
			await t.n8n.poll(trigger, staticData);
		} catch (e) {
			error = e as Error;
		}
		expect(error?.message).toContain('failed: 400');
		expect(t.server.received[0].authorization).toBe(`Bearer ${tokenOf(1)}`);
		expectNoSecret(
			JSON.stringify({ ...error, message: error?.message, stack: error?.stack }),
			secrets(),
		);
		expectNoSecret(JSON.stringify(staticData), secrets());
	});

	it('secrets shorter than 8 characters are not redacted (they would mangle ordinary text)', async () => {
		t.server.clientSecret = 'short7!';
		t.n8n.addCredential('cred-adversarial-secrets', t.server.endpoint);
		try {
			t.server.script(
				(_req, res) => json(res, 200, {}),
				(_req, res) =>
					json(res, 401, { error: 'invalid_client', error_description: 'secret short7! refused' }),
			);
			const run = await t.run(getAsset('A-1'));
			expect(`${run.error!.message} ${run.error!.description}`).toContain('secret short7! refused');
		} finally {
			t.server.clientSecret = SECRET;
		}
	});
});
