'use strict';
// Installs the node package into an n8n user folder the way n8n installs a
// community package: from an `npm pack` tarball, extracted into
// <userFolder>/.n8n/nodes/node_modules/<name>. n8n scans that folder at start
// for `n8n-nodes-*` and `@*/n8n-nodes-*` folders, so the package name must
// follow that pattern; its node types then load as `<package name>.<node name>`.
//
// What n8n 2.41 itself does (CommunityPackagesService.downloadPackage):
// `npm pack name@version`, `tar -xzf <tgz> --strip-components=1` into the
// package folder, drop dev/peer/optional dependencies from its package.json,
// `npm install` its own dependencies, and record it in nodes/package.json.
// This does the same with a tarball packed from the working tree.
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
 * Installs a tarball as a community package of the user folder; returns the
 * package folder. Replaces an installed copy of the same package.
 */
function installTarball(tarball, userFolder) {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-community-'));
	try {
		execFileSync('tar', ['-xzf', tarball, '-C', staging, '--strip-components=1']);
		const pkgFile = path.join(staging, 'package.json');
		const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8'));
		if (!NAME_PATTERN.test(pkg.name)) {
			throw new Error(
				`${pkg.name}: n8n only loads community packages named n8n-nodes-* or @scope/n8n-nodes-*`,
			);
		}
		// As n8n does: peers (n8n-workflow) come from n8n itself.
		const { devDependencies, peerDependencies, optionalDependencies, ...kept } = pkg;
		fs.writeFileSync(pkgFile, JSON.stringify(kept, null, 2) + '\n');

		const target = path.join(nodesDir, 'node_modules', pkg.name);
		fs.rmSync(target, { recursive: true, force: true });
		fs.mkdirSync(path.dirname(target), { recursive: true });
		fs.cpSync(staging, target, { recursive: true });

		if (kept.dependencies && Object.keys(kept.dependencies).length > 0) {
			execFileSync(
				'npm',
				[
					'install',
					'--audit=false',
					'--fund=false',
					'--bin-links=false',
					'--install-strategy=shallow',
					'--ignore-scripts=true',
					'--package-lock=false',
				],
				{ cwd: target, env: cleanNpmEnv(), stdio: 'inherit' },
			);
		}

		// nodes/package.json lists the installed community packages, as n8n keeps it.
		const listFile = path.join(nodesDir, 'package.json');
		let list = { name: 'installed-nodes', private: true, dependencies: {} };
		try {
			list = JSON.parse(fs.readFileSync(listFile, 'utf8'));
		} catch {
			// first package
		}
		list.dependencies = { ...list.dependencies, [pkg.name]: pkg.version };
		fs.writeFileSync(listFile, JSON.stringify(list, null, 2) + '\n');
		return target;
	} finally {
		fs.rmSync(staging, { recursive: true, force: true });
	}
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
