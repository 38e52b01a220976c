/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// The trigger's folders form layers (issue 35): its README names them top to bottom, and every
// import of a file in nodes/AssetTracking/trigger/ points down that order or stays in its folder.
// A reader can tell what a folder may use: what is below it.
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

function triggerSources(): Source[] {
	const walk = (dir: string): string[] =>
		readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
			e.isDirectory()
				? walk(`${dir}/${e.name}`)
				: e.name.endsWith('.ts')
					? [`${dir}/${e.name}`]
					: [],
		);
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
