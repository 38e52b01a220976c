const slowTests = require('./test/slowTests');

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `npm test`: every test but the long scenarios of test/slowTests.js, which `npm run test:slow`
 * runs (jest.slow.config.js); CI runs both.
 */
/** @type {import('jest').Config} */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	testPathIgnorePatterns: [
		'/node_modules/',
		'/test/e2e/',
		...slowTests.map((f) => `/${escape(f)}$`),
	],
	// Tests and assertions counted at the end, so a change that drops some shows.
	reporters: ['default', '<rootDir>/test/harness/countsReporter.js'],
	setupFiles: ['<rootDir>/engine/env.ts'],
	// Operation coverage: each operation test file records what it sent; the teardown counts 46/46.
	globalSetup: '<rootDir>/test/actions/coverage.setup.ts',
	globalTeardown: '<rootDir>/test/actions/coverage.teardown.ts',
	transform: { '^.+\\.ts$': ['ts-jest', { diagnostics: false }] },
	testTimeout: 120_000,
	// The engine tests each start a simulator; two cores run two files at a time.
	maxWorkers: 2,
};
