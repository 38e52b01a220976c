/** What coverage.ts (in the test workers) and the global setup and teardown share. */

/** Where each test file writes the operations it covered; set by coverage.setup.ts for the run. */
export const COVERAGE_DIR_ENV = 'ASSET_TRACKING_OPERATION_COVERAGE_DIR';

/** The key of an operation: "resource:operation", e.g. "asset:getLocations". */
export const operationKey = (o: { resource: string; operation: string }) =>
	`${o.resource}:${o.operation}`;
