/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
import { mkdirSync, writeFileSync } from 'fs';
import { basename, join } from 'path';
import type { INodeParameters } from 'n8n-workflow';

import { allOperations } from '../../nodes/AssetTracking/actions/operations';
import type { Exchange } from '../../simulator';
import { COVERAGE_DIR_ENV, operationKey } from './coverage.shared';

const sentHere = new Set<string>();

/**
 * Called by run() for every node run: the registered operation the parameters chose counts as
 * covered when the run really sent that operation's method and path to the simulator.
 */
export function recordSent(parameters: INodeParameters, exchanges: Exchange[]): void {
	const { resource, operation } = parameters;
	const definition = allOperations().find(
		(o) => o.resource === resource && o.operation === operation,
	);
	if (!definition) return;
	if (exchanges.some((e) => e.operation === `${definition.method} ${definition.path}`)) {
		sentHere.add(operationKey(definition));
	}
}

// Each test file that runs the node writes what it covered; coverage.teardown.ts adds them up,
// so the count does not depend on which worker ran which file.
afterAll(() => {
	const dir = process.env[COVERAGE_DIR_ENV];
	if (!dir) return;
	mkdirSync(dir, { recursive: true });
	const file = basename(expect.getState().testPath ?? `unknown-${process.pid}`);
	writeFileSync(join(dir, `${file}.json`), JSON.stringify([...sentHere]));
});

/** Checks the calling test really sent the request of the operation `key` names. */
export function covered(key: string, exchanges: Exchange[]): void {
	const definition = allOperations().find((o) => operationKey(o) === key);
	if (!definition) throw new Error(`covered(): no operation ${key} in the registry`);
	const expected = `${definition.method} ${definition.path}`;
	expect(exchanges.map((e) => e.operation)).toContain(expected);
}
