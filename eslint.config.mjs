// n8n's community-node lint, spelled out: the starter's two lines (`config` from
// @n8n/node-cli/eslint) would pull in node-cli's import plugin, whose native resolver needs
// platform packages the registry here does not serve (they break `npm ci`). So: the same
// plugins and rule sets, and only the exceptions this package needs, each with its reason.
import js from '@eslint/js';
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import tseslint from 'typescript-eslint';

const communityNodes = n8nCommunityNodesPlugin.configs.recommended;

export default tseslint.config(
	{ ignores: ['dist/**', '.n8n-cache/**', '.tmp/**', 'coverage/**', '**/*.js', '**/*.mjs'] },
	{
		files: ['**/*.ts'],
		extends: [js.configs.recommended, tseslint.configs.recommended, communityNodes],
		rules: {
			// A node logs nothing of its own (n8n shows errors and output instead).
			'no-console': 'error',
			// `_name` marks a parameter or binding kept for its position, as n8n's own code does.
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
			// The older rule wants a camelCase docs slug; n8n now takes a full https URL.
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			// The older rules want the string 'main'; n8n's v2 nodes use NodeConnectionTypes.Main.
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
		},
	},
	// Tests, the simulator, benchmarks and scripts are not published and run outside n8n, so the
	// rules that guard n8n's runtime (no timers, no process globals, no child processes, tool
	// usability of test-only node types) do not apply, and they may log.
	{
		files: ['test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
		rules: {
			'@n8n/community-nodes/no-restricted-globals': 'off',
			'@n8n/community-nodes/no-restricted-imports': 'off',
			'@n8n/community-nodes/no-dangerous-functions': 'off',
			'@n8n/community-nodes/node-usable-as-tool': 'off',
			'no-console': 'off',
		},
	},
);
