import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import type { RequestContext } from './context';

/**
 * One first token fetch per credential per n8n process.
 *
 * When a client-credentials credential holds no token yet (new, re-imported, token data
 * cleared), n8n fetches one inside the request helper and stores it in the credential record,
 * without any lock: every execution that starts before the token is stored fetches its own
 * (20 token requests for a cold wave on 2 workers × concurrency 10 with a 2 s token endpoint).
 * Refreshes after a 401 are different: n8n runs those under its own lock.
 *
 * So while the credential is cold, one request per credential id goes ahead (n8n fetches and
 * stores the token on the way) and the others of this process wait for it to settle, then read
 * the credential again, which n8n reads afresh from its database: they find the stored token
 * and send with it. If the first request failed before a token was stored, the next waiter
 * takes the lead. What is kept here is a promise per credential id that settles to nothing:
 * no token, no secret.
 */
const firstRequestInFlight = new Map<string, Promise<void>>();

/**
 * Held by one client (one execution or poll): until one of its requests has gone through, its
 * requests pass the first-token check; after that they go straight to n8n.
 */
export class FirstTokenGate {
	private tokenSeen = false;

	constructor(
		private readonly ctx: RequestContext,
		private readonly credentialType: string,
	) {}

	async send<T>(send: () => Promise<T>): Promise<T> {
		if (this.tokenSeen) return await send();
		const result = await sendWithFirstTokenOnce(this.ctx, this.credentialType, send);
		this.tokenSeen = true;
		return result;
	}
}

async function sendWithFirstTokenOnce<T>(
	ctx: RequestContext,
	credentialType: string,
	send: () => Promise<T>,
): Promise<T> {
	const credentialId = ctx.getNode().credentials?.[credentialType]?.id;
	if (!credentialId) return await send();
	for (;;) {
		const pending = firstRequestInFlight.get(credentialId);
		if (pending) {
			await pending;
			continue;
		}
		const credentials = await ctx.getCredentials(credentialType);
		if (holdsAccessToken(credentials)) return await send();
		// Another request may have taken the lead while the credential was being read.
		if (firstRequestInFlight.has(credentialId)) continue;
		const result = send();
		const settled = result.then(
			() => undefined,
			() => undefined,
		);
		firstRequestInFlight.set(credentialId, settled);
		void settled.then(() => {
			if (firstRequestInFlight.get(credentialId) === settled)
				firstRequestInFlight.delete(credentialId);
		});
		return await result;
	}
}

/** The test n8n itself makes before fetching a first client-credentials token. */
function holdsAccessToken(credentials: ICredentialDataDecryptedObject): boolean {
	const tokenData = credentials.oauthTokenData as { access_token?: unknown } | undefined;
	return (
		credentials.grantType !== 'clientCredentials' ||
		(tokenData !== undefined && typeof tokenData === 'object' && Boolean(tokenData.access_token))
	);
}
