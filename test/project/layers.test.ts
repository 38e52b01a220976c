/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// The trigger's folders form layers (issue 35): its README names them top to bottom, and every
// import of a file in nodes/AssetTracking/trigger/ points down that order or stays in its folder.
// A reader can tell what a folder may use: what is below it. And no file under nodes/ imports
// itself through others: every file can be read after the files it uses.
import { readdirSync, readFileSync } from 'fs';
import { join, posix, relative, sep } from 'path';

const root = join(__dirname, '..', '..');
const TRIGGER = 'nodes/AssetTracking/trigger';

/** The layers as the trigger's README names them: "Layers, top to bottom: `poll/`, ..., `core/`." */
function layersOf(readme: string): string[] {
	const line = /Layers, top to bottom: ([^.]*)\./.exec(readme);
	if (!line) throw new Error(`${TRIGGER}/README.md: no "Layers, top to bottom:" line`);
	return [...line[1].matchAll(/`([\w-]+)\/`/g)].map((m) => m[1]);
}

/** A file as the test reads it: its path below the trigger and its source. */
interface Source {
	path: string;
	text: string;
}

const walk = (dir: string): string[] =>
	readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
		e.isDirectory() ? walk(`${dir}/${e.name}`) : e.name.endsWith('.ts') ? [`${dir}/${e.name}`] : [],
	);

function triggerSources(): Source[] {
	return walk(TRIGGER).map((file) => ({
		path: relative(join(root, TRIGGER), join(root, file)).split(sep).join('/'),
		text: readFileSync(join(root, file), 'utf8'),
	}));
}

/** Every relative import (and `export ... from`) of a source, resolved to a path below the trigger. */
function importsOf(source: Source): string[] {
	const specs = [
		...source.text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*'(\.[^']+)'/g),
	];
	return specs.map((m) => posix.normalize(posix.join(posix.dirname(source.path), m[1])));
}

/**
 * The imports that break the layers: from a file outside every layer, into a layer above the
 * importing file's, or to a file at the top of the trigger (every file lives in a layer).
 */
function violations(sources: Source[], layers: string[]): string[] {
	const rank = (path: string) => {
		const folder = path.split('/')[0];
		return path.includes('/') && layers.includes(folder)
			? layers.length - layers.indexOf(folder)
			: -1;
	};
	const found: string[] = [];
	for (const source of sources) {
		const from = rank(source.path);
		if (from < 0) {
			found.push(`${source.path} is in no layer`);
			continue;
		}
		for (const target of importsOf(source)) {
			// Imports leaving the trigger (transport/, api/, helpers/...) are not its layers.
			if (target.startsWith('..')) continue;
			const to = rank(target);
			if (to < 0 || to > from) found.push(`${source.path} imports ${target} (up)`);
		}
	}
	return found;
}

describe("the trigger's layers", () => {
	const readme = readFileSync(join(root, TRIGGER, 'README.md'), 'utf8');
	const layers = layersOf(readme);

	it('are every folder of the trigger, named top to bottom in its README', () => {
		const folders = readdirSync(join(root, TRIGGER), { withFileTypes: true })
			.filter((e) => e.isDirectory())
			.map((e) => e.name);
		expect([...layers].sort()).toEqual([...folders].sort());
		expect(layers[0]).toBe('poll');
		expect(layers.at(-1)).toBe('core');
	});

	it('hold: every import points down or stays in its folder', () => {
		const sources = triggerSources();
		// The reader saw the imports: the poll imports the state, a family its interface.
		const imports = sources.flatMap((s) => importsOf(s).map((to) => `${s.path} -> ${to}`));
		expect(imports).toEqual(
			expect.arrayContaining([
				'poll/poll.ts -> state/store',
				'families/spaces.ts -> families/family',
			]),
		);
		expect(violations(sources, layers)).toEqual([]);
	});

	it('the poll knows the families only through their interface and their registry', () => {
		const fromPoll = triggerSources()
			.filter((s) => s.path.startsWith('poll/'))
			.flatMap((s) => importsOf(s).filter((to) => to.startsWith('families/')));
		// The reader saw them: the poll folds families and lists them from the registry.
		expect(fromPoll).toEqual(expect.arrayContaining(['families/family', 'families/registry']));
		expect(fromPoll.filter((to) => !['families/family', 'families/registry'].includes(to))).toEqual(
			[],
		);
	});

	it('fail on an import that points up, or from a file in no layer', () => {
		const layered = ['poll', 'families', 'core'];
		const sources: Source[] = [
			{
				path: 'poll/poll.ts',
				text: "import { b } from '../families/b';\nimport { c } from './c';",
			},
			{
				path: 'families/b.ts',
				text: "import type { C } from '../core/c';\nimport { x } from '../../../transport';",
			},
			// The deliberate upward import: the bottom layer reaches for a family.
			{
				path: 'core/c.ts',
				text: "import {\n\tb,\n} from '../families/b';\nexport { p } from '../poll/poll';",
			},
			{ path: 'loose.ts', text: "import { c } from './core/c';" },
		];
		expect(violations(sources, layered)).toEqual([
			'core/c.ts imports families/b (up)',
			'core/c.ts imports poll/poll (up)',
			'loose.ts is in no layer',
		]);
		// Without them, the same files hold.
		expect(violations(sources.slice(0, 2), layered)).toEqual([]);
	});

	it("each folder's header names what it may import: the layers below it", () => {
		for (const folder of layers) {
			const header = readFileSync(join(root, TRIGGER, folder, 'README.md'), 'utf8');
			const below = layers.slice(layers.indexOf(folder) + 1);
			const named = below.filter((layer) => header.includes(`\`../${layer}/\``));
			expect({ folder, named }).toEqual({ folder, named: below });
			const above = layers.slice(0, layers.indexOf(folder));
			expect({ folder, above: above.filter((l) => header.includes(`\`../${l}/\``)) }).toEqual({
				folder,
				above: [],
			});
		}
	});
});

