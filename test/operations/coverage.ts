import { allOperations } from '../../nodes/AssetTracking/actions/registry';
import type { Exchange } from '../simulator';

/** The key of an operation: "resource:operation", e.g. "asset:getLocations". */
export const operationKey = (o: { resource: string; operation: string }) => `${o.resource}:${o.operation}`;

/**
 * Marks an operation as covered by the calling test, and checks the test really sent that
 * operation's request. zz-coverage.test.ts finds every covered('...') in these files and
 * compares them with the registry, so the count does not depend on which worker ran what.
 */
export function covered(key: string, exchanges: Exchange[]): void {
	const definition = allOperations().find((o) => operationKey(o) === key);
	if (!definition) throw new Error(`covered(): no operation ${key} in the registry`);
	const expected = `${definition.method} ${definition.path}`;
	expect(exchanges.map((e) => e.operation)).toContain(expected);
}
