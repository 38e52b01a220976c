import { resources } from '../../nodes/AssetTracking/actions/resources';
import type { ResourceDefinition } from '../../nodes/AssetTracking/actions/types';
import { covered } from './coverage';
import type { OperationRun } from './helpers';

/**
 * One test of an operation. It returns the run that must have sent the operation's request (the
 * table checks that against the registry's method and path), or nothing when it checks
 * something else about an operation another case already sent.
 */
export type OperationCase = () => Promise<OperationRun | void>;

/** The tests of one resource: for each operation, its cases by title, run in this order. */
export type OperationTable = Record<string, Record<string, OperationCase>>;

/**
 * What a resource's table and the registry disagree on: operations of the registry with no case
 * (`missing`) and operations of the table the registry does not have (`unknown`).
 */
export function tableGaps(
	resource: ResourceDefinition,
	table: OperationTable,
): { missing: string[]; unknown: string[] } {
	const registered = resource.operations.map((o) => o.operation);
	const tested = Object.keys(table).filter((op) => Object.keys(table[op]).length > 0);
	return {
		missing: registered.filter((op) => !tested.includes(op)).map((op) => `${resource.value}:${op}`),
		unknown: Object.keys(table)
			.filter((op) => !registered.includes(op))
			.map((op) => `${resource.value}:${op}`),
	};
}

/**
 * The operation tests of one resource, from its table: first a test that the table has a case
 * for every operation the registry lists (so a new operation without a test fails the suite by
 * itself), then the cases.
 */
export function operationTests(
	resourceValue: string,
	table: OperationTable,
	registry: ResourceDefinition[] = resources,
): void {
	it(`has a case for every ${resourceValue} operation of the registry`, () => {
		const resource = registry.find((r) => r.value === resourceValue);
		expect(resource).toBeDefined();
		expect(tableGaps(resource!, table)).toEqual({ missing: [], unknown: [] });
	});
	caseTests(resourceValue, table);
}

/**
 * One test per case of the table, titled "operation: title", in order; last, a test that every
 * operation whose cases ran had one that sent its request.
 */
export function caseTests(resourceValue: string, table: OperationTable): void {
	const ran = new Set<string>();
	const sent = new Set<string>();
	for (const [operation, cases] of Object.entries(table)) {
		for (const [title, test] of Object.entries(cases)) {
			it(`${operation}: ${title}`, async () => {
				ran.add(operation);
				const run = await test();
				if (!run) return;
				covered(`${resourceValue}:${operation}`, run.exchanges);
				sent.add(operation);
			});
		}
	}
	it(`sent the request of every ${resourceValue} operation whose cases ran`, () => {
		expect([...ran].filter((operation) => !sent.has(operation))).toEqual([]);
	});
}
