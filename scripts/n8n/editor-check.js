#!/usr/bin/env node
'use strict';
// Looks at a running n8n the way a person would: headless Debian Chromium
// (apt-get install -y chromium) driven by playwright-core signs in, opens a
// workflow that holds only a Manual Trigger, opens the node panel ("+"),
// searches the node, opens its actions, adds one, opens the Resource list and
// the credential type, and takes a screenshot at each step. It reports what it
// saw; the caller asserts. playwright-core is kept in .n8n-cache/playwright,
// outside the repo's package.json, and installed there on first use.
//
//   node scripts/n8n/editor-check.js --url http://127.0.0.1:5678 --out /tmp/shots
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');
const { DEFAULT_OWNER } = require('./env');
const { rest, session } = require('./rest');
const P = require('./paths');

const PLAYWRIGHT_VERSION = '1.65.1';
const DRIVER_DIR = path.join(P.CACHE_DIR, 'playwright');
const CHROMIUM = '/usr/bin/chromium';

// Selectors of n8n 2.41's editor (data-test-id attributes).
const SEL = {
	canvas: '[data-test-id="canvas"]',
	openNodeCreator: '[data-test-id="node-creator-plus-button"]', // "+" top right
	nodeCreator: '[data-test-id="node-creator"]',
	nodeSearch: '[data-test-id="node-creator-search-bar"]', // the <input> itself
	item: '[data-test-id="item-iterator-item"]',
	actionItem: '[data-test-id="item-iterator-item"][data-keyboard-nav-type="action"]',
	itemName: '[data-test-id="node-creator-item-name"]',
	ndv: '[data-test-id="ndv"]',
	resource: '[data-test-id="parameter-input-resource"]',
	operation: '[data-test-id="parameter-input-operation"]',
	credentialSelect: '[data-test-id="node-credentials-select"]',
	newCredential: '[data-test-id="node-credentials-select-item-new"]',
	credentialModal: '[data-test-id="editCredential-modal"]',
	option: '[role="option"]:visible',
	executeWorkflow: '[data-test-id="execute-workflow-button"]',
	canvasNode: '[data-test-id="canvas-node"]',
	rlcInput: '[data-test-id="rlc-input"]',
	rlcItem: '[data-test-id="rlc-item"]',
	// What a node shows once it ran: a check mark, a warning, or (an error) its execution issues.
	nodeStatus:
		'[data-test-id="canvas-node-status-success"], [data-test-id="canvas-node-status-warning"], [data-test-id="node-issues"]',
};

/**
 * Debian's Chromium, headless, with a fresh profile each run (Playwright refuses --user-data-dir
 * in args and takes the folder through launchPersistentContext instead), signed in to n8n with
 * the session cookie of the REST calls rather than through the sign-in form, which would count
 * as another sign-in. Returns the context and `close()`, which closes it and removes the profile.
 */
async function launchChromium(chromium, baseUrl, cookie) {
	const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-chromium-'));
	const context = await chromium.launchPersistentContext(profile, {
		executablePath: CHROMIUM,
		headless: true,
		viewport: { width: 1440, height: 900 },
		// Offline machine: no sandbox (root), no GPU, nothing that calls home.
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
		],
	});
	const [name, ...value] = cookie.split('=');
	await context.addCookies([{ name, value: value.join('='), url: baseUrl }]);
	const close = async () => {
		await context.close();
		fs.rmSync(profile, { recursive: true, force: true });
	};
	return { context, close };
}

function loadPlaywright() {
	const entry = path.join(DRIVER_DIR, 'node_modules', 'playwright-core');
	if (!fs.existsSync(entry)) {
		fs.mkdirSync(DRIVER_DIR, { recursive: true });
		fs.writeFileSync(path.join(DRIVER_DIR, 'package.json'), '{ "private": true }\n');
		// playwright-core has no install script and downloads no browser.
		execFileSync('npm', ['install', '--no-save', `playwright-core@${PLAYWRIGHT_VERSION}`], {
			cwd: DRIVER_DIR,
			stdio: 'inherit',
		});
	}
	return require(entry);
}

/**
 * @param {object} o
 * @param {string} o.baseUrl
 * @param {string} o.outDir  screenshots land here
 * @param {string} [o.search='Asset Tracking']  node to look for
 * @param {string} [o.action='Get many assets']  action to add
 * @returns report: { search, icon, categories, actions, added, resources,
 *   operations, credential, credentialModal, shots }
 */
