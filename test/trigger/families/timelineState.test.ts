// Trigger version 6's complete timeline kept small in the saved state (the 2,000-asset bound of
// 256 KiB): an asset's reported episodes together in one part, each alarm's key by its letter in
// the state's table of keys; version 5's memories are written exactly as before (no table).
import type { IDataObject } from 'n8n-workflow';

import { alarms } from '../../../nodes/AssetTracking/trigger/families/alarms';
import type { AlarmTimeline } from '../../../nodes/AssetTracking/trigger/families/alarmTimeline';
import { excursions } from '../../../nodes/AssetTracking/trigger/families/excursions';
import { Lanes } from '../../../nodes/AssetTracking/trigger/core/lanes';
import { emptyState } from '../../../nodes/AssetTracking/trigger/state/model';
import { parseState, serialiseState } from '../../../nodes/AssetTracking/trigger/state/format';

const BASE = 1_800_000_000;
const T = (BASE - 4560) * 1000;

/** Two alarms raised by the same reading and open, a count, two episodes over, one not yet. */
const timeline = (): AlarmTimeline => ({
	open: new Map<string, never>([
		[
			'WOY',
			{ startedAt: T, peak: 9.8, started: true, raisedAt: T + 300_000, reminders: 2 } as never,
		],
		['JEP', { startedAt: T, peak: 9.8, started: false, reminders: 0 } as never],
		['89U', { count: 3, firstAt: T, peak: 8.4, raised: false } as never],
	]),
	anchor: new Map(),
	claims: [
		{ lane: '-m7', at: T - 60_000, ended: true },
		{ lane: '7bk', at: T - 60_000, ended: true },
		{ lane: '7bk', at: T + 250, ended: false },
	],
});

describe("version 6's reported episodes and alarm keys in the saved state", () => {
	it('alarms: letters from the table, repeated starts and trailing empty fields left out; read back the same', () => {
		const lanes = new Lanes();
		const text = alarms.encode(timeline(), BASE, lanes);
		expect(text).toBe('Ae3io~9.8~3ac~2,Be=,Cc3~3io~8.4*D3kcEE3io.6y+');
		expect(lanes.keys).toEqual(['WOY', 'JEP', '89U', '-m7', '7bk']);
		const read = alarms.decode(text, BASE, new Lanes(lanes.keys));
		expect(read).toEqual(timeline());
		// Without a table (a memory decoded on its own): the keys themselves.
		const keyed = alarms.encode(timeline(), BASE);
		expect(keyed).toContain('*_-m73kc_7bk_7bk3io.6y+');
		expect(alarms.decode(keyed, BASE)).toEqual(timeline());
	});

	it('excursions: the reported episodes in one part, A above and B below, + for one not over', () => {
		const memory = {
			above: { startedAt: T, peak: 9.8, started: false },
			anchor: {},
			claims: [
				{ lane: 'below', at: T - 60_000, ended: true },
				{ lane: 'above', at: T - 60_000, ended: true },
				{ lane: 'below', at: T, ended: false },
			],
		};
		const text = excursions.encode(memory as never, BASE);
		expect(text).toBe('aP3io~9.8,B3kcAB3io+');
		expect(excursions.decode(text, BASE)).toEqual(memory);
	});

	it('the state: a table of keys only for version 6 memories; version 5 memories as they were', () => {
		const state = emptyState(180 * 60, false);
		state.watermark = BASE;
		state.known = new Set(['AST-1', 'AST-2']);
		const v5 = new Map<string, never>([['WOY', { count: 0, raised: true } as never]]);
		state.families.set('alarms', new Map<string, unknown>([['AST-1', v5]]));
		const saved = serialiseState(state, [alarms]);
		expect(saved.lanes).toBeUndefined();
		expect((saved.memories as IDataObject).alarms).toBe('WOYc!|');
		state.families.set(
			'alarms',
			new Map<string, unknown>([
				['AST-1', v5],
				['AST-2', timeline()],
			]),
		);
		const v6 = serialiseState(state, [alarms]);
		expect(v6.lanes).toEqual({ alarms: 'WOY,JEP,89U,-m7,7bk' });
		expect((v6.memories as IDataObject).alarms).toBe(
			'Ac!|Ae3io~9.8~3ac~2,Be=,Cc3~3io~8.4*D3kcEE3io.6y+',
		);
		const read = parseState(v6, [alarms])!;
		expect(read.families.get('alarms')).toEqual(
			new Map<string, unknown>([
				['AST-1', v5],
				['AST-2', timeline()],
			]),
		);
		expect(serialiseState(read, [alarms])).toEqual(v6);
	});
});
