/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
import { existsSync, readdirSync, readFileSync, rmSync } from 'fs';
import { join } from 'path';
import type { Config } from '@jest/types';

import { allOperations } from '../../nodes/AssetTracking/actions/operations';
import { resources } from '../../nodes/AssetTracking/actions/resources';
import { COVERAGE_DIR_ENV, operationKey } from './coverage.shared';

/**
 * jest globalTeardown: every registered operation must have been run by a test that really sent
 * its request (run() records that, each test file writes what it covered). Checked when every
 * operation test file ran unfiltered, whichever worker ran which; a targeted run only reports.
 */
export default function coverageTeardown(globalConfig: Config.GlobalConfig): void {
	const dir = process.env[COVERAGE_DIR_ENV];
	if (!dir || !existsSync(dir)) return;
	const reports = readdirSync(dir);
	const covered = new Set<string>(
		reports.flatMap((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as string[]),
	);
	rmSync(dir, { recursive: true, force: true });

	const all = allOperations().map(operationKey);
	const missing = all.filter((key) => !covered.has(key));
	// Each resource's operations are tested in test/actions/<resource>.test.ts (its table).
	const operationFiles = resources.map((r) => `${r.value}.test.ts`);
	const wholeSuite =
		!globalConfig.testNamePattern && operationFiles.every((f) => reports.includes(`${f}.json`));
	console.log(
		`operations covered: ${all.length - missing.length}/${all.length}${wholeSuite ? '' : ' (not every operation test ran: not checked)'}`,
	);
	if (wholeSuite && missing.length > 0) {
		throw new Error(`No test sent the request of: ${missing.join(', ')}`);
	}
}
