'use strict';
// Pinned versions and cache locations shared by install.js and env.js.
const path = require('path');

// n8n 2.41.3 (latest) does not resolve on the reachable registry: it needs
// @n8n/agents@0.26.2, which is not published there. 2.41.1 matches the
// n8n-core devDependency of the package.
const N8N_VERSION = '2.41.1';
// n8n >= 2 requires Node >= 24; the machine has Node 20. The node-<os>-<arch>
// package is the plain binary (plus headers in include/) with no install
// script, unlike the `node` wrapper package whose preinstall would be skipped
// by --ignore-scripts.
const NODE_VERSION = '24.21.0';
const NODE_PKG = `node-${process.platform}-${process.arch}`;
// linkedom 0.18.15 (allowed by n8n's ^0.18.13) depends on cssomnom, which is
// not on the reachable registry; 0.18.14 does not.
const OVERRIDES = { linkedom: '0.18.14' };

const REPO_DIR = path.resolve(__dirname, '..', '..');
const CACHE_DIR = path.join(REPO_DIR, '.n8n-cache'); // git-ignored
const MODULES = path.join(CACHE_DIR, 'node_modules');

module.exports = {
	N8N_VERSION,
	NODE_VERSION,
	NODE_PKG,
	OVERRIDES,
	REPO_DIR,
	CACHE_DIR,
	MODULES,
	MARKER: path.join(CACHE_DIR, '.installed.json'),
	NODE_DIR: path.join(MODULES, NODE_PKG), // also the nodedir for node-gyp
	NODE_BIN_DIR: path.join(MODULES, NODE_PKG, 'bin'),
	NODE_BIN: path.join(MODULES, NODE_PKG, 'bin', 'node'),
	N8N_BIN: path.join(MODULES, 'n8n', 'bin', 'n8n'),
};
