#!/usr/bin/env node
// `npm run lint:directives`: keeps `n8n-node lint` passing on code that is not published.
//
// n8n-node lint applies n8n's stock config (eslint.config.mjs, unchangeable in strict mode) to
// every .ts file, tests included, with the rules that guard n8n's runtime. Test, simulator,
// engine, benchmark and script files, which run in Node outside n8n, name the runtime rules they
// break in a first-line directive; eslint.dev.config.mjs lints them properly. This writes,
// updates or removes that line for each file under test/, simulator/, engine/, bench/ and
// scripts/, and lists any other error (those are for a person to fix; exit code 1).
import { readFileSync, writeFileSync } from 'node:fs';
import { ESLint } from 'eslint';

const RUNTIME_RULES = new Set([
	'@n8n/community-nodes/no-restricted-globals',
	'@n8n/community-nodes/no-restricted-imports',
	'@n8n/community-nodes/no-dangerous-functions',
	'@n8n/community-nodes/node-usable-as-tool',
	'no-console',
]);
const REASON = 'not published, runs outside n8n: eslint.dev.config.mjs lints it';
const HEADER =
	/^\/\* eslint-disable ([^*]*?) -- not published, runs outside n8n: eslint\.dev\.config\.mjs lints it \*\/\n/;

// No overrideConfigFile: eslint.config.mjs, exactly what n8n-node lint runs.
const eslint = new ESLint({ errorOnUnmatchedPattern: false });
const results = await eslint.lintFiles([
	'test/**/*.ts',
	'simulator/**/*.ts',
	'engine/**/*.ts',
	'bench/**/*.ts',
	'scripts/**/*.ts',
]);
let changed = 0;
let other = 0;
for (const { filePath, messages } of results) {
	const runtime = messages.filter((m) => RUNTIME_RULES.has(m.ruleId));
	// Rules the first line names that no longer fire (ESLint reports that part of it unused).
	const unused = new Set(
		messages
			.filter((m) => m.ruleId === null && m.line === 1 && /Unused eslint-disable/.test(m.message))
			.flatMap((m) => [...m.message.matchAll(/'([^']+)'/g)].map((q) => q[1])),
	);
	for (const m of messages) {
		if (m.severity < 2 || RUNTIME_RULES.has(m.ruleId)) continue;
		other++;
		console.log(`${filePath}:${m.line}:${m.column} ${m.ruleId}: ${m.message}`);
	}
	if (runtime.length === 0 && unused.size === 0) continue;
	const source = readFileSync(filePath, 'utf8');
	const existing = source.match(HEADER);
	const rules = new Set(existing ? existing[1].split(',').map((r) => r.trim()) : []);
	for (const m of runtime) rules.add(m.ruleId);
	for (const rule of unused) rules.delete(rule);
	const list = [...rules].sort().join(', ');
	const header = list ? `/* eslint-disable ${list} -- ${REASON} */\n` : '';
	writeFileSync(filePath, header + (existing ? source.slice(existing[0].length) : source));
	changed++;
	console.log(`${filePath}: ${list || '(directive removed)'}`);
}
console.log(
	`${changed} file(s) given, updated or cleared a first-line directive; ${other} other error(s).`,
);
process.exitCode = other > 0 ? 1 : 0;
