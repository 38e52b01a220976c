import { secondOf } from '../core/identity';
import { back, fromBack } from '../core/numbers';
import type { Claim, Lane } from './lateEpisodes';

/** A moment (epoch ms) as seconds back from `base`, with `.<ms>` when not a whole second. */
export const startText = (ms: number, base: number) => {
	const rest = ((ms % 1000) + 1000) % 1000;
	return `${back(secondOf(ms), base)}${rest === 0 ? '' : `.${rest.toString(36)}`}`;
};

export function startOf(text: string, base: number): number | undefined {
	const [secondText, msText] = text.split('.');
	const second = fromBack(secondText, base);
	const ms = msText === undefined ? 0 : parseInt(msText, 36);
	return second === undefined || !(ms >= 0 && ms < 1000) ? undefined : second * 1000 + ms;
}

/**
 * An asset's reported episodes (version 6) written together, one after another with no separator:
 * `<lane><start>[+]`, the lane a capital letter (or `_` and a key, lanes.ts) that also marks where
 * each begins, the start as startText (left out when it is the one before's: alarms raised by the
 * same reading), `+` when its end was not emitted yet (most are over: nothing written).
 */
export function encodeClaims(claims: Claim[], base: number, laneText: (lane: Lane) => string) {
	let previous: number | undefined;
	return claims
		.map((c) => {
			const start = c.at === previous ? '' : startText(c.at, base);
			previous = c.at;
			return `${laneText(c.lane)}${start}${c.ended ? '' : '+'}`;
		})
		.join('');
}

/** The claims of encodeClaims' text; stops at anything unreadable. */
export function decodeClaims(
	text: string,
	base: number,
	laneOf: (text: string) => Lane | undefined,
): Claim[] {
	const claims: Claim[] = [];
	const entry = /([A-Z]|_[A-Za-z0-9_-]{3})(-?[0-9a-z]+(?:\.[0-9a-z]+)?)?(\+?)/y;
	let previous: number | undefined;
	while (entry.lastIndex < text.length) {
		const match = entry.exec(text);
		const lane = match ? laneOf(match[1]) : undefined;
		const at = match?.[2] === undefined ? previous : startOf(match[2], base);
		if (!match || lane === undefined || at === undefined) break;
		claims.push({ lane, at, ended: match[3] === '' });
		previous = at;
	}
	return claims;
}