async function editorCheck({
	baseUrl,
	owner = DEFAULT_OWNER,
	search = 'Asset Tracking',
	action = 'Get many assets',
	outDir,
}) {
	// A workflow of its own holding only a Manual Trigger: the node panel then offers action nodes
	// (a new, empty workflow offers triggers first), and no other editor session holds its lock.
	const start = {
		id: 'a0d8b9a4-0000-4000-8000-000000000001',
		name: 'Start',
		type: 'n8n-nodes-base.manualTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	return inScratchWorkflow(
		{ baseUrl, owner, outDir, name: 'Editor check', nodes: [start] },
		async (page, shot, report) => {
			// A dropdown's options, opened; closed again with Escape once its list has gone.
			const openOptions = async (dropdown) => {
				await page.locator(dropdown).click();
				await page.locator(SEL.option).first().waitFor({ state: 'visible' });
				return (await page.locator(SEL.option).allInnerTexts()).map((t) => t.trim());
			};
			const closeOptions = async () => {
				await page.keyboard.press('Escape');
				await page
					.locator(SEL.option)
					.first()
					.waitFor({ state: 'hidden' })
					.catch(() => {});
			};

			// 1. The node panel: search, find the node, its icon.
			await page.locator(SEL.openNodeCreator).click();
			await page.locator(SEL.nodeSearch).fill(search);
			const exact = new RegExp(`^${search.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
			const hit = page.locator(`${SEL.nodeCreator} ${SEL.item}`, {
				has: page.locator(SEL.itemName, { hasText: exact }),
			});
			await hit.first().waitFor({ state: 'visible', timeout: 20000 });
			report.search = (
				await page.locator(`${SEL.nodeCreator} ${SEL.itemName}`).allInnerTexts()
			).map((t) => t.trim());
			const img = hit.first().locator('img').first();
			await img.waitFor({ state: 'visible', timeout: 10000 }).catch(() => {});
			if ((await img.count()) > 0) {
				await page
					.waitForFunction((el) => el.complete && el.naturalWidth > 0, await img.elementHandle(), {
						timeout: 10000,
					})
					.catch(() => {});
				report.icon = await img.evaluate((el) => ({
					src: el.getAttribute('src'),
					complete: el.complete,
					naturalWidth: el.naturalWidth,
					naturalHeight: el.naturalHeight,
				}));
			} else {
				// n8n draws a placeholder (initials) when a node has no usable icon.
				report.icon = {
					src: null,
					placeholderText: (await hit.first().innerText()).split('\n')[0],
				};
			}
			await shot('1-node-panel-search');

			// 2. The node's actions, grouped by resource.
			await hit.first().locator(SEL.itemName).click();
			await page
				.locator(`${SEL.nodeCreator} ${SEL.actionItem}`)
				.first()
				.waitFor({ state: 'visible', timeout: 20000 });
			// The list is virtualised: a tall window renders most of it at once, and readActionList
			// scrolls it to its end, so a slow render cannot cut the headings short.
			await page.setViewportSize({ width: 1440, height: 3000 });
			Object.assign(report, await readActionList(page));
			await page.setViewportSize({ width: 1440, height: 900 });
			await page.waitForTimeout(300);
			await shot('2-node-actions');

			// 3. Add one action: the node opens with its parameters and credential.
			await page
				.locator(`${SEL.nodeCreator} ${SEL.actionItem} ${SEL.itemName}`, { hasText: action })
				.first()
				.click();
			await page.locator(SEL.ndv).waitFor({ state: 'visible', timeout: 20000 });
			await page.locator(SEL.resource).waitFor({ state: 'visible', timeout: 20000 });
			const inputValue = (sel) => page.locator(`${sel} input`).first().inputValue();
			report.added = {
				resource: await inputValue(SEL.resource),
				operation: await inputValue(SEL.operation),
				credential: await inputValue(SEL.credentialSelect).catch(() => null),
			};
			report.operations = await openOptions(SEL.operation);
			await closeOptions();
			report.resources = await openOptions(SEL.resource);
			await shot('3-node-resources');
			await closeOptions();

			// 4. The credential type, as "Create new credential" shows it.
			await page.locator(SEL.credentialSelect).click();
			await page.locator(SEL.newCredential).click();
			const modal = page.locator(SEL.credentialModal);
			await modal.waitFor({ state: 'visible', timeout: 20000 });
			await modal
				.getByText('Base URL')
				.first()
				.waitFor({ state: 'visible', timeout: 10000 })
				.catch(() => {});
			report.credentialModal = await modal.innerText();
			// What a new credential holds before the user types anything (the defaults).
			report.credentialValues = await modal
				.locator('input')
				.evaluateAll((els) => els.map((el) => el.value).filter(Boolean));
			await page.waitForTimeout(500); // the dialog fades in
			await shot('4-credential-type');
			return report;
		},
	);
}

/**
 * Runs `act(page, shot, report)` in headless Chromium signed in to n8n, on a scratch workflow of
 * these nodes opened in the editor; `shot(name)` saves a screenshot in outDir and lists it in
 * `report.shots`. The workflow goes afterwards, whatever happened. Returns what `act` returns.
 */
async function inScratchWorkflow({ baseUrl, owner, outDir, name, nodes }, act) {
	if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} missing: apt-get install -y chromium`);
	const { chromium } = loadPlaywright();
	fs.mkdirSync(outDir, { recursive: true });
	const cookie = await session(baseUrl, owner);
	const workflow = await rest(baseUrl, cookie, 'POST', '/rest/workflows', {
		name: `${name} ${new Date().toISOString()}`,
		active: false,
		nodes,
		connections: {},
		settings: { executionOrder: 'v1' },
	});
	const { context, close } = await launchChromium(chromium, baseUrl, cookie);
	const report = { workflowId: workflow.id, shots: [] };
	try {
		const page = context.pages()[0] || (await context.newPage());
		const shot = async (file) => {
			const at = path.join(outDir, `${file}.png`);
			await page.screenshot({ path: at });
			report.shots.push(at);
			return at;
		};
		await page.goto(`${baseUrl}/workflow/${workflow.id}`);
		await page.locator(SEL.canvas).waitFor({ state: 'visible', timeout: 60000 });
		return await act(page, shot, report);
	} finally {
		await close();
		await discard(baseUrl, cookie, workflow.id);
	}
}

/** A scratch workflow goes: archived first, as n8n 2 only deletes archived ones. */
async function discard(baseUrl, cookie, id) {
	await rest(baseUrl, cookie, 'POST', `/rest/workflows/${id}/archive`, {}).catch(() => {});
	await rest(baseUrl, cookie, 'DELETE', `/rest/workflows/${id}`).catch(() => {});
}

/**
 * Opens workflows the way a user left them and photographs one node's panel in each: a
 * scene is { name, workflow: { nodes, connections }, node, execute?, act?, viewport? }. The workflow is
 * created through the REST API, opened in the editor, run with "Execute workflow" when
 * `execute` is set, and the node `node` is opened; `act(page)` may then click something
 * (a picker, say) before the screenshot. Reports each scene's panel text and screenshot.
 *
 * @returns {Promise<Record<string, { text: string, shot: string }>>}
 */
async function editorScenes({ baseUrl, owner = DEFAULT_OWNER, outDir, scenes }) {
	if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} missing: apt-get install -y chromium`);
	const { chromium } = loadPlaywright();
	fs.mkdirSync(outDir, { recursive: true });
	const cookie = await session(baseUrl, owner);
	const { context, close } = await launchChromium(chromium, baseUrl, cookie);
	const report = {};
	const created = [];
	try {
		const page = context.pages()[0] || (await context.newPage());
		for (const scene of scenes) {
			const workflow = await rest(baseUrl, cookie, 'POST', '/rest/workflows', {
				name: `Editor scene ${scene.name}`,
				active: false,
				settings: { executionOrder: 'v1' },
				...scene.workflow,
			});
			created.push(workflow.id);
			await page.setViewportSize(scene.viewport || { width: 1440, height: 900 });
			await page.goto(`${baseUrl}/workflow/${workflow.id}`);
			await page.locator(SEL.canvas).waitFor({ state: 'visible', timeout: 60000 });
			if (scene.execute) {
				await page.locator(SEL.executeWorkflow).click();
				// The run is over when the node shows its status.
				await page
					.locator(`${SEL.canvasNode}:has-text("${scene.node}") ${SEL.nodeStatus}`)
					.first()
					.waitFor({ state: 'visible', timeout: 30000 })
					.catch((err) => {
						throw new Error(
							`scene ${scene.name}: "${scene.node}" showed no status (success, warning or issues) within 30 s of "Execute workflow": ${err.message}`,
						);
					});
			}
			await page.locator(SEL.canvasNode, { hasText: scene.node }).first().dblclick();
			await page.locator(SEL.ndv).waitFor({ state: 'visible', timeout: 20000 });
			await page.waitForTimeout(1000);
			if (scene.act) await scene.act(page);
			const file = path.join(outDir, `${scene.name}.png`);
			await page.screenshot({ path: file });
			report[scene.name] = { text: await page.locator(SEL.ndv).innerText(), shot: file };
			await page.keyboard.press('Escape');
		}
		return report;
	} finally {
		await close();
		for (const id of created) await discard(baseUrl, cookie, id);
	}
}

/**
 * What a person finds in the node panel of a new, empty workflow (where it offers triggers first):
 * for each search, the names it lists; then, for the first search, the node it found opened, with
 * its trigger entries read whole. A screenshot of each search and of the opened node.
 * @returns {Promise<{ searches: Record<string, string[]>, opened: string[], shots: string[] }>}
 */
async function panelSearch({ baseUrl, owner = DEFAULT_OWNER, outDir, searches }) {
	const scratch = { baseUrl, owner, outDir, name: 'Panel search', nodes: [] };
	return inScratchWorkflow(scratch, async (page, shot, report) => {
		await page.locator(SEL.openNodeCreator).click();
		report.searches = {};
		const names = () => page.locator(`${SEL.nodeCreator} ${SEL.itemName}`);
		const listed = async () => (await names().allInnerTexts()).map((t) => t.trim()).join('|');
		await names().first().waitFor({ state: 'visible', timeout: 20000 });
		const unfiltered = await listed();
		// The list filters as one types: a search's answer is the list once it differs from the
		// unfiltered one and two reads a pause apart agree (none found: "No results" lists nothing).
		const searchFor = async (search) => {
			await page.locator(SEL.nodeSearch).fill(search);
			const deadline = Date.now() + 15000;
			let last = null;
			for (;;) {
				await page.waitForTimeout(400);
				const now = await listed();
				if ((now !== unfiltered && now === last) || Date.now() > deadline) return now;
				last = now;
			}
		};
		for (const search of searches) {
			const found = await searchFor(search);
			report.searches[search] = found === '' ? [] : found.split('|');
			await shot(`panel-search-${search.replace(/\W+/g, '-')}`);
		}
		await searchFor(searches[0]);
		await names().first().click();
		await page.setViewportSize({ width: 1440, height: 3000 });
		report.opened = (await readActionList(page)).actions;
		await shot('panel-search-opened');
		return report;
	});
}

/**
 * The node's actions and their resource headings (" Actions" items), read whole. The node panel
 * renders its list as it scrolls, and on a loaded machine a render can lag behind: the list is
 * scrolled from top to bottom, each step's rendered items gathered in order (an item once),
 * until its end is in view and two reads in a row, a pause apart, add nothing.
 * @returns {Promise<{ categories: string[], actions: string[] }>}
 */
async function readActionList(page, { timeoutMs = 30000, pauseMs = 400 } = {}) {
	const first = page.locator(`${SEL.nodeCreator} ${SEL.item}`).first();
	await first.waitFor({ state: 'visible', timeout: 20000 });
	// The list's scrolling element: the nearest ancestor that scrolls, else the page.
	const scroller = await first.evaluateHandle((el) => {
		for (let p = el.parentElement; p; p = p.parentElement) {
			const { overflowY } = getComputedStyle(p);
			if (/(auto|scroll)/.test(overflowY) && p.scrollHeight > p.clientHeight) return p;
		}
		return document.scrollingElement;
	});
	await scroller.evaluate((el) => el.scrollTo(0, 0));
	const categories = [];
	const actions = [];
	const seen = new Set();
	const gather = async () => {
		const rendered = await page.locator(`${SEL.nodeCreator} ${SEL.item}`).evaluateAll(
			(els, nameSel) =>
				els.map((el) => ({
					id: el.getAttribute('data-keyboard-nav-id'),
					action: el.getAttribute('data-keyboard-nav-type') === 'action',
					name: (el.querySelector(nameSel)?.textContent ?? '').trim(),
				})),
			SEL.itemName,
		);
		let added = 0;
		for (const item of rendered) {
			const key = `${item.action ? 'a' : 'h'}|${item.id ?? item.name}`;
			if (seen.has(key)) continue;
			if (item.action) {
				if (item.name === '') continue;
				actions.push(item.name);
			} else if (item.id?.endsWith(' Actions')) categories.push(item.id);
			else continue;
			seen.add(key);
			added++;
		}
		return added;
	};
	const deadline = Date.now() + timeoutMs;
	let quiet = 0;
	while (quiet < 2) {
		if (Date.now() > deadline)
			throw new Error(`the node panel's action list did not settle within ${timeoutMs} ms`);
		await page.waitForTimeout(pauseMs);
		const added = await gather();
		const atEnd = await scroller.evaluate((el) => {
			const end = el.scrollTop + el.clientHeight >= el.scrollHeight - 2;
			if (!end) el.scrollBy(0, Math.max(100, el.clientHeight * 0.8));
			return end;
		});
		quiet = added === 0 && atEnd ? quiet + 1 : 0;
	}
	await scroller.evaluate((el) => el.scrollTo(0, 0));
	return { categories, actions };
}

module.exports = { editorCheck, editorScenes, panelSearch, SEL };

if (require.main === module) {
	const arg = (name, dflt) => {
		const i = process.argv.indexOf(`--${name}`);
		return i > 0 ? process.argv[i + 1] : dflt;
	};
	editorCheck({
		baseUrl: arg('url', 'http://127.0.0.1:5678'),
		search: arg('search', 'Asset Tracking'),
		outDir: arg('out', path.join(os.tmpdir(), 'n8n-editor-check')),
	})
		.then((r) => console.log(JSON.stringify(r, null, 2)))
		.catch((err) => {
			console.error(err);
			process.exit(1);
		});
}
