// `npm run test:slow`: the long scenarios `npm test` leaves out (test/slowTests.js), with the
// same transform, environment and timeouts as jest.config.js.
const base = require('./jest.config');
const slowTests = require('./test/slowTests');

/** @type {import('jest').Config} */
module.exports = {
	...base,
	testMatch: slowTests.map((file) => `<rootDir>/${file}`),
	testPathIgnorePatterns: ['/node_modules/'],
	// Operation coverage is counted by `npm test`, which runs every operation test.
	globalSetup: undefined,
	globalTeardown: undefined,
};
