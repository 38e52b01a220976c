/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// n8n's community-package scanner rules on what would be published: the `npm pack` tarball of
// the built pack (compiled .js and package.json) and the sources it was built from. Any finding
// fails. `npm test` builds before jest runs; run `npm run build` first when running this alone.
import { execFileSync } from 'child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

const root = join(__dirname, '..', '..');
const scan = join(__dirname, 'scan.mjs');

type Leg = {
	dir: string;
	leg: 'dist' | 'source';
	passed: boolean;
	message?: string;
	details?: string;
};

function runScanner(...targets: string[]): Leg[] {
	// Not jest's NODE_ENV=test: eslint-plugin-n8n-nodes-base then takes every file for `Test.node.ts`.
	const env = { ...process.env };
	delete env.NODE_ENV;
	const out = execFileSync(process.execPath, [scan, ...targets], {
		cwd: root,
		encoding: 'utf8',
		env,
	});
	return JSON.parse(out.trim().split('\n').pop() as string) as Leg[];
}

describe('@n8n/scan-community-package rules', () => {
	let work: string;
	let packageDir: string;

	beforeAll(() => {
		if (!existsSync(join(root, 'dist', 'nodes', 'AssetTracking', 'AssetTracking.node.js'))) {
			throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
		}
		work = mkdtempSync(join(tmpdir(), 'asset-tracking-scan-'));
		execFileSync('npm', ['pack', '--silent', '--pack-destination', work], {
			cwd: root,
			stdio: 'pipe',
		});
		const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
		if (!tarball) throw new Error(`npm pack wrote no tarball into ${work}`);
		packageDir = join(work, 'package');
		mkdirSync(packageDir);
		execFileSync('tar', ['-xzf', join(work, tarball), '-C', packageDir, '--strip-components=1']);
	}, 120_000);

	afterAll(() => {
		if (work) rmSync(work, { recursive: true, force: true });
	});

	it('finds nothing in the packed tarball or the sources it was built from', () => {
		const legs = runScanner(`${packageDir}:dist`, `${root}:source`);
		expect(legs.map((l) => l.leg)).toEqual(['dist', 'source']);
		for (const leg of legs) {
			if (!leg.passed) throw new Error(`${leg.leg}: ${leg.message}\n${leg.details ?? ''}`);
		}
		// It did lint the compiled nodes (not an empty folder).
		expect(
			existsSync(join(packageDir, 'dist', 'nodes', 'AssetTracking', 'AssetTracking.node.js')),
		).toBe(true);
	}, 120_000);

	it('does report a finding (the rules are live): a node that spawns a process and logs', () => {
		const bad = join(work, 'bad');
		mkdirSync(join(bad, 'dist', 'nodes'), { recursive: true });
		writeFileSync(
			join(bad, 'package.json'),
			JSON.stringify({
				name: 'n8n-nodes-bad',
				version: '0.0.1',
				keywords: ['n8n-community-node-package'],
			}),
		);
		writeFileSync(
			join(bad, 'dist', 'nodes', 'Bad.node.js'),
			"const { exec } = require('child_process');\nconsole.log(process.env.SECRET);\nexec('ls');\n",
		);
		const [leg] = runScanner(`${bad}:dist`);
		expect(leg.passed).toBe(false);
		expect(leg.details).toMatch(/no-restricted-imports|no-restricted-globals|no-console/);
	}, 120_000);
});
