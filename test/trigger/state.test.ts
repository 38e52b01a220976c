/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not published, runs outside n8n: eslint.dev.config.mjs lints it */
import type { IDataObject } from 'n8n-workflow';

import {
	DISTRUSTED,
	embedIsQuiet,
	nextTrust,
	observe,
} from '../../nodes/AssetTracking/trigger/assets/hint';
import { dueSlots, sweepPeriodMs, sweepSlot } from '../../nodes/AssetTracking/trigger/assets/sweep';
import { readingKey } from '../../nodes/AssetTracking/trigger/core/identity';
import { mapWithLimit } from '../../nodes/AssetTracking/trigger/core/pool';
import {
	advance,
	baseline,
	identityOf,
	isNew,
	startingAfter,
	type KindMemory,
} from '../../nodes/AssetTracking/trigger/assets/seen';
import { FAMILIES } from '../../nodes/AssetTracking/trigger/families/registry';
import { parseState, serialiseState } from '../../nodes/AssetTracking/trigger/state/format';
import { migrateV2 } from '../../nodes/AssetTracking/trigger/state/migrate';
import { emptyState } from '../../nodes/AssetTracking/trigger/state/model';
import type { Reading } from '../../nodes/AssetTracking/trigger/assets/types';

const T0 = 1_767_225_600; // 2026-01-01T00:00:00Z, in seconds
const fix = (second: number, latitude: number, extra = {}): Reading => ({
	ts: second * 1000,
	item: {
		timestamp: new Date(second * 1000).toISOString().slice(0, 19) + 'Z',
		coordinate: { latitude, longitude: 1 },
		...extra,
	},
});
const temp = (minute: number): Reading => ({
	ts: (T0 + minute * 60) * 1000,
	item: { timestamp: new Date((T0 + minute * 60) * 1000).toISOString(), degreesCelsius: minute },
});
const HOUR_S = 3600;

describe('reading keys', () => {
	it('are short, stable under key order, and ignore lastSeenTimestamp', () => {
		const a = readingKey({ timestamp: 'T', coordinate: { latitude: 1, longitude: 2 } });
		expect(a).toHaveLength(4);
		expect(readingKey({ coordinate: { longitude: 2, latitude: 1 }, timestamp: 'T' })).toBe(a);
		expect(
			readingKey({
				timestamp: 'T',
				coordinate: { latitude: 1, longitude: 2 },
				lastSeenTimestamp: 'X',
			}),
		).toBe(a);
		expect(readingKey({ timestamp: 'T', coordinate: { latitude: 1.1, longitude: 2 } })).not.toBe(a);
	});
});

describe('what is new (the late-readings window)', () => {
	it('the activation emits nothing and remembers the reach behind the newest reading: the window and a sweep period', () => {
		// A 60-minute window sweeps every 10 minutes: the memory reaches 70 minutes back.
		const memory = advance(baseline(), 'temperature', [0, 10, 50, 70, 71].map(temp), HOUR_S);
		expect(memory.newest).toBe(T0 + 71 * 60);
		expect(memory.floor).toBe(T0 + 1 * 60);
		expect([...memory.seen].sort()).toEqual(
			[10, 50, 70, 71].map((m) => String(T0 + m * 60)).sort(),
		);
	});

	it('a late reading inside the window is new once; one older than the window never is', () => {
		const memory = advance(baseline(), 'temperature', [50, 70, 71].map(temp), HOUR_S);
		expect(isNew(memory, 'temperature', temp(60))).toBe(true); // late, inside the window
		expect(isNew(memory, 'temperature', temp(70))).toBe(false); // seen
		expect(isNew(memory, 'temperature', temp(72))).toBe(true); // newer
		// 60 minutes behind the newest, but a sweep period may pass before the sweep looks.
		expect(isNew(memory, 'temperature', temp(5))).toBe(true);
		expect(isNew(memory, 'temperature', temp(1))).toBe(false); // at the floor: too old
		const after = advance(memory, 'temperature', [72, 71, 70, 60, 50].map(temp), HOUR_S);
		expect(isNew(after, 'temperature', temp(60))).toBe(false);
		expect(after.floor).toBe(T0 + 2 * 60);
	});

	it('twin location fixes sharing a second are told apart by their content key', () => {
		const memory = advance(baseline(), 'location', [fix(T0, 2)], HOUR_S);
		expect(isNew(memory, 'location', fix(T0, 2))).toBe(false);
		expect(isNew(memory, 'location', fix(T0, 3))).toBe(true);
		expect(identityOf('location', fix(T0, 3))).toMatch(/^\d+:[\w-]{4}$/);
	});

	it('the floor never goes down: a wider window brings nothing forgotten back', () => {
		const memory = advance(baseline(), 'temperature', [100, 120].map(temp), HOUR_S);
		const wider = advance(memory, 'temperature', [121, 120, 100, 50].map(temp), 3 * HOUR_S);
		expect(wider.floor).toBe(memory.floor);
		expect(wider.floor).toBe(T0 + 50 * 60);
		expect(isNew(wider, 'temperature', temp(45))).toBe(false);
	});

	it('an asset that joins starts from the given second; an empty activation makes everything new', () => {
		const joined = startingAfter(T0 + 600);
		expect(isNew(joined, 'temperature', temp(10))).toBe(false);
		expect(isNew(joined, 'temperature', temp(11))).toBe(true);
		const empty = advance(baseline(), 'temperature', [], HOUR_S);
		expect(empty.floor).toBe(Number.NEGATIVE_INFINITY);
		expect(isNew(empty, 'temperature', temp(-1000))).toBe(true);
	});
});

