/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// What the pack's users read names no issue number, no test file and no lint rule: the README, the
// users' guide and reference (docs/guide/), the examples' sticky notes, and what the nodes and
// the credential show in the editor (names, descriptions, hints, placeholders, option names).
// Maintainers' documents (docs/*.md outside docs/guide/) may name them. The README's length and
// line length: links.test.ts.
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import type { INodeTypeDescription } from 'n8n-workflow';

import { AssetTrackingOAuth2Api } from '../../credentials/AssetTrackingOAuth2Api.credentials';
import { AssetTracking } from '../../nodes/AssetTracking/AssetTracking.node';
import { AssetTrackingTrigger } from '../../nodes/AssetTracking/AssetTrackingTrigger.node';

const root = join(__dirname, '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** What a person must not meet, each with why. */
const FORBIDDEN: Array<[RegExp, string]> = [
	[/\bissues? #?\d+/i, 'an issue number'],
	[/(?<![\w/.-])test\/[\w./-]+/, 'a test path'],
	[/\b[\w-]+\.test\.[jt]s\b/, 'a test file'],
	[/\bn8n-nodes-base\/[a-z][\w-]*/, 'a lint rule'],
	[/@n8n\/community-nodes\/[a-z][\w-]*/, 'a lint rule'],
	[/@typescript-eslint\/[a-z][\w-]*/, 'a lint rule'],
	[/\beslint(?:-disable|-plugin)?\b/i, 'a lint tool'],
	[/\b(?:no|prefer|require)-[a-z]+-[a-z]+[\w-]*/, 'a lint rule'],
];

/** Why a text offends, or nothing. */
export function offences(text: string): string[] {
	return FORBIDDEN.flatMap(([pattern, why]) => {
		const m = pattern.exec(text);
		return m ? [`${why}: "${m[0]}"`] : [];
	});
}

/** Every string a node description shows a person (recursively: properties, options, values). */
function shownStrings(value: unknown, key = '', out: string[] = []): string[] {
	if (typeof value === 'string') {
		if (
			['displayName', 'name', 'description', 'hint', 'placeholder', 'action', 'subtitle'].includes(
				key,
			)
		)
			out.push(value);
		return out;
	}
	if (Array.isArray(value))
		for (const v of value) shownStrings(v, key === 'hints' ? 'hint' : key, out);
	else if (value && typeof value === 'object')
		for (const [k, v] of Object.entries(value)) {
			if (k === 'routing' || k === 'displayOptions' || k === 'default' || k === 'typeOptions')
				continue;
			shownStrings(v, k, out);
		}
	return out;
}

const markdown = (dir: string) =>
	readdirSync(join(root, dir))
		.filter((f) => f.endsWith('.md'))
		.map((f) => `${dir}/${f}`);

/** The users' documents: the README and docs/guide/. */
const USER_DOCUMENTS = ['README.md', ...markdown('docs/guide')];

const descriptions = (): Array<[string, INodeTypeDescription]> => {
	const action = new AssetTracking();
	return [
		...Object.entries(action.nodeVersions).map(
			([v, type]) =>
				[`Asset Tracking version ${v}`, type.description] as [string, INodeTypeDescription],
		),
		['Asset Tracking Trigger', new AssetTrackingTrigger().description],
	];
};

describe("what the pack's users read", () => {
	it('the patterns catch what they are for, and pass prose', () => {
		for (const bad of [
			"Issue 36's alarm levels",
			'see test/project/examples.test.ts',
			'examples.test.ts',
			'n8n-nodes-base/node-param-collection-type-unsorted-items',
			'@typescript-eslint/no-explicit-any',
			'@n8n/community-nodes/no-restricted-globals',
			'eslint-disable-next-line',
			'no-restricted-imports',
		])
			expect({ bad, found: offences(bad).length > 0 }).toEqual({ bad, found: true });
		for (const fine of [
			'Fetch Test Event gives one item per chosen event',
			'docs/guide/alarms.md and docs/development.md',
			'a no-code workflow, 2-8 °C, the latest test event',
			'examples/alarms-by-severity-to-slack.json',
		])
			expect({ fine, found: offences(fine) }).toEqual({ fine, found: [] });
	});

	it.each(USER_DOCUMENTS)('%s names no issue, test file or lint rule', (path) => {
		const found = read(path)
			.split('\n')
			.flatMap((line, i) => offences(line).map((why) => `${path}:${i + 1}: ${why}`));
		expect(found).toEqual([]);
	});

	it("the examples' sticky notes name no issue, test file or lint rule", () => {
		const found = readdirSync(join(root, 'examples'))
			.filter((f) => f.endsWith('.json'))
			.flatMap((file) =>
				(
					JSON.parse(read(`examples/${file}`)) as {
						nodes: Array<{ type: string; name: string; parameters: { content?: string } }>;
					}
				).nodes
					.filter((n) => n.type === 'n8n-nodes-base.stickyNote')
					.flatMap((n) =>
						offences(n.parameters.content ?? '').map((why) => `${file}, ${n.name}: ${why}`),
					),
			);
		expect(found).toEqual([]);
	});

	it('the nodes and the credential show no issue, test file or lint rule in the editor', () => {
		const all: Array<[string, unknown]> = [
			...descriptions(),
			['the credential', new AssetTrackingOAuth2Api()],
		];
		const strings = all.flatMap(([where, description]) =>
			shownStrings(description).map((text) => [where, text] as const),
		);
		expect(strings.length).toBeGreaterThan(500);
		const found = strings.flatMap(([where, text]) =>
			offences(text).map((why) => `${where}: ${why} in "${text}"`),
		);
		expect([...new Set(found)]).toEqual([]);
	});
});
