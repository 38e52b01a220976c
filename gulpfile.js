// Copies what tsc does not: node and credential icons, and the codex JSON beside each node.
const { src, dest } = require('gulp');

function buildIcons() {
	return src(['nodes/**/*.{png,svg,json}', 'credentials/**/*.{png,svg}'], {
		base: '.',
		encoding: false,
	}).pipe(dest('dist'));
}

exports['build:icons'] = buildIcons;
