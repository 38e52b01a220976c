// Every operation's description is something an LLM (n8n's AI Agent, the workflow builder) can
// act on: what the operation outputs, which IDs it needs (each path parameter, in words), and
// for lists how paging works. The action text stays short: n8n names new nodes after it.
import { resources } from '../../nodes/AssetTracking/actions/resources';

/** `printJobId` -> `print job ID`, `bleId` -> `BLE ID`: the words a description uses for an ID. */
function idInWords(param: string): string {
	if (param === 'bleId') return 'BLE ID';
	return param
		.replace(/Id$/, '')
		.replace(/([A-Z])/g, ' $1')
		.toLowerCase()
		.concat(' ID');
}

const operations = resources.flatMap((r) => r.operations);

describe('operation descriptions', () => {
	it('cover all 45 operations', () => {
		expect(operations).toHaveLength(45);
	});

	it.each(operations.map((o) => [`${o.resource}:${o.operation}`, o] as const))('%s', (_key, op) => {
		const { description, path } = op;
		expect(description.length).toBeGreaterThanOrEqual(60);
		// What it returns.
		expect(description).toMatch(/\boutputs\b/);
		// Every ID in its path, in words.
		const ids = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
		for (const id of ids) expect(description).toContain(idInWords(id));
		// A list says how it pages; nothing else claims to.
		if (op.list)
			expect(description).toContain('Return All reads every page, otherwise Limit caps the count');
		else expect(description).not.toContain('Return All');
		// One sentence-ish line, no trailing period (n8n's option descriptions).
		expect(description).not.toMatch(/\.$/);
	});
});
