import * as workflow from 'n8n-workflow';
import type { IExecuteFunctions } from 'n8n-workflow';

import { refusal } from '../transport';

/** A parameter no node has: reading it makes n8n throw its own error, of n8n's n8n-workflow. */
const PROBE = '__assetTrackingWorkflowCopy';

/**
 * Refuses to run when n8n runs the node with another copy of n8n-workflow than the one the pack
 * loaded: npm 7 and later install a package's peers, so `npm install` of the pack where n8n keeps
 * its nodes may put a second n8n-workflow beside it. n8n's RoutingNode tells its errors by
 * `instanceof` and re-wraps the pack's, losing their declared cause and putting n8n's stock text
 * in place of a message holding ENOENT, EEXIST, ... (an ID such as "lineexistence"): no shape of
 * the error survives that, so the node stops at once and says how to mend the install. Checked
 * once per run of the node: n8n's error for a parameter it does not know is of n8n's copy; a
 * class of that name that is not this copy's tells two copies apart.
 */
export function assertOneWorkflowCopy(ctx: IExecuteFunctions): void {
	try {
		(ctx.getNodeParameter as (name: string) => unknown)(PROBE);
	} catch (error) {
		if (isOtherCopy(error)) {
			throw refusal(ctx.getNode(), SECOND_COPY, { description: HOW_TO_MEND });
		}
	}
}

/** Whether an error's class, or a class it extends, is named as one of this copy's but is not it. */
function isOtherCopy(error: unknown): boolean {
	const exports = workflow as unknown as Record<string, unknown>;
	for (
		let prototype =
			error !== null && typeof error === 'object' ? Object.getPrototypeOf(error) : null;
		prototype && prototype !== Error.prototype;
		prototype = Object.getPrototypeOf(prototype)
	) {
		const named = (prototype as { constructor?: { name?: string } }).constructor;
		const ours = named?.name ? exports[named.name] : undefined;
		if (typeof ours === 'function' && ours !== named) return true;
	}
	return false;
}

const SECOND_COPY =
	'A second copy of n8n-workflow is installed beside the Asset Tracking nodes, so n8n cannot read their errors';

const HOW_TO_MEND =
	"npm 7 and later install a package's peers: n8n-workflow came in beside the nodes, and n8n runs with its own. In the folder the nodes were installed in (~/.n8n/nodes; in Docker as the node user), run `npm install --legacy-peer-deps`, which takes that copy out, then restart n8n. Nothing was sent to the service.";
