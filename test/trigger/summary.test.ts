// Every item of version 4 carries `summary`: one sentence a Slack node can post as it is, with
// the asset (or the consignment, piece, asset group or printer), what happened, when and the key
// figure, written from the item's own fields. Checked for every event of every family on real
// items of an active trigger and on Fetch Test Event's.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { FAMILIES } from '../../nodes/AssetTracking/trigger/families/registry';
import { localWords, serviceWords } from '../../nodes/AssetTracking/trigger/families/words';
import { byId, MINUTE, startSimulator, stopSimulator } from './helpers';
import { ALL_EVENTS, scheduleSubjects, SUBJECTS } from './families/scenario';

const s = (value: unknown) => String(value);
/** How the node version under test writes a moment (words.test.ts holds both to literal text). */
let t: (value: unknown) => string = s;
let local = false;
/** The node version under test: version 6 tells a stay already over in the past. */
let version = 4;

/**
 * What each event's summary must say, from the item's fields: the words of what happened and the
 * values that tell when and how much. The asset's name opens every summary.
 */
const SAYS: Record<string, (j: IDataObject) => string[]> = {
	temperatureReading: (j) => [
		'reported',
		`${s(j.degreesCelsius)} °C`,
		`at ${t(j.timestamp)}`,
		...(j.crossed === 'alertAbove' ? [`above the alert bound of ${s(j.alertAbove)} °C`] : []),
		...(j.crossed === 'alertBelow' ? [`below the alert bound of ${s(j.alertBelow)} °C`] : []),
	],
	location: (j) => [
		`was at ${s(j.latitude)}, ${s(j.longitude)}`,
		...(j.accuracy === null ? [] : [`within ${s(j.accuracy)} m`]),
		`at ${t(j.locationTimestamp)}`,
	],
	excursionStarted: (j) => [
		`has been ${s(j.direction)} ${s(j.threshold)} °C`,
		`since ${t(j.startedAt)}`,
		`peak ${s(j.peakCelsius)} °C`,
	],
	excursionEnded: (j) => [
		`was ${s(j.direction)} ${s(j.threshold)} °C`,
		`for ${s(j.durationMinutes)} min`,
		`until ${t(j.endedAt)}`,
		`peak ${s(j.peakCelsius)} °C`,
	],
	// Issue 36 (version 5): alarms.test.ts runs them; these say what their sentences carry.
	excursionOngoing: (j) => [
		`is still ${s(j.direction)} ${s(j.threshold)} °C`,
		`after ${s(j.openMinutes)} min`,
		`reminder ${s(j.reminder)}`,
		`peak ${s(j.peakCelsius)} °C`,
	],
	alarmRaised: (j) => [
		`${s(j.direction)} ${s(j.threshold)} °C`,
		`since ${t(j.startedAt)}`,
		`raised ${t(j.raisedAt)}`,
		`peak ${s(j.peakCelsius)} °C`,
	],
	alarmOngoing: (j) => [
		`still ${s(j.direction)} ${s(j.threshold)} °C`,
		`after ${s(j.openMinutes)} min`,
		`reminder ${s(j.reminder)}`,
		`now ${s(j.latestCelsius)} °C`,
	],
	alarmCleared: (j) => [
		`back from ${s(j.direction)} ${s(j.threshold)} °C`,
		`at ${t(j.clearedAt)}`,
		`after ${s(j.durationMinutes)} min`,
		`raised ${t(j.raisedAt)}`,
	],
	enteredSpace: (j) => [`entered space ${s(j.spaceName)}`, `at ${t(j.enteredOn)}`],
	leftSpace: (j) => [`left space ${s(j.spaceName)}`, `at ${t(j.exitedOn)}`],
	enteredFacility: (j) => [`entered facility ${s(j.facilityName)}`, `at ${t(j.enteredOn)}`],
	leftFacility: (j) => [`left facility ${s(j.facilityName)}`, `at ${t(j.exitedOn)}`],
	wentSilent: (j) => ['went silent', `${s(j.silentMinutes)} min`, `at ${t(j.lastSeenAt)}`],
	reportingAgain: (j) => [
		'reporting again',
		`at ${t(j.resumedAt)}`,
		`after ${s(j.silentMinutes)} min`,
	],
	budgetConsumed: (j) => [
		`has used ${s(j.percent)}% of its stability budget`,
		`${s(j.consumedMinutes)} of ${s(j.budgetMinutes)} min out of range`,
		`at ${t(j.reachedAt)}`,
		`${s(j.remainingMinutes)} min left`,
	],
	consignmentActivated: (j) => [
		'was activated',
		`at ${t(j.activatedAt)}`,
		...(j.facilityId === null ? [] : [`in facility ${s(j.facilityName ?? j.facilityId)}`]),
	],
	pieceEnteredFacility: (j) => [
		`of consignment ${s(j.trackingRef ?? j.consignmentId)}`,
		`entered facility ${s(j.facilityName ?? j.facilityId)}`,
		`at ${t(j.enteredOn)}`,
	],
	pieceLeftFacility: (j) => [
		`of consignment ${s(j.trackingRef ?? j.consignmentId)}`,
		`left facility ${s(j.facilityName ?? j.facilityId)}`,
		...(j.exitedOn === null ? [] : [`at ${t(j.exitedOn)}`]),
	],
	consignmentArrived: (j) => [
		`arrived at facility ${s(j.facilityName ?? j.facilityId)}`,
		`at ${t(j.arrivedAt)}`,
		`${s(j.piecesArrived)} of ${s(j.piecesTotal)} pieces`,
	],
	consignmentCompleted: (j) => [
		'is complete',
		// Version 5 names the facility (facilityName); version 4 gave its ID.
		`all ${s(j.piecesTotal)} pieces in facility ${s(j.facilityName ?? j.facilityId)}`,
		`at ${t(j.completedAt)}`,
	],
	consignmentDeactivated: (j) => [
		'was deactivated',
		`at ${t(j.deactivatedAt)}`,
		...(j.facilityId === null ? [] : [`in facility ${s(j.facilityName ?? j.facilityId)}`]),
	],
	assetGroupUnavailable: (j) => [
		'is unavailable',
		...(j.count === null ? [] : [`${s(j.count)} assets present`]),
		`fewer than its threshold of ${s(j.availabilityThreshold)}`,
		`at ${t(j.observedAt)}`,
	],
	assetGroupAvailable: (j) => [
		'is available again',
		...(j.count === null ? [] : [`${s(j.count)} assets present`]),
		`threshold ${s(j.availabilityThreshold)}`,
		`at ${t(j.observedAt)}`,
	],
	printerOffline: (j) => ['went offline', `at ${t(j.observedAt)}`],
	printerOnline: (j) => ['came online', `at ${t(j.observedAt)}`],
	dwellExceeded: (j) => {
		const over = version >= 6 && j.exitedOn !== undefined;
		return [
			`${over ? 'was' : 'has been'} in ${s(j.place)} ${s(j[`${s(j.place)}Name`] ?? j[`${s(j.place)}Id`])}`,
			`for more than ${s(j.limitMinutes)} min`,
			`${over ? 'from' : 'since'} ${t(j.enteredOn)}`,
			...(j.exitedOn === undefined ? [] : [`left ${t(j.exitedOn)}`]),
		];
	},
	consignmentOverdue: (j) => [
		'is overdue',
		`not delivered to facility ${s(j.facilityName ?? j.facilityId)}`,
		`due ${t(j.dueAt)}`,
		`${s(j.piecesArrived)} of ${s(j.piecesTotal)} pieces arrived`,
	],
};

