/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
// n8n's own HTTP Request and Split Out nodes, loaded from the n8n install under .n8n-cache/
// (n8n-nodes-base is not a dependency of this package). Loaded lazily: the rest of the bench
// runs without that install, and the paging report then says why this baseline is missing.
import { existsSync } from 'fs';
import { join } from 'path';
import type { INodeType, IVersionedNodeType } from 'n8n-workflow';

import { registerNodeType } from '../../engine/nodeTypes';

const BASE = join(__dirname, '..', '..', '.n8n-cache', 'node_modules', 'n8n-nodes-base');

export const HTTP_REQUEST = 'n8n-nodes-base.httpRequest';
export const SPLIT_OUT = 'n8n-nodes-base.splitOut';

export interface LoadedBaseNodes {
	/** The version a new HTTP Request node gets in the editor (its default version). */
	httpRequestVersion: number;
	n8nNodesBaseVersion: string;
}

/** Registers the two nodes with the harness; throws with the reason when they cannot load. */
export function loadBaseNodes(): LoadedBaseNodes {
	if (!existsSync(BASE)) throw new Error(`n8n-nodes-base is not installed at ${BASE}`);
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { HttpRequest } = require(join(BASE, 'dist/nodes/HttpRequest/HttpRequest.node.js')) as {
		HttpRequest: new () => IVersionedNodeType;
	};
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { SplitOut } = require(join(BASE, 'dist/nodes/Transform/SplitOut/SplitOut.node.js')) as {
		SplitOut: new () => INodeType;
	};
	const versioned = new HttpRequest();
	const httpRequestVersion = versioned.description.defaultVersion ?? 4.2;
	// The harness's registry returns one node type per name, so register the version itself.
	registerNodeType(HTTP_REQUEST, versioned.getNodeType(httpRequestVersion));
	registerNodeType(SPLIT_OUT, new SplitOut());
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { version } = require(join(BASE, 'package.json')) as { version: string };
	return { httpRequestVersion, n8nNodesBaseVersion: version };
}
