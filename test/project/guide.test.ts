/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// The users' guide (docs/guide/): every how-to page states its goal, says what can go wrong, and
// shows at least one screenshot that the end-to-end run takes in a real n8n (test/e2e/guideScenes.js
// lists them, each with the page that shows it; run.js photographs every one into
// docs/guide/images/). A page cannot show a picture no run takes, nor lose the one it needs.
import { existsSync, readdirSync, readFileSync } from 'fs';
import { join } from 'path';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the e2e test's plain JS module
const { GUIDE_SHOTS } = require('../e2e/guideScenes') as { GUIDE_SHOTS: Record<string, string> };

const GUIDE = join(__dirname, '..', '..', 'docs', 'guide');
/** The pages that are not how-to guides: the index, the reference and the explanation. */
const NOT_HOW_TO = ['README.md', 'reference.md', 'cold-chain.md'];
const pages = readdirSync(GUIDE).filter((f) => f.endsWith('.md'));
const howTo = pages.filter((page) => !NOT_HOW_TO.includes(page));
const read = (page: string) => readFileSync(join(GUIDE, page), 'utf8');
/** The guide's own images a page shows (markdown images and HTML img). */
const imagesOf = (page: string) =>
	[...read(page).matchAll(/(?:\]\(|src=")images\/([\w-]+)\.png/g)].map((m) => m[1]);

describe("the users' guide", () => {
	it('has the how-to pages the pack promises, each in the index', () => {
		expect(howTo.sort()).toEqual(
			[
				'alarms.md',
				'audit-and-report.md',
				'everyday-actions.md',
				'install.md',
				'overdue-and-dwell.md',
				'rooms.md',
			].sort(),
		);
		for (const page of [...howTo, 'reference.md', 'cold-chain.md'])
			expect(read('README.md')).toContain(`](${page})`);
	});

	it.each(howTo)('%s states its goal and what can go wrong', (page) => {
		const text = read(page);
		expect(text).toMatch(/^# .+\n\n\*\*Goal:\*\* /);
		expect(text).toContain('\n## What can go wrong\n');
	});

	it.each(howTo)('%s shows a screenshot the end-to-end run takes for it', (page) => {
		const shown = imagesOf(page);
		expect(shown.filter((name) => GUIDE_SHOTS[name] === page).length).toBeGreaterThan(0);
	});

	it('every guide image is one the end-to-end run takes, it exists, and its page shows it', () => {
		const shown = pages.flatMap((page) => imagesOf(page).map((name) => ({ page, name })));
		for (const { page, name } of shown)
			expect({ name, page: GUIDE_SHOTS[name] }).toEqual({ name, page });
		for (const [name, page] of Object.entries(GUIDE_SHOTS)) {
			expect({ name, exists: existsSync(join(GUIDE, 'images', `${name}.png`)) }).toEqual({
				name,
				exists: true,
			});
			expect({ name, page, shown: imagesOf(page).includes(name) }).toEqual({
				name,
				page,
				shown: true,
			});
		}
	});
});
