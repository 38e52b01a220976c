// n8n's own community-node lint (the config @n8n/node-cli ships), applied to the published code.
// Tests, the simulator, benchmarks and scripts are not published and run outside n8n, so the
// rules that guard n8n's runtime (no timers, no process globals, no runtime imports) do not apply there.
import { config } from '@n8n/node-cli/eslint';

export default [
	...config,
	{ ignores: ['dist/**', 'node_modules/**', '.n8n-cache/**', 'coverage/**', '**/*.js', '**/*.mjs'] },
	{
		files: ['**/*.ts'],
		rules: {
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
		},
	},
	{
		files: ['test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
		rules: {
			'@n8n/community-nodes/no-restricted-globals': 'off',
			'@n8n/community-nodes/no-restricted-imports': 'off',
			'import-x/no-unresolved': 'off',
			// Test-only node types exist to drive the engine; they are never published.
			'@n8n/community-nodes/node-usable-as-tool': 'off',
			// Benchmarks and the e2e scripts start child processes (n8n, measured runs) on purpose.
			'@n8n/community-nodes/no-dangerous-functions': 'off',
			'no-console': 'off',
		},
	},
];
