/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// Issue 39: n8n-workflow's NodeOperationError and NodeApiError replace a message containing
// ENOENT, EEXIST, EPERM, ... (anywhere, in any case) with stock text. The pack keeps its own
// message for every error it builds, over every code n8n-workflow matches.
import { readFileSync } from 'node:fs';

import { byId, useAdversary, WORKSPACE } from './helpers';
import { serviceError } from './server';

/** The codes n8n-workflow maps to stock text, read from its own source (COMMON_ERRORS is private). */
function commonErrorCodes(): string[] {
	const source = readFileSync(
		require.resolve('n8n-workflow/dist/cjs/errors/abstract/node.error.js'),
		'utf8',
	);
	const table = /const COMMON_ERRORS = \{([\s\S]*?)\n\};/.exec(source)![1];
	return [...table.matchAll(/^\s+([A-Z_]+):/gm)].map((match) => match[1]);
}

const CODES = commonErrorCodes();

const getFacility = (facilityId: string) => ({
	resource: 'facility',
	operation: 'get',
	workspaceId: byId(WORKSPACE),
	facilityId: byId(facilityId),
	options: { retryBaseDelay: 1 },
});

describe('adversarial server: no stock text in place of the pack message', () => {
	const t = useAdversary('cred-adversarial-stock-text');

	it('reads the codes n8n-workflow matches', () => {
		expect(CODES).toEqual(expect.arrayContaining(['ENOENT', 'EEXIST', 'EPERM', 'ECONNRESET']));
		expect(CODES.length).toBeGreaterThanOrEqual(15);
	});

	it('Facility Get with the Facility ID "lineexistence" names the field, not "already exists"', async () => {
		const run = await t.run(getFacility('={{ "lineexistence" }}'), { typeVersion: 4 });
		expect(run.error!.message).toBe(
			'Invalid "Facility": must be a UUID (8-4-4-4-12 hexadecimal digits) (got "lineexistence")',
		);
		expect(t.server.count()).toBe(0);
	});

	// Facility Get is routed: RoutingNode would re-wrap the refusal, and its wrap would put the
	// stock text in again; the pack makes the wrap itself.
	it.each(CODES)('a refusal quoting %s keeps its message (routed)', async (code) => {
		const value = `x${code.toLowerCase()}y`;
		const run = await t.run(getFacility(`={{ "${value}" }}`), { typeVersion: 4 });
		expect(run.error!.name).toBe('NodeApiError');
		expect(run.error!.message).toContain(`(got "${value}")`);
		expect((run.error as { failure?: unknown }).failure).toEqual({
			cause: 'configuration-invalid',
		});
		expect(t.server.count()).toBe(0);
	});

	it.each(CODES)('a refusal quoting %s keeps its message (custom)', async (code) => {
		const value = `x${code.toLowerCase()}y`;
		const parameters = {
			resource: 'facility',
			operation: 'getMany',
			workspaceId: byId(`={{ "${value}" }}`),
			returnAll: true,
		};
		const run = await t.run(parameters, { typeVersion: 4 });
		expect(run.error!.name).toBe('NodeOperationError');
		expect(run.error!.message).toContain(`(got "${value}")`);
		expect(t.server.count()).toBe(0);
	});

	it.each(CODES)('a service error naming %s keeps its message', async (code) => {
		t.server.script((_req, res) => serviceError(res, 404, `No facility ${code}`, 'Not Found'));
		const id = '6f1c2a3e-0000-4000-8000-00000000000f';
		const run = await t.run(getFacility(id), { typeVersion: 4 });
		expect(run.error!.name).toBe('NodeApiError');
		expect(run.error!.message).toBe(`The facility ${id} was not found`);
		expect(run.error!.description).toContain(`404 Not Found - No facility ${code}`);
	});
});
