/**
 * Redaction by value: the credential's secrets, in every form a server might echo them, are
 * replaced with `[redacted]` in whatever the pack hands to n8n (errors and Continue On Fail items).
 *
 * apiError.ts already removes secrets by shape (`Bearer …`, `"access_token": …`); a server that
 * echoes a bare token or the client secret inside ordinary text (a gateway's debug mode, a token
 * endpoint's `error_description`) gets past shapes, so the values themselves are searched for:
 * raw, URL-encoded (upper- and lower-case hex, `+` or `%20` for spaces), JSON-escaped (once or twice, with and
 * without `\/`) and base64 (standard and URL-safe), and the client id with the secret in HTTP Basic
 * form, plain and URL-encoded first as RFC 6749 §2.3.1 has it.
 *
 * Values shorter than 8 characters are left alone: replacing a 5-character secret wherever it
 * occurs would mangle ordinary words and ids in the messages, and such a secret is no secret.
 */
export const MIN_SECRET_LENGTH = 8;

const REDACTED = '[redacted]';

/** How deep into an error's properties (errorResponse, cause, context, …) redaction looks. */
const MAX_DEPTH = 12;

export class SecretRedactor {
	private readonly forms = new Set<string>();
	private pattern?: RegExp;

	/** Adds a secret value (a token, the client secret); short or empty values are ignored. */
	add(value: unknown): void {
		if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH) return;
		for (const form of formsOf(value)) this.addForm(form);
	}

	/** Adds the client's HTTP Basic credentials (`base64(id:secret)`), plain and URL-encoded. */
	addBasic(clientId: unknown, clientSecret: unknown): void {
		if (typeof clientSecret !== 'string' || clientSecret.length < MIN_SECRET_LENGTH) return;
		const id = typeof clientId === 'string' ? clientId : '';
		for (const [user, pass] of [
			[id, clientSecret],
			[encodeURIComponent(id), encodeURIComponent(clientSecret)],
			[formEncode(id), formEncode(clientSecret)],
		]) {
			const basic = Buffer.from(`${user}:${pass}`, 'utf8');
			this.addForm(basic.toString('base64'));
			this.addForm(basic.toString('base64url'));
		}
	}

	/** The text with every known secret form replaced. */
	text(value: string): string {
		const pattern = this.compiled();
		return pattern ? value.replace(pattern, REDACTED) : value;
	}

	/**
	 * Redacts, in place, every string reachable from the value (an error's message, stack,
	 * description, errorResponse, cause chain, context; an item's json), and returns it.
	 */
	deep<T>(value: T): T {
		if (!this.compiled()) return value;
		walk(value, (text) => this.text(text), new WeakSet(), 0);
		return value;
	}

	private addForm(form: string): void {
		if (form.length < MIN_SECRET_LENGTH || this.forms.has(form)) return;
		this.forms.add(form);
		this.pattern = undefined;
	}

	private compiled(): RegExp | undefined {
		if (this.forms.size === 0) return undefined;
		// Longest first, so a form that contains another is replaced whole.
		this.pattern ??= new RegExp(
			[...this.forms]
				.sort((a, b) => b.length - a.length)
				.map(escapeRegExp)
				.join('|'),
			'g',
		);
		return this.pattern;
	}
}

function formsOf(value: string): string[] {
	const utf8 = Buffer.from(value, 'utf8');
	const json = JSON.stringify(value).slice(1, -1);
	// An error text quoted inside another JSON string (a proxy wrapping the service's answer).
	const jsonTwice = JSON.stringify(json).slice(1, -1);
	const encoded = [encodeURIComponent(value), formEncode(value)];
	return [
		value,
		json,
		json.replace(/\//g, '\\/'),
		jsonTwice,
		...encoded,
		...encoded.map((e) => e.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase())),
		utf8.toString('base64'),
		utf8.toString('base64').replace(/=+$/, ''),
		utf8.toString('base64url'),
	];
}

/** application/x-www-form-urlencoded, as token requests are sent. */
function formEncode(value: string): string {
	return new URLSearchParams({ v: value }).toString().slice(2);
}

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function walk(
	value: unknown,
	redact: (text: string) => string,
	seen: WeakSet<object>,
	depth: number,
): void {
	if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || seen.has(value)) return;
	seen.add(value);
	const target = value as Record<string | number, unknown>;
	// An Error's message and stack are own properties but not enumerable; read them by name too.
	const keys = new Set<string>(Object.keys(target));
	if (value instanceof Error) for (const key of ['message', 'stack', 'description']) keys.add(key);
	for (const key of keys) {
		let current: unknown;
		try {
			current = target[key];
		} catch {
			continue;
		}
		if (typeof current === 'string') {
			const clean = redact(current);
			if (clean !== current) {
				try {
					target[key] = clean;
				} catch {
					// A read-only property holds no text of ours.
				}
			}
		} else {
			walk(current, redact, seen, depth + 1);
		}
	}
}
