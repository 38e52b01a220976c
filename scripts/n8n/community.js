'use strict';
// Installs a built node package into an n8n user folder the way n8n keeps
// community packages: <userFolder>/.n8n/nodes/node_modules/<name>. n8n scans
// that folder at start for `n8n-nodes-*` and `@*/n8n-nodes-*` folders, so
// the package name must follow that pattern; its node types then load as
// `<package name>.<node name>`. Peer dependencies (n8n-workflow) resolve from
// n8n's own node_modules, so nothing else is copied.
const fs = require('fs');
const path = require('path');

function installCommunityPackage(pkgDir, userFolder) {
  const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  if (!/^(@[^/]+\/)?n8n-nodes-/.test(pkg.name)) {
    throw new Error(`${pkg.name}: n8n only loads community packages named n8n-nodes-* or @scope/n8n-nodes-*`);
  }
  const target = path.join(userFolder, '.n8n', 'nodes', 'node_modules', pkg.name);
  fs.rmSync(target, { recursive: true, force: true });
  fs.mkdirSync(target, { recursive: true });
  // What `npm pack` would ship: package.json plus the `files` entries.
  for (const entry of ['package.json', ...(pkg.files || ['dist'])]) {
    const src = path.join(pkgDir, entry);
    if (!fs.existsSync(src)) throw new Error(`${pkg.name}: ${entry} is missing (built yet?)`);
    fs.cpSync(src, path.join(target, entry), { recursive: true });
  }
  return target;
}

module.exports = { installCommunityPackage };