/** Every file under nodes/ with the files it imports (type-only imports too), as repo paths. */
function importGraph(sources: Source[]): Map<string, string[]> {
	const files = new Set(sources.map((s) => s.path));
	const resolve = (target: string) =>
		[`${target}.ts`, `${target}/index.ts`].find((candidate) => files.has(candidate));
	return new Map(
		sources.map((source) => [
			source.path,
			importsOf(source).flatMap((target) => resolve(target) ?? []),
		]),
	);
}

/** The import circles: each group of files that import one another, round (Tarjan's SCCs). */
function circles(graph: Map<string, string[]>): string[][] {
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const found: string[][] = [];
	const visit = (file: string) => {
		index.set(file, index.size);
		low.set(file, index.get(file)!);
		stack.push(file);
		for (const next of graph.get(file) ?? []) {
			if (!index.has(next)) {
				visit(next);
				low.set(file, Math.min(low.get(file)!, low.get(next)!));
			} else if (stack.includes(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
		}
		if (low.get(file) !== index.get(file)) return;
		const group: string[] = [];
		let member: string;
		do {
			member = stack.pop()!;
			group.push(member);
		} while (member !== file);
		if (group.length > 1 || graph.get(file)?.includes(file)) found.push(group.sort());
	};
	for (const file of graph.keys()) if (!index.has(file)) visit(file);
	return found;
}

describe('imports under nodes/', () => {
	const sources = (): Source[] =>
		walk('nodes').map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));

	it('form no circle: no file imports itself through others', () => {
		const graph = importGraph(sources());
		// The reader saw the imports: the registry reads the operations, which read the resources.
		expect(graph.get('nodes/AssetTracking/actions/registry.ts')).toContain(
			'nodes/AssetTracking/actions/operations.ts',
		);
		expect(graph.get('nodes/AssetTracking/actions/asset/index.ts')).toContain(
			'nodes/AssetTracking/actions/asset/get.ts',
		);
		expect(graph.size).toBeGreaterThan(150);
		expect(circles(graph)).toEqual([]);
	});

	it('fail on a circle, however long, type-only imports included', () => {
		const files: Source[] = [
			{ path: 'n/a.ts', text: "import { b } from './b';\nimport { x } from './x';" },
			{ path: 'n/b.ts', text: "import type { C } from './c/index';" },
			{ path: 'n/c/index.ts', text: "export { a } from '../a';" },
			{ path: 'n/x.ts', text: "import { y } from './y';" },
			{ path: 'n/y.ts', text: "import { x } from './x';\nimport { z } from '../outside';" },
			{ path: 'n/self.ts', text: "import { s } from './self';" },
			{ path: 'n/free.ts', text: "import { a } from './a';" },
		];
		expect(circles(importGraph(files))).toEqual([
			['n/x.ts', 'n/y.ts'],
			['n/a.ts', 'n/b.ts', 'n/c/index.ts'],
			['n/self.ts'],
		]);
	});
});
