import { NodeHelpers } from 'n8n-workflow';
import type { INodeProperties } from 'n8n-workflow';

import { allOperations } from '../../nodes/AssetTracking/actions/operations';
import { buildProperties } from '../../nodes/AssetTracking/actions/registry';

/**
 * Whether the Options collection offers Batch Requests for this resource and operation: at
 * version 2, whose one Options collection holds every resource's.
 */
function showsBatching(resource: string, operation: string): boolean {
	const options = buildProperties(2).find((p) => p.name === 'options')!;
	const root = { resource, operation, options: {} };
	return (options.options as INodeProperties[])
		.filter((o) => o.name === 'batching')
		.some((o) => NodeHelpers.displayParameter({}, o, null, null, root));
}

describe('Batch Requests option', () => {
	it('shows for exactly the operations that batch, each with its own resource', () => {
		const shown = allOperations()
			.filter((o) => showsBatching(o.resource, o.operation))
			.map((o) => `${o.resource}:${o.operation}`);
		const batching = allOperations()
			.filter((o) => o.batch)
			.map((o) => `${o.resource}:${o.operation}`);
		expect(batching.length).toBeGreaterThan(1);
		expect(shown).toEqual(batching);
	});

	it('does not show for a resource paired with an operation that batches only elsewhere', () => {
		// createPrintJobs batches for printer, create batches for asset: neither crosses over.
		expect(showsBatching('printer', 'createPrintJobs')).toBe(true);
		expect(showsBatching('asset', 'createPrintJobs')).toBe(false);
		expect(showsBatching('printer', 'create')).toBe(false);
		expect(showsBatching('consignment', 'create')).toBe(false);
	});
});
