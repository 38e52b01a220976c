/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
import { readFileSync } from 'fs';
import { load } from 'js-yaml';
import { join } from 'path';

// Plain CommonJS scripts: the one list of settings and what is generated from it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { compose, table } = require('../../scripts/queue/compose') as {
	compose(): string;
	table(): string;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SETTINGS } = require('../../scripts/queue/settings') as {
	SETTINGS: Array<{ name: string; roles: string[] }>;
};

const repo = join(__dirname, '..', '..');

/**
 * docker-compose.yml (for users, not runnable here) and the env table of docs/scale.md are generated from
 * scripts/queue/settings.js, the list `npm run test:queue` runs n8n with: the committed copies
 * must be exactly what it generates now.
 */
describe('queue mode: docker-compose.yml and the docs/scale.md table are in step with the tested settings', () => {
	it('docker-compose.yml is what scripts/queue/compose.js writes', () => {
		expect(readFileSync(join(repo, 'docker-compose.yml'), 'utf8')).toBe(compose());
	});

	it('the docs/scale.md table is what scripts/queue/compose.js writes', () => {
		expect(readFileSync(join(repo, 'docs', 'scale.md'), 'utf8')).toContain(table());
	});

	it('every n8n service has every setting of its role, and the pack installed', () => {
		const doc = load(compose()) as {
			services: Record<
				string,
				{ command?: string; environment?: Record<string, string>; volumes?: string[] }
			>;
		};
		const n8n = Object.entries(doc.services).filter(([name]) => name.startsWith('n8n-'));
		expect(n8n.map(([name]) => name)).toEqual(['n8n-main', 'n8n-worker-1', 'n8n-worker-2']);
		for (const [name, service] of n8n) {
			const role = name === 'n8n-main' ? 'main' : 'worker';
			const wanted = SETTINGS.filter((s) => s.roles.includes(role)).map((s) => s.name);
			expect(Object.keys(service.environment ?? {})).toEqual(expect.arrayContaining(wanted));
			for (const value of Object.values(service.environment ?? {}))
				expect(typeof value).toBe('string');
			expect(service.volumes).toContain('n8n_nodes:/home/node/.n8n/nodes');
		}
		expect(doc.services['n8n-worker-1'].command).toBe('worker --concurrency=10');
		expect(doc.services['install-pack'].volumes).toContain('n8n_nodes:/home/node/.n8n/nodes');
	});
});
