/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// How every bench process is started: TypeScript through ts-node, without type checking.
//
// prefer-ts-exts is required: the node folder holds AssetTracking.node.json (the codex file)
// next to AssetTracking.node.ts, and Node's resolver would otherwise load the .json for
// `import './AssetTracking.node'`.
export function tsNodeExecArgv(extra: string[] = []): string[] {
	return ['-r', 'ts-node/register/transpile-only', ...extra];
}

export function tsNodeEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
	return {
		...process.env,
		TS_NODE_PREFER_TS_EXTS: 'true',
		N8N_LOG_LEVEL: 'silent',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		...extra,
	};
}