describe('saved state (version 6)', () => {
	const readingState = () => {
		const state = emptyState(3 * HOUR_S, false);
		state.watermark = T0 + 3600;
		state.lastPoll = 1_800_000_000_000;
		state.serviceTime = (T0 + 3700) * 1000;
		state.resume = 'A2';
		state.hints = { temperature: { order: 'n', newest: 2, trust: 5 }, location: { order: 'o' } };
		const temps = advance(baseline(), 'temperature', [0, 1, 2, 3, 5, 60].map(temp), 3 * HOUR_S);
		const fixes = advance(
			baseline(),
			'location',
			[fix(T0, 1), fix(T0, 2), fix(T0 + 1200, 3)],
			3 * HOUR_S,
		);
		state.assets.set('A1', { temperature: temps, location: fixes });
		state.assets.set('A2', { temperature: startingAfter(T0 + 600) });
		state.assets.set('A3', {
			location: { floor: Number.NEGATIVE_INFINITY, newest: null, seen: new Set() },
		});
		for (const id of ['A1', 'A2', 'A3', 'A4']) state.known.add(id);
		return state;
	};

	it('round-trips through its readable static data form, keyed by list and family name', () => {
		const state = readingState();
		state.families.set('readings', new Map());
		state.families.set(
			'excursions',
			new Map<string, unknown>([
				['A1', { above: { startedAt: (T0 + 60) * 1000, peak: 9.4, started: true } }],
			]),
		);
		state.families.set(
			'spaces',
			new Map<string, unknown>([
				[
					'A4',
					new Map([
						['abcd', 'open'],
						['wxyz', 'exited'],
					]),
				],
			]),
		);
		state.families.set(
			'silence',
			new Map<string, unknown>([
				['A2', T0 + 60],
				['A3', { pending: true, quietUntil: (T0 + 3700) * 1000 }],
			]),
		);
		state.started.set('excursions', T0 + 60);
		const saved = JSON.parse(JSON.stringify(serialiseState(state, FAMILIES)));
		expect(saved).toMatchObject({
			version: 6,
			watermark: '2026-01-01T01:00:00.000Z',
			windowMinutes: 180,
			serviceTime: '2026-01-01T01:01:40.000Z',
			resume: 'A2',
			hints: { temperature: 'n,2,5', location: 'o,,' },
			families: {
				readings: null,
				excursions: '2026-01-01T00:01:00.000Z',
				spaces: null,
				silence: null,
			},
			assets: ['A1', 'A2', 'A3', 'A4'],
		});
		// Temperatures: newest 0 s back from the watermark; seen 0 s, 55 min, and a run of four
		// a minute apart from 57 min back. Locations: newest 40 min back, then each fix's gap ("." for
		// none, 1,200 s as the base64url "Sw") and content key.
		const [t1, t2, t3, t4] = saved.memories.temperature.split('|');
		expect(t1).toBe('0:0,2jo,2n0+1o*4');
		expect(t2).toBe('/2bc'); // starts 50 min before the watermark
		expect([t3, t4]).toEqual(['', '']);
		expect(saved.memories.location).toMatch(/^1uo;\.[\w-]{4}Sw[\w-]{4}\.[\w-]{4}\|\|\/\*\|$/);
		// The excursion's start, 59 min before the watermark.
		expect(saved.memories.excursions).toBe('aS2qc~9.4|||');
		expect(saved.memories.spaces).toBe('|||abcd,wxyzx');
		expect(saved.memories.silence).toMatch(/^\|2qc\|~[0-9a-z]+\|$/);
		expect(saved.memories.readings).toBeUndefined();

		const back = parseState(saved, FAMILIES)!;
		expect(back.assets).toEqual(state.assets);
		expect(back.known).toEqual(state.known);
		expect(back.families).toEqual(state.families);
		expect(back.started).toEqual(state.started);
		expect(back.watermark).toBe(state.watermark);
		expect(back.serviceTime).toBe(state.serviceTime);
		expect(back.resume).toBe('A2');
		expect(back.lastPoll).toBe(state.lastPoll);
	});

	it("keeps the subjects of each kind and their families' memories, per subject in list order (version 5)", () => {
		const state = readingState();
		state.subjects.set('consignments', ['C1', 'C2', 'C3']);
		state.subjects.set('printers', ['P1', 'P2']);
		state.families.set(
			'pieceMovements',
			new Map<string, unknown>([
				['C1', { watch: { from: (T0 + 3000) * 1000 }, entries: new Map([['abcd', 'open']]) }],
				['C2', { watch: { done: (T0 + 60) * 1000 }, entries: new Map() }],
				['C3', { pending: true, quietUntil: (T0 + 3700) * 1000, news: true }],
			]),
		);
		state.families.set('arrivals', new Map<string, unknown>([['C2', { arrived: true }]]));
		state.families.set(
			'printerStatus',
			new Map<string, unknown>([
				['P1', false],
				['P2', 'u'],
			]),
		);
		const saved = JSON.parse(JSON.stringify(serialiseState(state, FAMILIES)));
		expect(saved.subjects).toEqual({ consignments: ['C1', 'C2', 'C3'], printers: ['P1', 'P2'] });
		// Numbers count back from the service's clock at the poll (T0 + 3700 s): 700 s = "jg".
		expect(saved.memories.pieceMovements).toMatch(/^fjg:abcd\.\|![0-9a-z]+\|~\+[0-9a-z]+$/);
		expect(saved.memories.arrivals).toBe('|A|');
		expect(saved.memories.printerStatus).toBe('0|u');
		const back = parseState(saved, FAMILIES)!;
		expect(back.subjects).toEqual(state.subjects);
		for (const name of ['pieceMovements', 'arrivals', 'printerStatus'])
			expect(back.families.get(name)).toEqual(state.families.get(name));
	});

	it('reads version 4 as version 5 without subjects: their families start afresh, the assets keep their place', () => {
		const state = readingState();
		state.families.set('silence', new Map<string, unknown>([['A2', T0]]));
		const saved = { ...serialiseState(state, FAMILIES), version: 4 };
		const back = parseState(saved, FAMILIES)!;
		expect(back.subjects.size).toBe(0);
		expect(back.families.has('pieceMovements')).toBe(false);
		expect(back.assets).toEqual(state.assets);
		expect(back.families.get('silence')).toEqual(new Map([['A2', T0]]));
	});

	it('reads version 5 as the previous release saved it, and saves it as version 6 with nothing lost and fewer bytes', () => {
		// Three assets of a version 5 state of issue 36's 2,000-asset run, as that release wrote it.
		const v5 = {
			version: 5,
			watermark: '2026-01-01T00:21:00.000Z',
			windowMinutes: 180,
			summaryLocations: false,
			lastPoll: '2026-01-01T00:21:00.000Z',
			serviceTime: '2026-01-01T00:21:00.000Z',
			resume: null,
			hints: {},
			families: ['readings', 'excursions', 'assetDwell', 'stabilityBudget', 'alarms'],
			assets: ['A1', 'A2', 'A3'],
			memories: {
				temperature: '0/ap0:0+1o*2a|0/a00:0+1o*2a|sc:0+1o*1t',
				location:
					'q/bl9:0qd_M,y5QS4E,weQGY_,x77U12,xoB_rw|w/ao2:0lY72,0zWi4,x6NP5o,x93CUO,0wCr9,y9xjQY,wfUEKJ,0ZPzt|xy:0fr1G,0qOS7,ydtcG7,x0priS,wcnkPz',
				excursions: 'asmjuophs0~8.2^go~1|asmjuomx6o~9.8^go~1|',
				assetDwell: ':.i16mBq85|:.i16mBq85|:.i16mBq85',
				stabilityBudget: '8~28~8.2~6.5~z0|i~2s~9.8~6.4~z0|0~~6.7~6.3~z0',
				alarms:
					'WOYep0~8.2~go~2,89Uc8~p0~8.2~z0,-m7ep0~8.2~k0~2#0|WOYesc~9.8~k0~2,JEPesc~9.8~bo~1,89Uc!,-m7esc~9.8~nc~2#0|89Uzz0',
			},
		};
		const state = parseState(v5, FAMILIES)!;
		expect(state.started.size).toBe(0);
		expect(state.assets.get('A2')!.location!.seen.size).toBe(8);
		expect(state.families.get('excursions')!.get('A1')).toEqual({
			above: {
				startedAt: parseInt('mjuophs0', 36),
				peak: 8.2,
				started: true,
				detectedAt: (Math.floor(parseInt('mjuophs0', 36) / 1000) + 600) * 1000,
				reminders: 1,
			},
		});
		const v6 = JSON.parse(JSON.stringify(serialiseState(state, FAMILIES)));
		expect(v6.version).toBe(6);
		const again = parseState(v6, FAMILIES)!;
		expect(again.assets).toEqual(state.assets);
		expect(again.families).toEqual(state.families);
		// Its starts unknown, the counts keep theirs (z0: 21 minutes before the watermark).
		expect(v6.memories.stabilityBudget).toBe(v5.memories.stabilityBudget);
		expect(v6.memories.alarms).toBe(v5.memories.alarms);
		for (const name of ['location', 'excursions', 'assetDwell'] as const)
			expect({ name, shorter: v6.memories[name].length < v5.memories[name].length }).toEqual({
				name,
				shorter: true,
			});
	});

	it('drops the memories of a family it does not know, and reads no other version as its own', () => {
		const state = readingState();
		state.families.set('silence', new Map<string, unknown>([['A2', T0]]));
		const saved = serialiseState(state, FAMILIES);
		const withoutSilence = FAMILIES.filter((family) => family.name !== 'silence');
		expect(parseState(saved, withoutSilence)!.families.size).toBe(0);
		expect(parseState({ ...saved, version: 2 }, FAMILIES)).toBeNull();
		expect(parseState({}, FAMILIES)).toBeNull();
	});

	it('reads version 3, whose omitted floors stand a window behind the newest reading, not a reach', () => {
		const state = readingState();
		const saved = serialiseState(state, FAMILIES);
		const v4 = parseState(saved, FAMILIES)!.assets.get('A1')!.temperature!;
		const v3 = parseState({ ...saved, version: 3 }, FAMILIES)!.assets.get('A1')!.temperature!;
		// 3 hours, and a sweep period of 30 minutes.
		expect(v4.floor).toBe(v4.newest! - 3 * HOUR_S - 1800);
		expect(v3.floor).toBe(v3.newest! - 3 * HOUR_S);
	});

	it('reads version 2 (one "<temperature>|<location>" string per asset) without losing a place', () => {
		const state = readingState();
		// Explicit floors: version 2 leaves out a floor a window behind the newest reading.
		for (const entry of state.assets.values())
			for (const memory of Object.values(entry)) if (memory.newest !== null) memory.floor = T0 - 5;
		const v3 = serialiseState(state, FAMILIES);
		const temperature = (v3.memories as IDataObject).temperature as string;
		const location = (v3.memories as IDataObject).location as string;
		const assets: IDataObject = {};
		(v3.assets as string[]).forEach((id, i) => {
			if (state.assets.has(id))
				assets[id] = `${temperature.split('|')[i]}|${location.split('|')[i]}`;
		});
		const v2 = { ...v3, version: 2, assets, memories: undefined, families: undefined };
		const migrated = migrateV2(v2)!;
		expect(migrated.assets).toEqual(state.assets);
		expect(migrated.watermark).toBe(state.watermark);
		expect(migrated.hints).toEqual(state.hints);
		expect([...migrated.families.keys()]).toEqual(['readings']);
		expect(migrateV2({ ...v2, version: 1 })).toBeNull();
	});
});

