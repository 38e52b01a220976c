// Errors a person reads (issue 48): a Get of an object the service does not know says what was
// not found, in words, with the request's line (method, path, status, request-id) in the
// description and the error's fields as before; a refusal names the field by its label.
import type { IDataObject } from 'n8n-workflow';

import { useSimulator } from '../harness/fixtures';
import { goldenCases } from './golden/cases';
import { run } from './helpers';

const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

/** Each resource's Get, what it names, and an id of the right form the service does not know. */
const GETS: Array<[resource: string, operation: string, thing: string, path: string, id: string]> =
	[
		['workspace', 'get', 'workspace', '/workspaces/', UNKNOWN_UUID],
		['asset', 'get', 'asset', '/assets/', 'NOPE0000'],
		['space', 'get', 'space', '/spaces/', 'NOPE0000'],
		['facility', 'get', 'facility', '/facilities/', UNKNOWN_UUID],
		['printer', 'get', 'printer', '/printers/', 'NOPE0000'],
		['printer', 'getPrintJob', 'print job', '/print-jobs/', UNKNOWN_UUID],
		['consignment', 'get', 'consignment', '/consignments/', UNKNOWN_UUID],
	];

type NodeError = Error & {
	description?: string | null;
	context?: IDataObject;
	failure?: { cause?: string };
	httpCode?: string | null;
};

describe('errors a person reads', () => {
	const t = useSimulator();

	const parametersOf = (resource: string, operation: string) => {
		const { parameters } = goldenCases(t.sim.seed)[resource][operation];
		return { resource, operation, ...parameters };
	};

	it.each(GETS)(
		'%s → %s of an unknown id: "The %s … was not found", the request below',
		async (resource, operation, thing, path, id) => {
			for (const typeVersion of [1, 4]) {
				const r = await run(t, parametersOf(resource, operation), {
					input: [{ id }],
					typeVersion,
				});
				const error = r.error as NodeError;
				expect(r.exchanges.map((e) => e.status)).toEqual([404]);
				expect(error.message).toBe(`The ${thing} ${id} was not found`);
				const requestId = r.exchanges[0].headers['request-id'];
				expect(error.description).toMatch(
					new RegExp(
						`^Asset Tracking GET \\S*${path}${id} failed: 404 .*\\[request-id ${requestId}\\]\\. `,
					),
				);
				expect(error.context).toMatchObject({ status: 404, requestId, itemIndex: 0 });
				expect(error.httpCode).toBe('404');
				expect(error.failure).toEqual({ cause: 'configuration-invalid' });
			}
			// Continue On Fail: the item's error in words, status and request-id beside it.
			const r = await run(t, parametersOf(resource, operation), {
				input: [{ id }],
				typeVersion: 4,
				continueOnFail: true,
			});
			expect(r.json).toEqual([
				expect.objectContaining({
					error: `The ${thing} ${id} was not found`,
					description: expect.stringContaining('failed: 404'),
					status: 404,
					requestId: r.exchanges[0].headers['request-id'],
				}),
			]);
		},
	);

	it('a Limit whose expression yields nothing is refused as "Limit", nothing sent', async () => {
		const r = await run(
			t,
			{ resource: 'workspace', operation: 'getMany', limit: '={{ $json.missing }}' },
			{ input: [{}], typeVersion: 4 },
		);
		const error = r.error as NodeError;
		expect(error.message).toMatch(/^Invalid "Limit": /);
		expect(error.failure).toEqual({ cause: 'configuration-invalid' });
		expect(r.exchanges).toEqual([]);
	});
});
