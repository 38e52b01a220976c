import { sweepPeriodMs } from '../../nodes/AssetTracking/trigger/assets/sweep';
import { MINUTE } from './helpers';
import { runCutScenario, type CutScenario } from './cutScenario';

// Issue 34: relayed whole batches deep in the window. Labels upload their per-minute readings in
// one batch every 20-60 minutes; every third asset's uploads hold back their oldest third, which
// reaches the service later through another gateway: a whole run of old readings lands at once,
// after newer ones were served. With relays of 120 minutes the batches land 133-179 minutes after
// their timestamps; with every delay below, at every age up to the window - 1 minute (180 by
// default). Every reading that reached the lists less than a window after its timestamp, by the
// service's clock, is emitted exactly once; nothing that was in the lists at the activation is.
// Polls every 1, 5 and 7 minutes over 10 hours of the service's clock; no timing of this machine
// decides anything (the clock is the simulator's, moved by the test).
const WINDOW = 180;
const HOURS = 10;

const relayed = (name: string, step: number, over: Partial<CutScenario> = {}): CutScenario => ({
	name,
	assets: 22,
	polls: Math.round((HOURS * 60) / step),
	stepMinutes: step,
	cutAt: () => undefined,
	uploadEveryMinutes: [20, 60],
	relay: { everyNth: 3, fraction: 1 / 3, delaysMinutes: [120] },
	windowMinutes: WINDOW,
	embeds: 'newest',
	concurrency: 10,
	...over,
});

describe('relayed whole batches deep in the window (issue 34)', () => {
	it.each([1, 5, 7])(
		'relays of 120 minutes, polls every %i minutes',
		async (step) => {
			const r = await runCutScenario(relayed(`relays of 120 min, polls every ${step} min`, step));
			expect(r.expected).toBeGreaterThan(10_000);
			expect(r).toMatchObject({ lost: 0, duplicated: 0, unexpected: 0 });
		},
		900_000,
	);

	// Batches of every age up to the window - 1 minute: the oldest third of a 20-60 minute upload is
	// 13-60 minutes old when uploaded, plus a relay of 0 to 139 minutes.
	it.each([1, 5, 7])(
		'relays of every age up to the window - 1 minute, polls every %i minutes',
		async (step) => {
			const r = await runCutScenario(
				relayed(`relays of 0-139 min (ages up to ${WINDOW - 1}), polls every ${step} min`, step, {
					relay: { everyNth: 2, fraction: 1 / 3, delaysMinutes: [0, 20, 45, 70, 95, 119, 139] },
				}),
			);
			expect(r.expected).toBeGreaterThan(10_000);
			expect(r).toMatchObject({ lost: 0, duplicated: 0, unexpected: 0 });
		},
		900_000,
	);

	// The border, exactly: single readings that arrive at the window - 1 minute are emitted; at the
	// window + a sweep period + 1 minute they are below the floor and may be left (not counted).
	// The guarantee is on the service's clock: with its Date 45 minutes behind the labels' clock
	// (labels that stamp readings ahead of it), a reading that arrives 179 minutes late by the
	// service's clock is 224 minutes old by the labels': the floor must stand behind the service's
	// clock, not only behind the newest reading, or it passes these readings by.
	it.each([0, -45])(
		"the border: a reading arriving at the window - 1 minute is emitted (the service's Date %i minutes off the labels')",
		async (offset) => {
			const period = sweepPeriodMs(WINDOW * 60) / MINUTE;
			// One-minute batches: a late one holds one temperature, which arrives `delay + 1` after it.
			const late = (serviceAge: number) => serviceAge - offset - 1;
			const r = await runCutScenario({
				name: `stragglers ${WINDOW - 1} and ${WINDOW + period + 1} min late by the service's clock (Date ${offset} min off), polls every 5 min`,
				assets: 10,
				polls: 96,
				stepMinutes: 5,
				cutAt: () => undefined,
				stragglers: {
					share: 0.3,
					delaysMinutes: [late(WINDOW - 1), late(WINDOW + period + 1)],
					batchMinutes: 1,
				},
				windowMinutes: WINDOW,
				embeds: 'newest',
				dateOffsetMinutes: offset,
			});
			expect(r.border).toBeGreaterThan(50);
			expect(r).toMatchObject({ lost: 0, duplicated: 0, unexpected: 0 });
		},
		900_000,
	);
});