describe("the asset list's embedded readings", () => {
	const memory: KindMemory = advance(baseline(), 'location', [fix(12, 2), fix(12, 3)], HOUR_S);
	const before = { ...memory };

	it('call an asset quiet only when they show exactly the newest readings remembered', () => {
		expect(embedIsQuiet('location', [fix(12, 3)], memory)).toBe(true);
		expect(embedIsQuiet('location', [fix(13, 3)], memory)).toBe(false);
		expect(embedIsQuiet('location', [fix(12, 4)], memory)).toBe(false);
		expect(embedIsQuiet('location', [], memory)).toBe(false);
		expect(embedIsQuiet('location', undefined, memory)).toBe(false);
		expect(embedIsQuiet('location', [fix(12, 3)], startingAfter(0))).toBe(false);
	});

	it('are confirmed when they show the newest reading a list holds', () => {
		expect(
			observe('location', [fix(14, 5)], before, [fix(14, 5), fix(13, 1), fix(12, 2)], false),
		).toBe('confirmed');
		// No older reading in the list: an oldest-first embed of a one-reading asset proves nothing.
		expect(observe('location', [fix(14, 5)], undefined, [fix(14, 5)], false)).toBeUndefined();
		expect(
			observe('location', [fix(13, 1)], before, [fix(14, 5), fix(13, 1), fix(12, 2)], false),
		).toBeUndefined();
	});

	it('are contradicted when older than a memory from an earlier poll, and missed when wrongly quiet', () => {
		expect(observe('location', [fix(11, 1)], before, [fix(14, 5), fix(11, 1)], false)).toBe(
			'contradicted',
		);
		expect(observe('location', [fix(12, 2)], before, [fix(14, 5), fix(12, 2)], true)).toBe(
			'missed',
		);
	});

	it('earn trust by confirmation, lose it for good by contradiction, start over on a miss', () => {
		expect(nextTrust(0, ['confirmed', 'confirmed', undefined])).toBe(1);
		expect(nextTrust(5, [undefined])).toBe(5);
		expect(nextTrust(5, ['confirmed', 'missed'])).toBe(0);
		expect(nextTrust(5, ['confirmed', 'contradicted'])).toBe(DISTRUSTED);
		expect(nextTrust(DISTRUSTED, ['confirmed'])).toBe(DISTRUSTED);
	});

	it.each([
		[180, 30],
		[20, 20 / 6],
		[720, 60],
	])(
		'sweep every asset in full once per period, a sixth of the window and at most an hour (window %i min: every %d min)',
		(windowMinutes, everyMinutes) => {
			const period = sweepPeriodMs(windowMinutes * 60);
			expect(period).toBeCloseTo(everyMinutes * 60_000, 6);
			const slot = sweepSlot('AST-0001');
			const due = new Set<number>();
			const start = 1_800_000_000_000;
			for (let t = start; t < start + period; t += 30_000) {
				const isDue = dueSlots(t, t + 30_000, period);
				for (let s = 0; s < 60; s++) if (isDue(s)) due.add(s);
			}
			expect(due.size).toBe(60);
			expect(dueSlots(start, start + period, period)(slot)).toBe(true);
			expect(dueSlots(null, start, period)(slot)).toBe(false);
		},
	);
});

