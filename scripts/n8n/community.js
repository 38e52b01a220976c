'use strict';
// Installs the node package into an n8n user folder the way the README tells a person to before
// it is on npm: `npm pack`, then `npm install --legacy-peer-deps <tarball>` in
// <userFolder>/.n8n/nodes, which puts it in nodes/node_modules/<name> and records it in
// nodes/package.json. n8n scans that folder at start for `n8n-nodes-*` and `@*/n8n-nodes-*`
// folders, so the package name must follow that pattern; its node types then load as
// `<package name>.<node name>`.
//
// --legacy-peer-deps: npm would otherwise install the peer dependency n8n-workflow beside the
// pack, a second copy next to n8n's own; n8n itself drops peer dependencies when it installs a
// community package (CommunityPackagesService). --offline: the pack has no dependencies, so
// nothing is fetched.
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

const NAME_PATTERN = /^(@[^/]+\/)?n8n-nodes-/;

// npm without the settings of a parent `npm run` (npm_config_*), so `npm pack`
// behaves the same whether it is started from a script or a shell.
function cleanNpmEnv() {
	const env = {};
	for (const [k, v] of Object.entries(process.env)) {
		if (!/^npm_(config|package|lifecycle)_/i.test(k)) env[k] = v;
	}
	env.npm_config_update_notifier = 'false';
	env.npm_config_fund = 'false';
	env.npm_config_audit = 'false';
	return env;
}

/**
 * `npm pack` of a built package. Resolves the tarball path and the list of
 * files it holds (paths inside the package, as npm reports them).
 * @returns {{ tarball: string, files: string[], size: number, name: string, version: string }}
 */
function packPackage(pkgDir, outDir) {
	fs.mkdirSync(outDir, { recursive: true });
	const out = execFileSync('npm', ['pack', '--json', '--pack-destination', outDir], {
		cwd: pkgDir,
		env: cleanNpmEnv(),
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	// npm may print lines before the JSON (it should not with --json, but
	// lifecycle output would land there); the JSON is the last array.
	const json = JSON.parse(out.slice(out.indexOf('[')));
	const info = json[0];
	return {
		tarball: path.join(outDir, info.filename),
		files: info.files.map((f) => f.path).sort(),
		size: info.size,
		name: info.name,
		version: info.version,
	};
}

/**
 * Installs a tarball as a community package of the user folder with npm, as the README does;
 * returns the package folder. Replaces an installed copy of the same package.
 */
function installTarball(tarball, userFolder) {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const pkg = JSON.parse(
		execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }),
	);
	if (!NAME_PATTERN.test(pkg.name)) {
		throw new Error(
			`${pkg.name}: n8n only loads community packages named n8n-nodes-* or @scope/n8n-nodes-*`,
		);
	}
	// Without a package.json of its own, npm would install into the nearest folder above that has
	// one. n8n creates it the same way for its own installs.
	fs.mkdirSync(nodesDir, { recursive: true });
	const listFile = path.join(nodesDir, 'package.json');
	if (!fs.existsSync(listFile)) {
		fs.writeFileSync(
			listFile,
			JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2) + '\n',
		);
	}
	// A tarball rebuilt under the same name and version: npm would keep the copy it has (or refuse
	// it for a changed checksum), so the old copy and npm's record of it go first.
	const target = path.join(nodesDir, 'node_modules', pkg.name);
	fs.rmSync(target, { recursive: true, force: true });
	fs.rmSync(path.join(nodesDir, 'package-lock.json'), { force: true });
	execFileSync(
		'npm',
		[
			'install',
			'--legacy-peer-deps',
			'--offline',
			'--audit=false',
			'--fund=false',
			'--ignore-scripts=true',
			path.resolve(tarball),
		],
		{ cwd: nodesDir, env: cleanNpmEnv(), stdio: ['ignore', 'ignore', 'inherit'] },
	);
	return target;
}

/**
 * Packs the (already built) package and installs the tarball into the user
 * folder. Returns { target, tarball, files }.
 * @param {string} pkgDir  the repository
 * @param {string} userFolder  n8n's N8N_USER_FOLDER
 * @param {string} [outDir]  where the tarball is kept (default: a temp folder)
 */
function installCommunityPackage(pkgDir, userFolder, outDir) {
	const dir = outDir || fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-pack-'));
	const packed = packPackage(pkgDir, dir);
	const target = installTarball(packed.tarball, userFolder);
	return { ...packed, target };
}

module.exports = { installCommunityPackage, packPackage, installTarball };
