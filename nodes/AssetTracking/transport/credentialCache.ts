import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import type { RequestContext } from './context';
import { SecretRedactor } from './secrets';

/** What the transport needs from the credential record, read once. */
export interface CredentialSnapshot {
	/** The service's base URL without a trailing slash. */
	baseUrl: string;
	/** The token endpoint without its query, to name it in errors. */
	tokenUrl?: string;
	/**
	 * The stored access token when n8n would sign with it as a Bearer header; undefined when
	 * there is none yet (n8n fetches the first one) or n8n would sign some other way.
	 */
	bearer?: string;
}

/**
 * The credential, read once per client (one execution or one poll) instead of once per request.
 *
 * n8n's authenticated request helper reads and decrypts the credential on every call (about a
 * fifth of the trigger's CPU at 1,000 requests a poll). The client reads it here once and signs
 * with the stored token itself, exactly as n8n's OAuth2 helper would (`Authorization: Bearer`);
 * every token change still goes through n8n (first fetch, refresh under its lock), and after
 * one the client calls `reload` so the new token is used from the next request on.
 */
export class CredentialCache {
	private current?: Promise<CredentialSnapshot>;
	/** Every secret value any read of the credential held (old tokens too), for redaction. */
	readonly secrets = new SecretRedactor();

	constructor(
		private readonly ctx: RequestContext,
		private readonly credentialType: string,
	) {}

	/** The snapshot, read on first use; concurrent first callers share one read. */
	async get(): Promise<CredentialSnapshot> {
		return await (this.current ?? this.read());
	}

	/** Reads the credential again (its token changed), unless a read is already under way. */
	async reload(after?: Promise<CredentialSnapshot>): Promise<CredentialSnapshot> {
		if (after === undefined || this.current === after) return await this.read();
		return await this.get();
	}

	/** The promise of the current snapshot, to pass to `reload` (so a wave reloads once). */
	get pending(): Promise<CredentialSnapshot> | undefined {
		return this.current;
	}

	private read(): Promise<CredentialSnapshot> {
		const read = this.ctx.getCredentials(this.credentialType).then((credentials) => {
			this.learn(credentials);
			return snapshotOf(credentials);
		});
		this.current = read;
		// A failed read is not kept: the next request reads again (the caller gets the error).
		read.catch(() => {
			if (this.current === read) this.current = undefined;
		});
		return read;
	}

	/** Notes the secrets of a credential read (here or by the caller) for redaction. */
	learn(credentials: ICredentialDataDecryptedObject): void {
		const tokenData = credentials.oauthTokenData as
			| { access_token?: unknown; refresh_token?: unknown }
			| undefined;
		this.secrets.add(credentials.clientSecret);
		this.secrets.addBasic(credentials.clientId, credentials.clientSecret);
		this.secrets.add(tokenData?.access_token);
		this.secrets.add(tokenData?.refresh_token);
	}
}

export function snapshotOf(credentials: ICredentialDataDecryptedObject): CredentialSnapshot {
	const snapshot: CredentialSnapshot = {
		baseUrl: String(credentials.baseUrl ?? '').replace(/\/+$/, ''),
	};
	if (credentials.accessTokenUrl)
		snapshot.tokenUrl = String(credentials.accessTokenUrl).replace(/[?#].*$/, '');
	const tokenData = credentials.oauthTokenData as
		| { access_token?: unknown; token_type?: unknown }
		| undefined;
	const token = tokenData?.access_token;
	const tokenType = tokenData?.token_type;
	// n8n's OAuth2 token signs as a Bearer header unless the token type says otherwise.
	const bearerType = typeof tokenType !== 'string' || tokenType.toLowerCase() === 'bearer';
	if (typeof token === 'string' && token !== '' && bearerType) snapshot.bearer = token;
	return snapshot;
}