describe('bounded concurrency', () => {
	const tick = () => new Promise((resolve) => setImmediate(resolve));

	it('never runs more than the limit at once, and keeps input order', async () => {
		let running = 0;
		let most = 0;
		const results = await mapWithLimit(
			Array.from({ length: 50 }, (_, i) => i),
			7,
			async (i) => {
				running++;
				most = Math.max(most, running);
				await tick();
				running--;
				return i * 2;
			},
		);
		expect(most).toBe(7);
		expect(results).toEqual(Array.from({ length: 50 }, (_, i) => i * 2));
	});

	it('after a failure starts nothing new, lets running tasks finish, then throws the first error', async () => {
		const started: number[] = [];
		let finished = 0;
		const run = mapWithLimit(
			Array.from({ length: 20 }, (_, i) => i),
			4,
			async (i) => {
				started.push(i);
				if (i === 1) throw new Error('boom 1');
				await tick();
				finished++;
				return i;
			},
		);
		await expect(run).rejects.toThrow('boom 1');
		expect(started).toEqual([0, 1, 2, 3]);
		expect(finished).toBe(3);
	});

	it('stops starting tasks once told to, leaving their results undefined', async () => {
		let count = 0;
		const results = await mapWithLimit([1, 2, 3, 4, 5], 1, async (i) => ++count && i, {
			mayStart: () => count < 2,
		});
		expect(results).toEqual([1, 2, undefined, undefined, undefined]);
	});

	it('asks about each task before it starts, so tasks let through still start', async () => {
		const asked: number[] = [];
		// Odd inputs are let through whatever the budget says: the first refusal stops the lanes.
		const results = await mapWithLimit([1, 3, 4, 5], 2, async (i) => i, {
			mayStart: (i) => (asked.push(i), i % 2 === 1),
		});
		expect(results).toEqual([1, 3, undefined, undefined]);
		expect(asked).toEqual([1, 3, 4, 4]);
	});
});
