/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// Runs before every test file: n8n-core writes its config under the user folder on the first
// workflow run, and logs stack traces of failing nodes unless told to stay quiet.
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'asset-tracking-n8n-'));
process.env.N8N_LOG_LEVEL ??= 'silent';
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
