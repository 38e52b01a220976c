/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { COVERAGE_DIR_ENV } from './coverage.shared';

/** jest globalSetup: a fresh folder for this run's operation coverage; workers inherit the variable. */
export default function coverageSetup(): void {
	process.env[COVERAGE_DIR_ENV] = mkdtempSync(join(tmpdir(), 'asset-tracking-coverage-'));
}
