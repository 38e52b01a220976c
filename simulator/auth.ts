// OAuth 2.0 client credentials: the token endpoint and bearer-token checks.
// Tokens are random opaque strings (crypto, not the seeded PRNG: nothing should depend on them).
import { randomBytes } from 'node:crypto';
import type { Clock } from './clock';

interface TokenRecord {
	expiresAt: number;
	uses: number;
}

export interface TokenResponse {
	status: number;
	body: Record<string, unknown>;
	headers: Record<string, string>;
}

export type TokenProblem = 'missing' | 'invalid' | 'expired' | 'exhausted';

export class TokenService {
	/** When set, a token answers 401 once it has served this many API requests. */
	maxRequestsPerToken: number | null = null;
	private readonly tokens = new Map<string, TokenRecord>();
	private issuedCount = 0;

	constructor(
		private readonly clock: Clock,
		private readonly lifetimeSeconds: number,
		private readonly clientId: string,
		private readonly clientSecret: string,
	) {}

	get issued(): number {
		return this.issuedCount;
	}

	/** Every token issued so far stops working now. */
	expireAll(): void {
		for (const t of this.tokens.values()) t.expiresAt = Number.NEGATIVE_INFINITY;
	}

	/** POST /oauth2/token?grant_type=client_credentials with Basic client authentication. */
	tokenRequest(rawQuery: string, headers: Record<string, string>, body: string): TokenResponse {
		const json = (
			status: number,
			b: Record<string, unknown>,
			extra: Record<string, string> = {},
		): TokenResponse => ({
			status,
			body: b,
			headers: { 'cache-control': 'no-store', ...extra },
		});
		const contentType = headers['content-type'] ?? '';
		if (!contentType.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
			return json(400, {
				error: 'invalid_request',
				error_description: 'Content-Type must be application/x-www-form-urlencoded',
			});
		}
		const queryGrant = new URLSearchParams(rawQuery).get('grant_type');
		const bodyGrant = new URLSearchParams(body).get('grant_type');
		if (queryGrant === null) {
			return json(400, {
				error: 'invalid_request',
				error_description: 'the grant_type query parameter is required',
			});
		}
		if (
			queryGrant !== 'client_credentials' ||
			(bodyGrant !== null && bodyGrant !== 'client_credentials')
		) {
			return json(400, { error: 'unsupported_grant_type' });
		}
		if (!this.basicAuthMatches(headers.authorization)) {
			return json(
				401,
				{ error: 'invalid_client' },
				{ 'www-authenticate': 'Basic realm="asset-tracking"' },
			);
		}
		const token = randomBytes(24).toString('base64url');
		this.tokens.set(token, { expiresAt: this.clock.now() + this.lifetimeSeconds * 1000, uses: 0 });
		this.issuedCount++;
		return json(200, {
			access_token: token,
			token_type: 'Bearer',
			expires_in: this.lifetimeSeconds,
		});
	}

	private basicAuthMatches(header: string | undefined): boolean {
		const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
		if (!m) return false;
		const decoded = Buffer.from(m[1], 'base64').toString('utf8');
		const colon = decoded.indexOf(':');
		if (colon < 0) return false;
		return (
			decoded.slice(0, colon) === this.clientId && decoded.slice(colon + 1) === this.clientSecret
		);
	}

	/** Checks the Authorization header of an API request and counts the use. null = accepted. */
	check(header: string | undefined): TokenProblem | null {
		if (!header) return 'missing';
		const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
		if (!m) return 'invalid';
		const record = this.tokens.get(m[1]);
		if (!record) return 'invalid';
		if (this.clock.now() >= record.expiresAt) return 'expired';
		if (this.maxRequestsPerToken !== null && record.uses >= this.maxRequestsPerToken)
			return 'exhausted';
		record.uses++;
		return null;
	}
}

export const TOKEN_PROBLEM_DETAIL: Record<TokenProblem, string> = {
	missing: 'The Authorization header with a Bearer access token is missing',
	invalid: 'The access token is not valid',
	expired: 'The access token has expired. Request a new one from the token endpoint',
	exhausted: 'The access token has expired. Request a new one from the token endpoint',
};
