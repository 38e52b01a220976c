import type { IDataObject, IHttpRequestOptions, INode } from 'n8n-workflow';

import { refusal } from '../transport';
import type { Connection } from '../transport';

/**
 * n8n's Request Options (Batching, Ignore SSL Issues, Proxy, Timeout), which n8n's loader adds to
 * every node without execute(), as they reach the pack's transport. RoutingNode reads them for a
 * routed operation's own request, which the pack never sends; so the pack reads them itself, for
 * routed and custom operations alike.
 */
export interface RequestOptions extends Connection {
	/** Timeout (ms): the attempt's deadline when shorter than Advanced's Timeout. */
	timeoutMs?: number;
	/** Batching: after every `size` items (or requests of a batch create), wait `intervalMs`. */
	batching?: { size: number; intervalMs: number };
}

export function readRequestOptions(node: INode, raw: IDataObject): RequestOptions {
	const out: RequestOptions = {};
	if (typeof raw.timeout === 'number' && raw.timeout > 0) out.timeoutMs = raw.timeout;
	if (raw.allowUnauthorizedCerts === true) out.skipSslCertificateValidation = true;
	if (typeof raw.proxy === 'string' && raw.proxy.trim() !== '')
		out.proxy = proxyOf(node, raw.proxy);
	const batch = (raw.batching as IDataObject | undefined)?.batch as IDataObject | undefined;
	if (batch && Number(batch.batchSize) > 0 && Number(batch.batchInterval) > 0) {
		out.batching = { size: Number(batch.batchSize), intervalMs: Number(batch.batchInterval) };
	}
	return out;
}

/** The Proxy as n8n's request helper takes it (as RoutingNode parses it); refused when not a URL with host and port. */
function proxyOf(node: INode, text: string): IHttpRequestOptions['proxy'] {
	let url: URL | undefined;
	try {
		url = new URL(text.trim());
	} catch {
		url = undefined;
	}
	if (!url || url.hostname === '' || url.port === '') {
		// Not quoted: a proxy URL may hold a password.
		throw refusal(node, 'Invalid "Proxy": must be a URL with a host and a port', {
			description:
				'Request Options → Proxy takes a URL such as http://proxy.example.com:3128 (with user:password@ before the host when it needs them). Nothing was sent to the service.',
		});
	}
	return {
		protocol: url.protocol.replace(/:$/, ''),
		host: url.hostname,
		port: Number(url.port),
		...(url.username
			? {
					auth: {
						username: decodeURIComponent(url.username),
						password: decodeURIComponent(url.password),
					},
				}
			: {}),
	};
}
