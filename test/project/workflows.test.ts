/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// The GitHub Actions workflows run what the README and docs/development.md tell a contributor to
// run: `npm ci && npm test` on every pull request and push (Node 20 and 22), the long scenarios
// beside it, the end-to-end tests on main, and the same checks before a provenance-signed publish
// with no stored token.
import { readFileSync } from 'fs';
import { load } from 'js-yaml';
import { join } from 'path';

type Step = {
	run?: string;
	uses?: string;
	env?: Record<string, string>;
	with?: Record<string, unknown>;
};
type Job = {
	if?: string;
	needs?: string | string[];
	strategy?: { matrix?: { node?: number[] } };
	steps: Step[];
	permissions?: Record<string, string>;
};
type Workflow = {
	on: Record<string, unknown>;
	jobs: Record<string, Job>;
	permissions?: Record<string, string>;
};

const root = join(__dirname, '..', '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const development = readFileSync(join(root, 'docs', 'development.md'), 'utf8');
const workflow = (name: string) =>
	load(readFileSync(join(root, '.github', 'workflows', name), 'utf8')) as Workflow;
const runs = (job: Job) => job.steps.flatMap((s) => (s.run ? [s.run.trim()] : []));

/** A document's commands: each line of its ```sh blocks, split at `&&`. */
function commands(doc: string): string[] {
	const blocks = [...doc.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]);
	return blocks
		.flatMap((b) => b.split('\n'))
		.flatMap((l) => l.split('&&').map((c) => c.trim()))
		.filter(Boolean);
}

describe('.github/workflows', () => {
	const testCommand = 'npm ci && npm test';
	// npm run test:slow reads the temperature report's PDF with Debian's poppler-utils, which
	// docs/development.md lists beside it; the runners install it first. npm test needs nothing
	// but npm ci.
	const systemPackages = 'sudo apt-get update -qq && sudo apt-get install -y -qq poppler-utils';

	it('the README gives the test command the workflows run', () => {
		expect(readme).toContain('```sh\n' + testCommand + '\n```');
		expect(readme).toContain('`npm run test:e2e`');
		expect(development).toContain('`npm run test:e2e`');
	});

	describe('ci.yml', () => {
		const ci = workflow('ci.yml');

		it('runs on pull requests and pushes', () => {
			expect(Object.keys(ci.on).sort()).toEqual(['pull_request', 'push']);
		});

		it("runs the README's test command on Node 20 and 22", () => {
			const test = ci.jobs.test;
			expect(test.strategy?.matrix?.node).toEqual([20, 22]);
			const setup = test.steps.find((s) => s.uses?.startsWith('actions/setup-node@'));
			expect(setup?.with?.['node-version']).toBe('${{ matrix.node }}');
			const steps = runs(test);
			expect(steps.join(' && ')).toBe(testCommand);
			for (const command of steps) expect(commands(readme)).toContain(command);
		});

		it("runs docs/development.md's long-scenario command on pull requests and pushes", () => {
			const slow = ci.jobs.slow;
			expect(slow.if).toBeUndefined();
			expect(runs(slow)).toEqual([systemPackages, 'npm ci', 'npm run test:slow']);
			expect(commands(development)).toContain('npm run test:slow');
			expect(development).toContain('poppler-utils');
		});

		it('runs the end-to-end tests on main, after the tests pass', () => {
			const e2e = ci.jobs.e2e;
			expect(e2e.if).toBe("github.event_name == 'push' && github.ref == 'refs/heads/main'");
			expect(e2e.needs).toBe('test');
			const commands = runs(e2e).filter((c) => c.startsWith('npm'));
			expect(commands).toEqual(['npm ci', 'npm run test:e2e']);
		});
	});

	describe('publish.yml', () => {
		const publish = workflow('publish.yml');
		const job = publish.jobs.publish;

		it('publishes a published release', () => {
			expect(publish.on).toEqual({ release: { types: ['published'] } });
		});

		it('runs the same checks as ci.yml before publishing with provenance', () => {
			const commands = runs(job);
			const publishAt = commands.findIndex((c) => c.startsWith('npm publish'));
			expect(commands[publishAt]).toBe('npm publish --provenance --access public');
			const before = commands.slice(0, publishAt);
			const ciAt = before.indexOf('npm ci');
			expect(ciAt).toBeGreaterThanOrEqual(0);
			expect(before.slice(0, ciAt)).toContain(systemPackages);
			expect(before[ciAt + 1]).toBe('npm test');
			expect(before[ciAt + 2]).toBe('npm run test:slow');
		});

		it('signs with the OIDC token and stores no npm token (trusted publishing)', () => {
			expect(publish.permissions).toEqual({ contents: 'read', 'id-token': 'write' });
			const text = readFileSync(join(root, '.github', 'workflows', 'publish.yml'), 'utf8');
			expect(text).not.toMatch(/NODE_AUTH_TOKEN|NPM_TOKEN|secrets\./);
			// npm trusted publishing needs npm >= 11.5.1.
			expect(runs(job)).toContain('npm install -g npm@^11.5.1');
		});
	});
});
