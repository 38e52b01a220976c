/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// Every link a reader or n8n follows into this repository resolves: the links of the README and of
// docs/*.md (relative files, images, `#anchors`, and URLs of this repository on GitHub), and the
// documentation URLs the nodes and the credential carry (n8n's "Docs" link). A link resolves when
// its file exists in the repository and, if it names an `#anchor`, that file has a heading whose
// GitHub anchor it is. Links to other sites are not fetched.
import { existsSync, readdirSync, readFileSync, statSync } from 'fs';
import { dirname, join, relative, sep } from 'path';

import { AssetTrackingOAuth2Api } from '../../credentials/AssetTrackingOAuth2Api.credentials';

const root = join(__dirname, '..', '..');
/** The repository on GitHub (package.json `repository`). */
const REPO_URL = 'https://github.com/n8n-nodes-asset-tracking/n8n-nodes-asset-tracking';
/** The README is a front door: this many lines at most, none longer than README_MAX_WIDTH outside code blocks. */
const README_MAX_LINES = 200;
const README_MAX_WIDTH = 200;

const read = (path: string) => readFileSync(join(root, path), 'utf8');

const markdownIn = (dir: string) =>
	readdirSync(join(root, dir))
		.filter((name) => name.endsWith('.md'))
		.map((name) => `${dir}/${name}`);

/** The documents whose links are checked: the README, every markdown file of docs/ and docs/guide/. */
const DOCUMENTS = ['README.md', ...markdownIn('docs'), ...markdownIn('docs/guide')];

/**
 * GitHub's anchor for a heading: its text as rendered (a link's text, no markup), lower-cased,
 * every character that is not a letter, digit, `_`, `-` or space dropped, each space a `-`.
 */
function slug(heading: string): string {
	return heading
		.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
		.replace(/<[^>]*>/g, '')
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
		.replace(/ /g, '-');
}

/** A markdown text without its fenced code blocks (their lines emptied, so line numbers hold). */
function withoutCodeBlocks(text: string): string {
	let fence: string | undefined;
	return text
		.split('\n')
		.map((line) => {
			const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
			if (fence === undefined && marker) {
				fence = marker[0];
				return '';
			}
			if (fence !== undefined) {
				if (marker?.[0] === fence) fence = undefined;
				return '';
			}
			return line;
		})
		.join('\n');
}

/** The anchors of a markdown file: its headings' (duplicates get -1, -2 …) and HTML ids. */
function anchors(path: string): Set<string> {
	const text = withoutCodeBlocks(read(path));
	const found = new Set<string>();
	const seen = new Map<string, number>();
	for (const match of text.matchAll(/^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/gm)) {
		const base = slug(match[1]);
		const n = seen.get(base) ?? 0;
		seen.set(base, n + 1);
		found.add(n === 0 ? base : `${base}-${n}`);
	}
	for (const match of text.matchAll(/<[a-z]+[^>]*\s(?:id|name)="([^"]+)"/gi)) found.add(match[1]);
	return found;
}

/** Every link target of a markdown file, with its line: links, images, HTML src/href, bare URLs. */
function links(path: string): Array<{ line: number; target: string }> {
	const found: Array<{ line: number; target: string }> = [];
	withoutCodeBlocks(read(path))
		.split('\n')
		.forEach((text, i) => {
			// Code spans hold no links; their text may sit in a link's text, so keep a placeholder.
			const prose = text.replace(/(`+)[\s\S]*?\1/g, 'code');
			const targets = [
				...[...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]),
				...[...prose.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/g)].map((m) => m[1]),
				...[...prose.matchAll(/\s(?:src|href)="([^"]+)"/g)].map((m) => m[1]),
			];
			// A URL of this repository written out in the prose, outside a link.
			const bare = prose.replace(/\]\([^)]*\)|(?:src|href)="[^"]*"/g, '');
			for (const m of bare.matchAll(/https:\/\/github\.com\/[^\s)>"'`]+/g)) targets.push(m[0]);
			for (const target of targets) found.push({ line: i + 1, target });
		});
	return found;
}

/**
 * Where a URL of this repository points: the README for the repository itself, the file for
 * `/blob/main/<path>` or `/tree/main/<path>`; undefined for any other URL of it.
 */
function repoPath(url: string): { file: string; anchor?: string } | undefined {
	const [base, anchor] = url.split('#', 2);
	const rest = base.slice(REPO_URL.length).replace(/\/$/, '');
	if (rest === '') return { file: 'README.md', anchor };
	const match = /^\/(?:blob|tree)\/main\/(.+)$/.exec(rest);
	return match ? { file: decodeURIComponent(match[1]), anchor } : undefined;
}

