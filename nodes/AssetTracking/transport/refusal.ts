import { NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

/**
 * A refusal of input or settings, before anything is sent: a NodeOperationError that declares
 * `configuration-invalid` (n8n-workflow's `failure`, which survives RoutingNode's re-wrap and
 * which n8n's poll scheduler reads) and keeps the pack's own message.
 *
 * n8n-workflow's NodeOperationError replaces a message that contains ENOENT, EEXIST, EPERM, ...
 * anywhere, in any case, with stock text ("lineexistence" holds "eexist": a Facility ID of that
 * name would stop with "The file or directory already exists"). The message is put back after
 * construction, as toNodeApiError does for NodeApiError.
 */
export function refusal(
	node: INode,
	message: string,
	options: { description?: string; itemIndex?: number } = {},
): NodeOperationError {
	const error = new NodeOperationError(node, message, {
		...options,
		failure: { cause: 'configuration-invalid' },
	});
	error.message = message;
	error.messages = [];
	return error;
}
