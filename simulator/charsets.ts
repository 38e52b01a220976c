// The spec's character sets. Note the OpenAPI patterns also admit a backtick; the spec does
// not, and the spec wins, so none of these (nor anything the simulator emits) contain one.

/** NAME: letters, digits, space and ! @ # $ & ( ) - . + , / and the double quote. */
export const NAME_RE = /^[a-zA-Z0-9!@#$&()\-.+,/" ]*$/;
/** TOKEN: NAME without the space. */
export const TOKEN_RE = /^[a-zA-Z0-9!@#$&()\-.+,/"]*$/;
/** ID: letters, digits, hyphen and underscore. */
export const ID_RE = /^[-_A-Za-z0-9]*$/;
export const ALNUM_RE = /^[a-zA-Z0-9]*$/;
export const UUID_RE =
	/^[a-fA-F0-9]{8}-[a-fA-F0-9]{4}-[a-fA-F0-9]{4}-[a-fA-F0-9]{4}-[a-fA-F0-9]{12}$/;

export type Charset = 'NAME' | 'TOKEN' | 'ID' | 'ALNUM';

export const CHARSET_RE: Record<Charset, RegExp> = {
	NAME: NAME_RE,
	TOKEN: TOKEN_RE,
	ID: ID_RE,
	ALNUM: ALNUM_RE,
};

export const CHARSET_WORDS: Record<Charset, string> = {
	NAME: 'letters, digits, space and ! @ # $ & ( ) - . + , / or double quote',
	TOKEN: 'letters, digits and ! @ # $ & ( ) - . + , / or double quote',
	ID: 'letters, digits, hyphen and underscore',
	ALNUM: 'letters and digits',
};

/**
 * Error titles and details must themselves stay inside NAME (the ErrorResponse schema says so),
 * yet they often quote what the client sent. Characters outside NAME become a hyphen.
 */
export function toNameText(text: string, max: number): string {
	const cleaned = text.replace(/[^a-zA-Z0-9!@#$&()\-.+,/" ]/g, '-');
	return cleaned.length > max ? cleaned.slice(0, max) : cleaned;
}