/** Why a link does not resolve, or undefined when it does. `from` is the file holding it. */
function broken(from: string, target: string): string | undefined {
	let file: string;
	let anchor: string | undefined;
	if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
		if (!target.startsWith(REPO_URL)) {
			// Another site: the URL of this repository under another owner or name counts as broken.
			return /^https:\/\/github\.com\/n8n-nodes-asset-tracking\//.test(target)
				? `not ${REPO_URL}`
				: undefined;
		}
		const resolved = repoPath(target);
		if (!resolved)
			return `a URL of the repository that names no file (use ${REPO_URL}/blob/main/<path>)`;
		({ file, anchor } = resolved);
	} else {
		const [path, hash] = target.split('#', 2);
		anchor = hash;
		file = path === '' ? from : relative(root, join(root, dirname(from), decodeURIComponent(path)));
		if (file.startsWith('..')) return 'outside the repository';
	}
	file = file.split(sep).join('/');
	if (!existsSync(join(root, file))) return `no file ${file}`;
	if (anchor === undefined) return undefined;
	if (statSync(join(root, file)).isDirectory() || !file.endsWith('.md'))
		return `#${anchor} in ${file}, which has no headings`;
	if (!anchors(file).has(decodeURIComponent(anchor))) return `no heading #${anchor} in ${file}`;
	return undefined;
}

/** Every URL of this repository that the nodes' codex files and sources, and the credentials, carry. */
function shippedUrls(): Array<{ file: string; url: string }> {
	const files = (dir: string): string[] =>
		readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
			e.isDirectory() ? files(`${dir}/${e.name}`) : [`${dir}/${e.name}`],
		);
	return ['nodes', 'credentials']
		.flatMap(files)
		.filter((file) => /\.(ts|json)$/.test(file))
		.flatMap((file) =>
			[
				...read(file).matchAll(/https:\/\/github\.com\/n8n-nodes-asset-tracking\/[^\s'"`)<>]+/g),
			].map((m) => ({ file, url: m[0] })),
		);
}

describe('links', () => {
	it("computes anchors with GitHub's rule", () => {
		expect(slug('The trigger')).toBe('the-trigger');
		expect(slug('Where the spec and the OpenAPI disagree')).toBe(
			'where-the-spec-and-the-openapi-disagree',
		);
		expect(slug("Why it extends n8n's `oAuth2Api`")).toBe('why-it-extends-n8ns-oauth2api');
		expect(slug('docker-compose.yml')).toBe('docker-composeyml');
		expect(slug('1. Paging: Return All')).toBe('1-paging-return-all');
		expect(slug('Trigger: CPU-bound above ~10–20 requests in flight')).toBe(
			'trigger-cpu-bound-above-1020-requests-in-flight',
		);
		expect(slug('See [the docs](docs/x.md) now')).toBe('see-the-docs-now');
		expect(slug('snake_case and  two spaces')).toBe('snake_case-and--two-spaces');
	});

	it(`README.md is at most ${README_MAX_LINES} lines, none over ${README_MAX_WIDTH} characters outside code blocks`, () => {
		const text = read('README.md');
		const lines = (text.match(/\n/g) ?? []).length;
		expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
		const long = withoutCodeBlocks(text)
			.split('\n')
			.flatMap((line, i) =>
				[...line].length > README_MAX_WIDTH
					? [`README.md:${i + 1}: ${[...line].length} characters`]
					: [],
			);
		expect(long).toEqual([]);
	});

	it('every link of README.md and docs/*.md resolves to a file and a heading', () => {
		expect(DOCUMENTS).toEqual(
			expect.arrayContaining(['README.md', 'docs/development.md', 'docs/guide/alarms.md']),
		);
		const all = DOCUMENTS.flatMap((from) => links(from).map((link) => ({ from, ...link })));
		// The parser found the links: the README's to docs/, to an image, and to an anchor.
		const targets = all.map((l) => l.target);
		expect(targets).toEqual(
			expect.arrayContaining([
				'docs/development.md',
				'docs/screenshots/2-node-actions.png',
				'docs/trigger.md#how-it-decides-what-is-new',
			]),
		);
		const failures = all.flatMap(({ from, line, target }) => {
			const why = broken(from, target);
			return why === undefined ? [] : [`${from}:${line}: ${target} (${why})`];
		});
		expect(failures).toEqual([]);
	});

	it('every documentation URL of the nodes and the credential resolves', () => {
		const urls = shippedUrls();
		// n8n's Docs links: each node's primary documentation, and the credential's.
		const codex = (name: string) =>
			JSON.parse(read(`nodes/AssetTracking/${name}.node.json`)) as {
				resources: Record<string, Array<{ url: string }>>;
			};
		const expected = [
			...Object.values(codex('AssetTracking').resources).flat(),
			...Object.values(codex('AssetTrackingTrigger').resources).flat(),
		].map((r) => r.url);
		expected.push(new AssetTrackingOAuth2Api().documentationUrl);
		expect(expected.length).toBeGreaterThanOrEqual(5);
		expect(urls.map((u) => u.url)).toEqual(expect.arrayContaining(expected));
		// n8n appends its ?utm_source=… to a node's Docs link (codex primaryDocumentation + the
		// query, as text): after an #anchor it would break the anchor. A page per topic instead.
		expect(expected.filter((url) => url.includes('#'))).toEqual([]);
		const failures = urls.flatMap(({ file, url }) => {
			const why = broken(file, url);
			return why === undefined ? [] : [`${file}: ${url} (${why})`];
		});
		expect(failures).toEqual([]);
	});
});