/** What opens each summary: the asset's name, or the subject's (its reference or name, else its ID). */
function opening(j: IDataObject): string {
	const event = s(j.event);
	if (event.startsWith('piece')) return `Piece ${s(j.pieceTrackingRef ?? j.pieceId)} `;
	if (event.startsWith('consignment')) return `Consignment ${s(j.trackingRef ?? j.consignmentId)} `;
	if (event.startsWith('assetGroup'))
		return `Asset group ${s(j.assetGroupName ?? j.assetGroupId)} `;
	if (event.startsWith('printer')) return `Printer ${s(j.printerName ?? j.printerId)} `;
	return `Asset ${s(j.assetName)} `;
}

function expectSummary(j: IDataObject): void {
	const summary = j.summary as string;
	expect(typeof summary).toBe('string');
	expect(summary.startsWith(opening(j))).toBe(true);
	for (const words of SAYS[s(j.event)](j)) {
		if (!summary.includes(words)) throw new Error(`${s(j.event)}: "${summary}" lacks "${words}"`);
	}
	// One sentence of plain text, nothing a missing field would leave behind.
	expect(summary).not.toMatch(/\n|undefined|null|NaN|\[object/);
	// From version 5 no moment is left in the service's format.
	if (local) expect(summary).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d/);
}

