// n8n's community-node lint: the same plugins and rule sets as the config @n8n/node-cli ships
// (@n8n/eslint-plugin-community-nodes' recommended rules, eslint-plugin-n8n-nodes-base's
// community, credentials and nodes rules), without its import plugin, whose native resolver
// has platform packages the registry here does not serve (they break `npm ci`).
import js from '@eslint/js';
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import tseslint from 'typescript-eslint';

const communityNodes = n8nCommunityNodesPlugin.configs.recommended;

export default tseslint.config(
	{
		ignores: ['dist/**', 'node_modules/**', '.n8n-cache/**', '.tmp/**', 'coverage/**', '**/*.js', '**/*.mjs'],
	},
	{
		files: ['**/*.ts'],
		extends: [js.configs.recommended, tseslint.configs.recommended, communityNodes],
		rules: {
			'prefer-spread': 'off',
			'no-console': 'error',
			'@typescript-eslint/no-unused-vars': [
				'error',
				{ argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
			],
		},
	},
	{ plugins: { 'n8n-nodes-base': n8nNodesBase } },
	{
		files: ['package.json'],
		extends: [communityNodes],
		rules: { ...n8nNodesBase.configs.community.rules },
		languageOptions: { parser: tseslint.parser, parserOptions: { extraFileExtensions: ['.json'] } },
	},
	{
		files: ['credentials/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
			'n8n-nodes-base/cred-class-field-type-options-password-missing': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
			'n8n-nodes-base/node-param-type-options-max-value-present': 'off',
		},
	},
	// Tests, the simulator, benchmarks and scripts are not published and run outside n8n, so the
	// rules that guard n8n's runtime (no timers, no process globals, no child processes) do not apply.
	{
		files: ['test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
		rules: {
			'@n8n/community-nodes/no-restricted-globals': 'off',
			'@n8n/community-nodes/no-restricted-imports': 'off',
			'@n8n/community-nodes/no-dangerous-functions': 'off',
			// Test-only node types exist to drive the engine; they are never published.
			'@n8n/community-nodes/node-usable-as-tool': 'off',
			'no-console': 'off',
		},
	},
);
