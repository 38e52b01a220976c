// Lint for what is not published (tests, the simulator, the engine, benchmarks, scripts): n8n's
// stock config, as `n8n-node lint` applies it to the pack, with the rules that guard n8n's runtime
// turned off, since this code runs in Node, outside n8n. `eslint.config.mjs` stays n8n's stock
// file (strict mode checks it is unchanged); `npm run lint` runs `n8n-node lint`, then this.
import { config } from '@n8n/node-cli/eslint';

export default [
	...config,
	{ ignores: ['.n8n-cache/**', '.tmp/**', 'coverage/**', '**/artifacts/**', 'bench/results/**'] },
	{
		files: [
			'test/**/*.ts',
			'bench/**/*.ts',
			'scripts/**/*.ts',
			'simulator/**/*.ts',
			'engine/**/*.ts',
		],
		// Each file that breaks a runtime rule says so in a first-line directive (n8n-node lint reads
		// it too); a directive this config makes redundant is not an error.
		linterOptions: { reportUnusedDisableDirectives: 'off' },
		rules: {
			'@n8n/community-nodes/no-restricted-globals': 'off',
			'@n8n/community-nodes/no-restricted-imports': 'off',
			'@n8n/community-nodes/no-dangerous-functions': 'off',
			// Test-only node types drive the engine; they are never offered to an AI agent.
			'@n8n/community-nodes/node-usable-as-tool': 'off',
			'no-console': 'off',
			// `_name` marks a parameter or binding kept for its position, as n8n's own code does.
			'@typescript-eslint/no-unused-vars': [
				'error',
				{ argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
			],
		},
	},
];
