/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// A newcomer finds their way from the code map (docs/development.md, linked from the README) and
// each folder's header: the map names only paths that exist, and every folder of the code says
// what lives there and what it may import (a README.md, or a comment opening its index.ts).
import { existsSync, readdirSync, readFileSync } from 'fs';
import { join } from 'path';

const root = join(__dirname, '..', '..');

const DEVELOPMENT = 'docs/development.md';

/** The code map: the first code block of the Code map section of docs/development.md. */
function codeMap(): string {
	const doc = readFileSync(join(root, DEVELOPMENT), 'utf8');
	const at = doc.indexOf('\n## Code map\n');
	if (at < 0) throw new Error(`${DEVELOPMENT}: no ## Code map section`);
	const section = doc.slice(at + 1).split(/\n## /)[0];
	const block = /```\n([\s\S]*?)\n```/.exec(section);
	if (!block) throw new Error(`${DEVELOPMENT}: no code map block under ## Code map`);
	return block[1];
}

const NAME = /^[\w.-]+(\/[\w.-]+)*\/?$/;

/**
 * Every path the map names. A line is names (comma-separated) and, two spaces on, what they hold;
 * two spaces of indentation nest a name in the folder above it. Lines that go on describing the
 * line before, and `<resource>`-style placeholders, name nothing.
 */
function codeMapPaths(map: string): string[] {
	const paths: string[] = [];
	const folders: string[] = [];
	for (const line of map.split('\n')) {
		const match = /^( *)(\S.*?)(?: {2,}.*)?$/.exec(line);
		if (!match) continue;
		const names = match[2].split(', ');
		if (!names.every((n) => NAME.test(n) || n.includes('<'))) continue;
		const depth = match[1].length / 2;
		folders.length = depth;
		const parent = folders.join('');
		for (const name of names) if (!name.includes('<')) paths.push(parent + name);
		// A line of several folders holds nothing below it.
		folders.push(names.length === 1 && names[0].endsWith('/') ? names[0] : '?/');
	}
	return paths;
}

/** Every folder below `dir`, skipping what is generated or installed (the e2e and queue runs' artifacts too). */
function folders(dir: string): string[] {
	const skip = new Set(['node_modules', '__snapshots__', 'dist', '.n8n-cache', 'artifacts']);
	return readdirSync(join(root, dir), { withFileTypes: true })
		.filter((e) => e.isDirectory() && !skip.has(e.name) && !e.name.startsWith('.'))
		.flatMap((e) => [`${dir}/${e.name}`, ...folders(`${dir}/${e.name}`)]);
}

/** A folder's header: its README's first paragraph, or the comment its index.ts opens with. */
function header(dir: string): string {
	const readme = join(root, dir, 'README.md');
	if (existsSync(readme)) {
		const text = readFileSync(readme, 'utf8').replace(/^#.*\n+/, '');
		return text.split(/\n\s*\n/)[0];
	}
	const index = join(root, dir, 'index.ts');
	if (existsSync(index)) {
		const comment = /^(?:\/\/.*\n)+|^\/\*\*[\s\S]*?\*\//.exec(readFileSync(index, 'utf8'));
		return comment?.[0] ?? '';
	}
	return '';
}

describe('the layout', () => {
	it('every path the code map of docs/development.md names exists', () => {
		const paths = codeMapPaths(codeMap());
		// The parser read the map: its top-level parts and a file deep inside it.
		expect(paths).toEqual(
			expect.arrayContaining([
				'nodes/AssetTracking/',
				'nodes/AssetTracking/actions/router.ts',
				'nodes/AssetTracking/trigger/families/family.ts',
				'test/',
				'test/slowTests.js',
			]),
		);
		expect(paths.filter((p) => !existsSync(join(root, p)))).toEqual([]);
		// ...and a newcomer reaches it from the README.
		expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain(`](${DEVELOPMENT})`);
	});

	it('every folder of the code has a header saying what lives there and what it may import', () => {
		const all = ['nodes', 'simulator', 'engine', 'test', 'bench', 'scripts'].flatMap((top) => [
			top,
			...folders(top),
		]);
		expect(all).toContain('nodes/AssetTracking/actions/asset');
		const missing = all.filter((dir) => dir !== 'nodes' && !/\bimport/i.test(header(dir)));
		expect(missing).toEqual([]);
	});
});
