/** @type {import('jest').Config} */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', '/test/e2e/'],
	setupFiles: ['<rootDir>/test/harness/env.ts'],
	// Operation coverage: each operation test file records what it sent; the teardown counts 45/45.
	globalSetup: '<rootDir>/test/operations/coverage.setup.ts',
	globalTeardown: '<rootDir>/test/operations/coverage.teardown.ts',
	transform: { '^.+\\.ts$': ['ts-jest', { diagnostics: false }] },
	testTimeout: 120_000,
	// The engine tests each start a simulator; two cores run two files at a time.
	maxWorkers: 2,
};