describe.each([
	[4, undefined, serviceWords],
	[5, 'Europe/Berlin', localWords('Europe/Berlin')],
	[6, 'Europe/Berlin', localWords('Europe/Berlin', 6)],
])('summary (version %i, time zone %s)', (typeVersion, timezone, words) => {
	const v = { typeVersion, timezone };
	beforeAll(() => {
		t = words.time;
		local = timezone !== undefined;
		version = typeVersion;
	});

	it('the table covers every event of every family', () => {
		const events = FAMILIES.flatMap((family) => family.events.map((choice) => choice.value));
		expect(Object.keys(SAYS).sort()).toEqual([...new Set(events)].sort());
	});

	it('every item of an active trigger, for every event, says its event in its own fields; so does every Fetch Test Event item', async () => {
		const { sim, n8n } = await startSimulator({ labelledAssets: 0, historyMinutes: 60 });
		try {
			const ws = sim.seed.workspaceId;
			const spaces = sim.spacesOf(ws);
			const north = spaces.filter((space) => space.facilityId === spaces[0].facilityId);
			const south = spaces.filter((space) => space.facilityId !== spaces[0].facilityId);
			const ids = [
				...sim.addLabelledAssets(ws, 2, {
					temperatureProfile: { bound: 8, side: 'above' },
					inSpaceIds: [north[0].id],
				}),
				...sim.addLabelledAssets(ws, 2, {
					temperatureProfile: { bound: 2, side: 'below' },
					inSpaceIds: [south[0].id],
				}),
			];
			const parameters = {
				events: ALL_EVENTS,
				scope: 'workspace',
				workspaceId: byId(ws),
				options: {
					maxTemperature: 8,
					minTemperature: 2,
					silentAfterMinutes: 20,
					budgetMinutes: 10,
				},
			} as unknown as INodeParameters;
			// Consignments, printers and asset groups changing over the hour (issue 27's events), from
			// after the activation: their activations are news.
			const start = sim.clock.now();
			scheduleSubjects(sim, ws, SUBJECTS, start + 5 * MINUTE, start + 60 * MINUTE);
			const staticData: IDataObject = {};
			expect(await n8n.poll(parameters, staticData, 'trigger', 'activate', v)).toBeNull();
			sim.quietLabel(ids[1], sim.clock.now() + 5 * MINUTE, sim.clock.now() + 40 * MINUTE);
			const items: IDataObject[] = [];
			for (let minute = 1; minute <= 60; minute++) {
				sim.clock.advance(MINUTE);
				// Between facilities every 10 minutes: space and facility events.
				if (minute % 10 === 0) {
					const to = minute % 20 === 0 ? north[0] : south[0];
					sim.moveAsset(ids[minute % 3 === 0 ? 2 : 0], [to.id]);
				}
				for (const item of (await n8n.poll(parameters, staticData, 'trigger', 'activate', v)) ?? [])
					items.push(item.json);
			}
			expect([...new Set(items.map((j) => j.event))].sort()).toEqual([...ALL_EVENTS].sort());
			for (const j of items) expectSummary(j);

			const samples = (await n8n.poll(parameters, {}, 'manual', 'manual', v))!.map((i) => i.json);
			expect(samples.map((j) => j.event)).toEqual(ALL_EVENTS);
			for (const j of samples) expectSummary(j);
		} finally {
			await stopSimulator(sim);
		}
	}, 300_000);
});
