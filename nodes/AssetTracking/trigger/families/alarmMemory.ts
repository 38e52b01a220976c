import type { OpenExcursion } from '../../coldChain/excursion';
import { secondOf } from '../core/identity';
import { b36, back, fromBack, p36 } from '../core/numbers';
import { ALARM_KEY_LENGTH } from './alarmOption';
import type { CountedFrom } from './counting';

/** A consecutive alarm's open episode, as an excursion, with when it was raised. */
export interface Episode extends OpenExcursion {
	spaceId?: string;
	/** In the saved state: the space's place among the alarm's spaces (its key holds them). */
	spaceIndex?: number;
	raisedAt?: number;
	reminders: number;
}

/** A cumulative alarm's count: one minute per reading beyond, from the activation, never reset. */
export interface Count extends CountedFrom {
	count: number;
	/** The first counted reading (epoch ms). */
	firstAt?: number;
	peak?: number;
	raised: boolean;
}

/** An asset's alarms, by the alarm's key. */
export type AlarmMemory = Map<string, Episode | Count>;

export const isCount = (state: Episode | Count): state is Count => 'count' in state;

/**
 * The saved form, per alarm `<key><kind><body>`: `c!` a raised count, `z<from>` nothing counted
 * yet, `c<count>~<first>~<peak>~<from>` a count, `e<start>~<peak>~<raised>~<reminders>` an open
 * episode, then its space (`#<place among the alarm's>` or `@<id>`).
 */
export function encodeAlarms(memory: AlarmMemory, base: number): string {
	return [...memory]
		.map(([key, state]) => {
			if (isCount(state)) {
				// Raised: nothing more to count.
				if (state.raised) return `${key}c!`;
				const from = state.from === undefined ? '' : back(state.from, base);
				// Nothing counted yet: where counting starts (every asset has it for a while).
				if (state.count === 0) return `${key}z${from}`;
				const first = state.firstAt === undefined ? '' : back(secondOf(state.firstAt), base);
				return `${key}c${b36(state.count)}~${first}~${state.peak ?? ''}~${from}`;
			}
			const raised =
				state.raisedAt === undefined
					? ''
					: `${back(secondOf(state.raisedAt), base)}~${b36(state.reminders)}`;
			// A space by its place among the alarm's (1 character, not its 20-character id).
			const space =
				state.spaceIndex !== undefined
					? `#${b36(state.spaceIndex)}`
					: state.spaceId === undefined
						? ''
						: `@${state.spaceId}`;
			return `${key}e${back(secondOf(state.startedAt), base)}~${state.peak}~${raised}${space}`;
		})
		.join(',');
}

export function decodeAlarms(encoded: string, base: number): AlarmMemory | undefined {
	const memory: AlarmMemory = new Map();
	for (const part of encoded.split(',')) {
		const key = part.slice(0, ALARM_KEY_LENGTH);
		const kind = part[ALARM_KEY_LENGTH];
		const [rest, spaceId] = part.slice(ALARM_KEY_LENGTH + 1).split('@');
		const [body, spaceIndex] = rest.split('#');
		const fields = body.split('~');
		if (kind === 'c' && body === '!') {
			memory.set(key, { count: 0, raised: true });
		} else if (kind === 'z') {
			memory.set(key, {
				count: 0,
				raised: false,
				...(body ? { from: fromBack(body, base) } : {}),
			});
		} else if (kind === 'c') {
			// count~first~peak~from (the first saves had a raised field before from).
			const [count, first, peak] = fields;
			const from = fields.at(-1);
			const state: Count = {
				count: p36(count),
				raised: fields.length === 5 && fields[3] === '1',
			};
			if (!Number.isFinite(state.count)) continue;
			const firstSecond = first ? fromBack(first, base) : undefined;
			if (firstSecond !== undefined) state.firstAt = firstSecond * 1000;
			if (peak !== undefined && peak !== '') state.peak = Number(peak);
			if (from) state.from = fromBack(from, base);
			memory.set(key, state);
		} else if (kind === 'e') {
			const [started, peak, raised, reminders] = fields;
			const startedSecond = fromBack(started ?? '', base);
			if (startedSecond === undefined || !Number.isFinite(Number(peak))) continue;
			const raisedSecond = raised ? fromBack(raised, base) : undefined;
			const state: Episode = {
				startedAt: startedSecond * 1000,
				peak: Number(peak),
				started: raisedSecond !== undefined,
				reminders: reminders ? p36(reminders) : 0,
			};
			if (raisedSecond !== undefined) state.raisedAt = raisedSecond * 1000;
			if (spaceId) state.spaceId = spaceId;
			if (spaceIndex) state.spaceIndex = p36(spaceIndex);
			memory.set(key, state);
		}
	}
	return memory.size > 0 ? memory : undefined;
}
