// Runs the rule sets of n8n's community-package scanner (@n8n/scan-community-package) on
// folders given as arguments, the way its CLI does after downloading a published version:
// `<dir>:dist` lints compiled .js and package.json (the tarball leg), `<dir>:source` lints
// package.json, nodes/ and credentials/ (the provenance-source leg). Prints one JSON line.
// The CLI itself only scans what is already on npm; this lints what `npm pack` would publish.
import {
	analyzePackage,
	SOURCE_FILE_PATTERNS,
} from '@n8n/scan-community-package/scanner/scanner.mjs';

const results = [];
for (const arg of process.argv.slice(2)) {
	const at = arg.lastIndexOf(':');
	const dir = arg.slice(0, at);
	const leg = arg.slice(at + 1);
	const patterns = leg === 'source' ? SOURCE_FILE_PATTERNS : ['**/*.js', 'package.json'];
	const result = await analyzePackage(dir, patterns);
	results.push({
		dir,
		leg,
		passed: result.passed,
		message: result.message,
		details: result.details,
	});
}
process.stdout.write(JSON.stringify(results) + '\n');
