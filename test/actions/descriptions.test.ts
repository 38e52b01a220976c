// What a person sees in the editor's Operation list and node panel: each operation's description
// is one short line (the list cuts longer text off), and its action follows n8n's convention, a
// short sentence-case phrase ("Get many assets") that n8n also names new nodes after. What an
// operation needs and outputs in detail sits in its fields' descriptions, which these checks keep.
import type { INodeProperties } from 'n8n-workflow';

import { buildProperties } from '../../nodes/AssetTracking/actions/registry';
import { resources } from '../../nodes/AssetTracking/actions/resources';

const operations = resources.flatMap((r) => r.operations);

/** Words that keep their capitals in sentence case: the service's abbreviations. */
const ABBREVIATIONS = new Set(['BLE', 'NFC', 'ID', 'RSSI', 'PDF', 'PNG']);

/** The words after the first that are capitalised without being an abbreviation. */
const titleCased = (text: string) =>
	text
		.split(/\s+/)
		.slice(1)
		.filter((word) => /^[A-Z]/.test(word) && !ABBREVIATIONS.has(word.replace(/\W+$/, '')));

describe('operation descriptions', () => {
	it('cover all 47 operations: the 45 of the service, the temperature summary and report', () => {
		expect(operations).toHaveLength(47);
	});

	it.each(operations.map((o) => [`${o.resource}:${o.operation}`, o] as const))('%s', (_key, op) => {
		const { action, description } = op;
		// One short line, sentence case, no trailing period (n8n's option descriptions).
		expect(description.length).toBeLessThanOrEqual(60);
		expect(description).toMatch(/^[A-Z]/);
		expect(description).not.toMatch(/[.;:]/);
		expect(titleCased(description)).toEqual([]);
		// None of the agent-style wording the list cut off.
		expect(description).not.toMatch(/\boutputs\b|given by|Return All|Limit/);
		// The action: short, sentence case, n8n's "Get many ..." for Get Many.
		expect(action.length).toBeLessThanOrEqual(40);
		expect(action).toMatch(/^[A-Z][a-z]/);
		expect(titleCased(action)).toEqual([]);
		if (op.operation === 'getMany') expect(action).toMatch(/^Get many [a-z]/);
	});

	it('are each their own: no two operations of a resource read the same', () => {
		for (const resource of resources) {
			const texts = resource.operations.map((o) => o.description);
			expect(new Set(texts).size).toBe(texts.length);
		}
	});
});

describe('what the long descriptions said, where n8n shows it now', () => {
	const properties = buildProperties(4);
	const shownFor = (resource: string, operation: string, name: string, at = properties) =>
		at.filter(
			(p) =>
				p.name === name &&
				p.displayOptions?.show?.resource?.includes(resource) &&
				p.displayOptions?.show?.operation?.includes(operation),
		);

	it('every list has Return All and Limit, each saying what it does', () => {
		for (const op of operations.filter((o) => o.list)) {
			const [returnAll] = shownFor(op.resource, op.operation, 'returnAll');
			const [limit] = shownFor(op.resource, op.operation, 'limit');
			expect(returnAll.description).toMatch(/return all results/);
			expect(limit.description).toMatch(/Max number of results/);
		}
	});

	it("the Batch Requests option names each resource's most items per request", () => {
		// Versions 1 and 2: one Options collection holds every resource's (3 and 4: one each).
		const options = buildProperties(2).find((p) => p.name === 'options')!
			.options as INodeProperties[];
		const batching = Object.fromEntries(
			options
				.filter((o) => o.name === 'batching')
				.map((o) => [o.displayOptions!.show!['/resource']![0], o.description]),
		);
		expect(batching).toEqual({
			asset: expect.stringContaining('up to 1,000 per request'),
			space: expect.stringContaining('up to 1,000 per request'),
			printer: expect.stringContaining('up to 1,000 per request'),
			piece: expect.stringContaining('up to 100 per request'),
		});
	});

	it('Consignment Get and Get Many say what the raw output holds of the pieces, and what Simplify reads', () => {
		for (const version of [1, 2, 3, 4]) {
			for (const operation of ['get', 'getMany']) {
				const simplify = shownFor('consignment', operation, 'simplify', buildProperties(version));
				expect(simplify).toHaveLength(1);
				expect(simplify[0].default).toBe(version > 1);
				expect(simplify[0].description).toContain('first page of pieces and gateways');
				expect(simplify[0].description).toContain('Simplify reads them all');
			}
		}
	});
});
