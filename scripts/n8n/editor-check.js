#!/usr/bin/env node
'use strict';
// Looks at a running n8n the way a person would: headless Debian Chromium
// (apt-get install -y chromium) driven by playwright-core logs in, opens a new
// workflow, opens the node panel ("+"), searches a node by name and takes
// screenshots. playwright-core is kept in .n8n-cache/playwright, outside the
// repo's package.json, and installed there on first use.
//
//   node scripts/n8n/editor-check.js --url http://127.0.0.1:5678 --search "Asset Tracking" --out /tmp/shots
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');
const { DEFAULT_OWNER } = require('./env');
const P = require('./paths');

const PLAYWRIGHT_VERSION = '1.65.1';
const DRIVER_DIR = path.join(P.CACHE_DIR, 'playwright');
const CHROMIUM = '/usr/bin/chromium';

// Selectors of n8n 2.41's editor (data-test-id attributes).
const SEL = {
  email: 'input[name="emailOrLdapLoginId"]',
  password: 'input[name="password"]',
  signIn: '[data-test-id="form-submit-button"]',
  canvas: '[data-test-id="canvas"]',
  openNodeCreator: '[data-test-id="node-creator-plus-button"]', // "+" top right
  nodeCreator: '[data-test-id="node-creator"]',
  nodeSearch: '[data-test-id="node-creator-search-bar"]', // the <input> itself
  nodeItemName: '[data-test-id="node-creator-item-name"]',
};

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

async function editorCheck({ baseUrl, owner = DEFAULT_OWNER, search, outDir }) {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} missing: apt-get install -y chromium`);
  const { chromium } = loadPlaywright();
  fs.mkdirSync(outDir, { recursive: true });
  // A fresh profile each run; Playwright refuses --user-data-dir in args and
  // takes the folder through launchPersistentContext instead.
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
  try {
    const page = context.pages()[0] || (await context.newPage());
    const shot = async (name) => {
      const file = path.join(outDir, `${name}.png`);
      await page.screenshot({ path: file });
      return file;
    };
    const shots = [];

    await page.goto(`${baseUrl}/signin`);
    // Wait for the form itself: the page is blank for a few seconds while
    // the editor bundle loads, and `networkidle` comes before it renders.
    await page.locator(SEL.email).waitFor({ state: 'visible', timeout: 60000 });
    shots.push(await shot('1-signin'));
    await page.locator(SEL.email).fill(owner.email);
    await page.locator(SEL.password).fill(owner.password);
    await page.locator(SEL.signIn).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/signin'));

    await page.goto(`${baseUrl}/workflow/new`);
    await page.locator(SEL.canvas).waitFor({ state: 'visible' });
    shots.push(await shot('2-editor'));

    let items = [];
    if (search) {
      await page.locator(SEL.openNodeCreator).click();
      await page.locator(SEL.nodeSearch).fill(search);
      const hit = page.locator(`${SEL.nodeCreator} ${SEL.nodeItemName}`, { hasText: search });
      await hit.first().waitFor({ state: 'visible', timeout: 10000 }).catch(() => {});
      items = await page.locator(`${SEL.nodeCreator} ${SEL.nodeItemName}`).allInnerTexts();
      shots.push(await shot('3-node-search'));
    }
    return { items, shots };
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

module.exports = { editorCheck, SEL };

if (require.main === module) {
  const arg = (name, dflt) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : dflt;
  };
  editorCheck({
    baseUrl: arg('url', 'http://127.0.0.1:5678'),
    search: arg('search'),
    outDir: arg('out', path.join(os.tmpdir(), 'n8n-editor-check')),
  })
    .then((r) => console.log(JSON.stringify(r, null, 2)))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
