// Copies what tsc does not: node and credential icons, the codex JSON beside each node, and the
// OpenAPI types the API layer's declarations refer to (nodes/AssetTracking/api/openapi.d.ts).
const { src, dest } = require('gulp');

function buildIcons() {
	return src(['nodes/**/*.{png,svg,json}', 'nodes/**/*.d.ts', 'credentials/**/*.{png,svg}'], {
		base: '.',
		encoding: false,
	}).pipe(dest('dist'));
}

exports['build:icons'] = buildIcons;
